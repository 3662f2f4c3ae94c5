import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { dcdesk } from '../support/cli';
import { tempDir } from '../support/files';
import { sampleTransaction } from '../support/transactions';

/**
 * dcdesk uses the addresses saved with `dcdesk settings set` (the same settings as the app): a
 * local server stands in for the production service at its saved address.
 */
let saved: SandboxHandle;
const work = tempDir('dcdesk-cli-saved-address-');
const credentials = { DCDESK_USERNAME: 'analyst', DCDESK_PASSWORD: 'a-password-of-test' };
const cli = (...args: string[]) => dcdesk([...args, '--data-dir', work.dir], credentials);

function lookupArgs(n: number): string[] {
  const t = sampleTransaction(n);
  return ['lookup', '--session-id', t.sessionID, '--external-id', t.externalID];
}

beforeAll(async () => {
  saved = await startSandbox();
});
afterAll(async () => {
  await saved.close();
  work.remove();
});

describe('the saved address of an environment', () => {
  it('is where dcdesk sends, and what it answers is filed under the environment', async () => {
    const set = await cli('settings', 'set', 'productionBaseUrl', `${saved.url}/`);
    expect(set.code, set.stderr).toBe(0);

    const looked = await cli(...lookupArgs(1), '--env', 'production', '-v');
    expect(looked.code, looked.stderr).toBe(0);
    expect(looked.stderr).toContain(`service: ${saved.url}/ (production, production paths)`);
    expect(saved.counters().insights).toBe(1);

    // The same address given as --base-url is the environment too, as the app files it.
    const given = await cli(...lookupArgs(2), '--env', 'production', '--base-url', saved.url);
    expect(given.code, given.stderr).toBe(0);
    expect(saved.counters().insights).toBe(2);

    const auth = await cli('auth', '--env', 'production', '--json');
    expect(auth.code, auth.stderr).toBe(0);
    expect(JSON.parse(auth.stdout)).toMatchObject({ environment: 'production' });

    const listed = JSON.parse((await cli('batches', '--json')).stdout) as Array<{
      environment: string;
    }>;
    expect(listed.map((batch) => batch.environment)).toEqual(['production', 'production']);

    // Commands that only read the history agree: the saved address, however written, is production.
    const url = saved.url.replace('http://', 'HTTP://');
    const report = await cli('report', '--env', 'production', '--base-url', url, '--json');
    expect(report.code, report.stderr).toBe(0);
    expect(JSON.parse(report.stdout)).toMatchObject({ environment: 'production' });
  });

  it('leaves another address its own destination', async () => {
    const other = await startSandbox();
    try {
      const looked = await cli(...lookupArgs(3), '--env', 'production', '--base-url', other.url);
      expect(looked.code, looked.stderr).toBe(0);
      const listed = JSON.parse((await cli('batches', '--json')).stdout) as Array<{
        environment: string;
      }>;
      expect(listed[0]?.environment).toBe(other.url);
    } finally {
      await other.close();
    }
  });
});
