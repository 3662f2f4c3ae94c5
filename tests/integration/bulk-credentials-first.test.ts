import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { dcdesk } from '../support/cli';
import { tempDir, writeTransactionsCsv } from '../support/files';
import { sampleTransaction } from '../support/transactions';

// The real Secret Service, under a service name of our own that holds no credentials.
const keychain = { DCDESK_KEYCHAIN_SERVICE: `Device Check Desk bulk tests ${randomUUID()}` };
let guarded: SandboxHandle;
const work = tempDir('dcdesk-credentials-first-');
beforeAll(async () => {
  guarded = await startSandbox({ credentials: { username: 'analyst', password: 'right' } });
  writeTransactionsCsv(work.file('input.csv'), 300);
});
afterAll(async () => {
  await guarded.close();
  work.remove();
});

const target = () => ['--env', 'test', '--base-url', guarded.url, '--data-dir', work.dir];
const storedBatches = async () =>
  JSON.parse((await dcdesk(['batches', '--json', '--data-dir', work.dir])).stdout) as unknown[];

describe('dcdesk bulk checks the credentials before storing anything', () => {
  it('without credentials: the exit code of auth (2), no batch stored, no lookup sent', async () => {
    const auth = await dcdesk(['auth', ...target()], keychain);
    const bulk = await dcdesk(
      ['bulk', work.file('input.csv'), '--output', work.file('out.json'), ...target()],
      keychain,
    );
    expect(auth.code).toBe(2);
    expect(bulk.code, bulk.stderr).toBe(auth.code);
    expect(bulk.stderr).toMatch(/No credentials for the test environment/);
    expect(await storedBatches()).toEqual([]);
    expect(guarded.counters().insights).toBe(0);
  });

  it('lookup too: without credentials it exits as auth does and stores nothing', async () => {
    const t = sampleTransaction(1);
    const lookup = await dcdesk(
      ['lookup', '--session-id', t.sessionID, '--external-id', t.externalID, ...target()],
      keychain,
    );
    expect(lookup.code, lookup.stderr).toBe(2);
    expect(lookup.stderr).toMatch(/No credentials for the test environment/);
    expect(await storedBatches()).toEqual([]);
  });

  it('with refused credentials: the exit code of auth (3), no batch stored', async () => {
    const wrong = { ...keychain, DCDESK_USERNAME: 'analyst', DCDESK_PASSWORD: 'wrong' };
    const auth = await dcdesk(['auth', ...target()], wrong);
    const bulk = await dcdesk(
      ['bulk', work.file('input.csv'), '--output', work.file('out.json'), ...target()],
      wrong,
    );
    expect(auth.code).toBe(3);
    expect(bulk.code, bulk.stderr).toBe(3);
    expect(await storedBatches()).toEqual([]);
    expect(guarded.counters().insights).toBe(0);
  });

  it('with working credentials: stores and runs the batch', async () => {
    const right = { ...keychain, DCDESK_USERNAME: 'analyst', DCDESK_PASSWORD: 'right' };
    const bulk = await dcdesk(
      ['bulk', work.file('input.csv'), '--output', work.file('out.json'), ...target()],
      right,
    );
    expect(bulk.code, bulk.stderr).toBe(0);
    expect(await storedBatches()).toHaveLength(1);
  });
});
