import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { dcdesk } from '../support/cli';
import { tempDir, writeTransactionsCsv } from '../support/files';

const rows = 5;
let sandbox: SandboxHandle;
const work = tempDir('dcdesk-retry-failed-');
beforeAll(async () => {
  sandbox = await startSandbox();
  writeTransactionsCsv(work.file('input.csv'), rows);
});
afterAll(async () => {
  await sandbox.close();
  work.remove();
});

const target = () => ['--data-dir', work.dir, '--base-url', sandbox.url, '--concurrency', '1'];

describe('dcdesk bulk after the service failed and came back', () => {
  it('says how many rows failed and how to retry them, exits 4, and --retry-failed sends them', async () => {
    // Every lookup fails with 500: each row fails after its three attempts.
    sandbox.configure({ faults: { 500: 1 } });
    const first = await dcdesk([
      'bulk',
      work.file('input.csv'),
      '--output',
      work.file('out.json'),
      ...target(),
    ]);
    expect(first.code, first.stderr).toBe(4);
    const id = /batch (\S+): 5 rows from/.exec(first.stderr)?.[1] ?? '';
    expect(first.stderr).toContain(
      `dcdesk: 5 rows failed (no usable answer: the service did not answer, failed, or answered outside its interface; the output says which); send them again with: dcdesk bulk --resume ${id} --output ${work.file('out.json')} --retry-failed`,
    );

    sandbox.configure({ faults: {} });
    sandbox.resetCounters();
    const again = await dcdesk([
      'bulk',
      '--resume',
      id,
      '--retry-failed',
      '--output',
      work.file('out.json'),
      ...target(),
    ]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('dcdesk: 5 failed rows will be sent again.');
    expect(again.stderr).not.toMatch(/rows failed/);
    expect(Object.values(sandbox.counters().perExternalId)).toEqual([1, 1, 1, 1, 1]);
  });
});
