import { readFileSync, writeFileSync } from 'node:fs';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { dcdesk } from '../support/cli';
import { tempDir } from '../support/files';
import { sampleTransaction } from '../support/transactions';

let sandbox: SandboxHandle;
const work = tempDir('dcdesk-cli-xlsx-escapes-');
beforeAll(async () => (sandbox = await startSandbox()));
afterAll(async () => {
  await sandbox.close();
  work.remove();
});

describe('dcdesk bulk --output f.xlsx', () => {
  it('keeps IDs that look like Excel escapes, overlapping ones included, as they were', async () => {
    // `_x005F_x0041_` holds two escapes sharing an underscore; a reader turned it into `_x005FA`.
    const ids = ['_x005F_x0041_', '_x0041_x0042_', 'PED_X0041_'];
    const csv = [
      'externalID,sessionID',
      ...ids.map((id, index) => `${id},${sampleTransaction(index + 1).sessionID}`),
    ].join('\r\n');
    writeFileSync(work.file('pedidos.csv'), csv);
    const run = await dcdesk([
      'bulk',
      work.file('pedidos.csv'),
      '--output',
      work.file('out.xlsx'),
      ...['--data-dir', work.dir, '--base-url', sandbox.url],
    ]);
    expect(run.code).toBe(0);
    const book = XLSX.read(readFileSync(work.file('out.xlsx')), { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<{ externalID: string }>(
      book.Sheets[book.SheetNames[0] ?? ''] as XLSX.WorkSheet,
    );
    expect(rows.map((row) => row.externalID)).toEqual(ids);
  });
});
