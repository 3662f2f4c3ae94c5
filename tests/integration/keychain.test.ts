import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { AsyncEntry } from '@napi-rs/keyring';
import { afterEach, describe, expect, it } from 'vitest';
import { createKeychainStore } from '../../electron/core/credentials/keychain';
import { credentialsSource } from '../../electron/core/credentials/source';

// The real Secret Service on the private bus of tests/support/secret-service.ts. Each run uses
// its own service name, so it never meets an entry of the app or of another test file.
const service = `Device Check Desk tests ${randomUUID()}`;
const store = createKeychainStore({ service });
const analyst = { username: 'analyst@example.com', password: 'c0rrect horse battery staple' };

afterEach(async () => {
  await store.remove('production');
  await store.remove('test');
});

describe('the keychain store', () => {
  it('saves, reads, reports and removes the credentials of one environment', async () => {
    expect(await store.has('production')).toEqual({ ok: true, value: false });
    expect(await store.read('production')).toEqual({ ok: true, value: null });
    expect(await store.save('production', analyst)).toEqual({ ok: true, value: undefined });
    expect(await store.read('production')).toEqual({ ok: true, value: analyst });
    expect(await store.has('production')).toEqual({ ok: true, value: true });
    expect(await store.username('production')).toEqual({ ok: true, value: analyst.username });
    expect(await store.remove('production')).toEqual({ ok: true, value: true });
    expect(await store.remove('production')).toEqual({ ok: true, value: false });
    expect(await store.username('production')).toEqual({ ok: true, value: null });
  });

  it('keeps the environments apart', async () => {
    await store.save('production', analyst);
    await store.save('test', { username: 'homolog', password: 'other' });
    expect(await store.username('production')).toEqual({ ok: true, value: analyst.username });
    expect(await store.username('test')).toEqual({ ok: true, value: 'homolog' });
    await store.remove('test');
    expect(await store.read('production')).toEqual({ ok: true, value: analyst });
  });

  it('overwrites, trims the user name and keeps a unicode password exactly', async () => {
    await store.save('test', analyst);
    const unicode = { username: '  zoë  ', password: ' pässwörd 🔑 "quoted" \\ end ' };
    expect((await store.save('test', unicode)).ok).toBe(true);
    expect(await store.read('test')).toEqual({
      ok: true,
      value: { username: 'zoë', password: unicode.password },
    });
  });

  it('stores the credentials as JSON under the environment name, in the Secret Service', async () => {
    await store.save('production', analyst);
    const entry = new AsyncEntry(service, 'production', { linux: { store: 'secret-service' } });
    expect(JSON.parse((await entry.getPassword()) ?? 'null')).toEqual(analyst);
  });

  it('refuses the sandbox, empty and oversized input, never echoing the password', async () => {
    expect(await store.save('sandbox', analyst)).toMatchObject({ error: { code: 'config' } });
    expect(await store.read('sandbox')).toMatchObject({ error: { code: 'config' } });
    const refused = [
      await store.save('production', { username: ' ', password: 'secret-1' }),
      await store.save('production', { username: 'analyst', password: '' }),
      await store.save('production', { username: 'ana\nlyst', password: 'secret-2' }),
      await store.save('production', {
        username: 'analyst',
        password: `secret-3${'x'.repeat(1017)}`,
      }),
    ];
    for (const result of refused) {
      expect(result).toMatchObject({ ok: false, error: { code: 'validation' } });
      expect(JSON.stringify(result)).not.toMatch(/secret-\d/);
    }
    expect(await store.has('production')).toEqual({ ok: true, value: false });
    const longest = { username: 'analyst', password: 'p'.repeat(1024) };
    expect((await store.save('production', longest)).ok).toBe(true);
  });

  it('reports an entry in another format as keychain_unavailable, without its content', async () => {
    const entry = new AsyncEntry(service, 'test', { linux: { store: 'secret-service' } });
    await entry.setPassword('plain-text-password');
    const read = await store.read('test');
    expect(read).toMatchObject({ ok: false, error: { code: 'keychain_unavailable' } });
    expect(read.ok ? '' : read.error.message).toMatch(/test environment are not in the expected/);
    expect(JSON.stringify(read)).not.toContain('plain-text-password');
    expect((await store.has('test')).ok).toBe(false);
    expect(await store.remove('test')).toEqual({ ok: true, value: true });
  });

  it('feeds the service client: override, then sandbox, then keychain, else a config error', async () => {
    const production = credentialsSource({ environment: 'production', store });
    expect(await production()).toMatchObject({ ok: false, error: { code: 'config' } });
    await store.save('production', analyst);
    expect(await production()).toEqual({ ok: true, value: analyst });
    const override = { username: 'env', password: 'env-password' };
    const overridden = credentialsSource({ environment: 'production', store, override });
    expect(await overridden()).toEqual({ ok: true, value: override });
    const sandbox = credentialsSource({ environment: 'sandbox', store });
    expect(await sandbox()).toEqual({
      ok: true,
      value: { username: 'sandbox', password: 'sandbox' },
    });
  });
});

/** Runs the store in a child process whose D-Bus address leads nowhere. */
function withoutSecretService(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const module = new URL('../../electron/core/credentials/keychain.ts', import.meta.url).href;
  const script = `
    const { createKeychainStore } = await import(${JSON.stringify(module)});
    const store = createKeychainStore({ service: ${JSON.stringify(service)} });
    const results = [
      await store.save('production', { username: 'analyst', password: 'never-shown-42' }),
      await store.read('production'),
      await store.has('test'),
      await store.remove('test'),
    ];
    console.log(JSON.stringify(results));`;
  const env = { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/dcdesk-bus' };
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '--eval', script],
      { env },
      (error, stdout, stderr) =>
        resolve({ code: error ? (error.code as number) : 0, stdout, stderr }),
    );
  });
}

describe('without a Secret Service', () => {
  it('answers keychain_unavailable with a clear message, never crashing or leaking', async () => {
    const run = await withoutSecretService();
    expect(run.code, run.stderr).toBe(0);
    const results = JSON.parse(run.stdout) as unknown[];
    expect(results).toHaveLength(4);
    for (const result of results) {
      expect(result).toMatchObject({
        ok: false,
        error: {
          code: 'keychain_unavailable',
          message:
            'The OS keychain is unavailable (no Secret Service is running): credentials cannot be saved or read.',
        },
      });
    }
    expect(run.stdout + run.stderr).not.toContain('never-shown-42');
  });
});
