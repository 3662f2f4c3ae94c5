import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeychainStore } from '../../../electron/core/credentials/keychain';
import { dcdesk } from '../../support/cli';
import { tempDir } from '../../support/files';
import { postgresMissing, startCluster, type Cluster } from '../../support/postgres';
import { occurrences, secretForms } from '../../support/secret-scan';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const missing = postgresMissing();
if (missing) console.warn(`Skipping the team password tests: ${missing}`);

// The real Secret Service of tests/support/secret-service.ts, under a service name of our own.
const service = `Device Check Desk team tests ${randomUUID()}`;
const env = { DCDESK_KEYCHAIN_SERVICE: service, DCDESK_ANALYST: 'Ana' };
const password = 'team Pa55 wörd';

// Skipped only where Debian's PostgreSQL is not installed (the reason is printed above); CI installs
// it, so they run there. On a machine that skips them, nothing about the team database is proven.
describe.skipIf(missing)('the team database password lives only in the keychain', () => {
  let cluster: Cluster;
  const work = tempDir('dcdesk-team-password-');
  beforeAll(async () => {
    cluster = await startCluster({ password });
  });
  afterAll(async () => {
    await cluster.destroy();
    work.remove();
  });

  const url = () => {
    const { user, port, database } = cluster.connection;
    return `postgresql://${user}@127.0.0.1:${String(port)}/${database}`;
  };
  const run = (argv: string[], stdin = '') => dcdesk([...argv, '--data-dir', work.dir], env, stdin);

  it('refuses a wrong password, saving nothing', async () => {
    const wrong = await run(['team', 'connect', url(), '--password-stdin'], 'not it\n');
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/refused the user .* or its password/);
    expect(wrong.stderr).not.toContain('not it');
    expect((await run(['team', 'status'])).stdout).toMatch(/No team database/);
    const saved = await createKeychainStore({ service }).teamPassword.read(url());
    expect(saved).toEqual({ ok: true, value: null });
  });

  it('connects with the password from stdin, syncs from the keychain, forgets it on disconnect', async () => {
    const connected = await run(['team', 'connect', url(), '--password-stdin'], `${password}\n`);
    expect(connected.code, connected.stderr).toBe(0);
    expect(connected.stdout).toContain(`team database: ${url()}`);
    const synced = await run(['team', 'sync', '--json']);
    expect(synced.code, synced.stderr).toBe(0);

    // Nowhere in the data folder, in any encoding.
    for (const entry of readdirSync(work.dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const bytes = readFileSync(path.join(entry.parentPath, entry.name));
      for (const form of secretForms(password))
        expect(occurrences(bytes, form), entry.name).toBe(0);
    }
    for (const output of [connected, synced])
      expect(output.stdout + output.stderr).not.toContain(password);

    const gone = await run(['team', 'disconnect']);
    expect(gone.code).toBe(0);
    const saved = await createKeychainStore({ service }).teamPassword.read(url());
    expect(saved).toEqual({ ok: true, value: null });
  });
});
