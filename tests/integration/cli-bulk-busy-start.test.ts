import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { runBin } from '../support/cli';
import { tempDir, writeTransactionsCsv } from '../support/files';
import { holdHistoryLock } from '../support/history-lock';

/**
 * A new batch that cannot be stored because another process holds the history past the busy
 * timeout is said as every busy write is (exit 2, README), not as SQLite's "database is locked"
 * with exit 1. Built CLI (`node scripts/build.mjs cli`); the lock holder is another process.
 */
let sandbox: SandboxHandle;
const work = tempDir('dcdesk-cli-bulk-busy-');
beforeAll(async () => (sandbox = await startSandbox()));
afterAll(async () => {
  await sandbox.close();
  work.remove();
});

it('dcdesk bulk started while another process writes the history says it is busy, exit 2', async () => {
  const dataDir = work.file('data');
  expect((await runBin(['batches'], { DCDESK_DATA_DIR: dataDir })).code).toBe(0);
  writeTransactionsCsv(work.file('in.csv'), 3);
  const lock = await holdHistoryLock(dataDir, 9_000);
  const run = await runBin(
    ['bulk', work.file('in.csv'), '-o', work.file('out.json'), '--base-url', sandbox.url],
    { DCDESK_DATA_DIR: dataDir },
  );
  await lock.released;
  expect(run.stderr).not.toContain('database is locked');
  expect(run.stderr).toContain(
    'The batch could not be stored: the history is busy: another dcdesk or the app is writing the history',
  );
  expect(run.code, run.stderr).toBe(2);
}, 30_000);
