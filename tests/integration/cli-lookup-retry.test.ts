import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { dcdesk } from '../support/cli';
import { tempDir } from '../support/files';
import { sampleTransaction } from '../support/transactions';

let sandbox: SandboxHandle;
const work = tempDir('dcdesk-lookup-retry-');
beforeAll(async () => (sandbox = await startSandbox()));
afterAll(async () => {
  await sandbox.close();
  work.remove();
});

const lookup = (n: number) => {
  const transaction = sampleTransaction(n);
  return dcdesk([
    'lookup',
    '--session-id',
    transaction.sessionID,
    '--external-id',
    transaction.externalID,
    '--base-url',
    sandbox.url,
    '--data-dir',
    work.dir,
  ]);
};

describe('dcdesk lookup when the service has a passing failure', () => {
  for (const status of [429, 500, 503]) {
    it(`tries again after a ${String(status)}, as a batch does, and answers`, async () => {
      sandbox.resetCounters();
      sandbox.forceNext(status, { route: 'insights', count: 2, retryAfter: '0' });
      const run = await lookup(status);
      expect(run.code, run.stderr).toBe(0);
      expect(sandbox.counters().insights).toBe(3);
    });
  }

  it('stops after three attempts and says the service failed', async () => {
    sandbox.resetCounters();
    sandbox.forceNext(503, { route: 'insights', count: 3, retryAfter: '0' });
    const run = await lookup(7);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/unavailable/);
    expect(sandbox.counters().insights).toBe(3);
  });

  it('does not try again a request the service refused as invalid', async () => {
    sandbox.resetCounters();
    sandbox.forceNext(400, { route: 'insights' });
    const run = await lookup(8);
    expect(run.code).toBe(1);
    expect(sandbox.counters().insights).toBe(1);
  });
});
