/**
 * Changing only the user name of saved credentials (issue O-1): the window sends the new name
 * with an empty password, and the core keeps the password already in the keychain, which never
 * travels to the window. With no password saved, the same call is refused and says what to type.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createKeychainStore } from '../../electron/core/credentials/keychain';
import { testCore } from '../support/test-core';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

async function openCore() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dcdesk-user-only-'));
  dirs.push(dataDir);
  const keychain = createKeychainStore({ service: `Device Check Desk tests ${randomUUID()}` });
  return { core: await testCore(dataDir, { keychain }), keychain };
}

describe('credentials.save with the user name only', () => {
  it('keeps the saved password under the new user name', async () => {
    const { core, keychain } = await openCore();
    try {
      const first = await core.call('credentials.save', {
        environment: 'test',
        username: 'ana.test',
        password: 'Sênha 1',
      });
      expect(first.ok).toBe(true);
      const renamed = await core.call('credentials.save', {
        environment: 'test',
        username: 'ana.other',
        password: '',
      });
      expect(renamed.ok).toBe(true);
      expect(JSON.stringify(renamed)).not.toContain('Sênha 1');
      expect(await keychain.read('test')).toEqual({
        ok: true,
        value: { username: 'ana.other', password: 'Sênha 1' },
      });
    } finally {
      await keychain.remove('test');
      await core.close();
    }
  });

  it('is refused, saying a password is needed, when none is saved', async () => {
    const { core, keychain } = await openCore();
    try {
      const saved = await core.call('credentials.save', {
        environment: 'production',
        username: 'ana',
        password: '',
      });
      expect(saved).toMatchObject({
        ok: false,
        error: { code: 'validation', message: expect.stringMatching(/password/i) as unknown },
      });
      expect(await keychain.read('production')).toEqual({ ok: true, value: null });
    } finally {
      await core.close();
    }
  });
});
