import { writeFileSync } from 'node:fs';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { dcdesk } from '../support/cli';
import { tempDir } from '../support/files';
import { sampleTransaction } from '../support/transactions';

let sandbox: SandboxHandle;
const work = tempDir('dcdesk-cli-hidden-');
beforeAll(async () => (sandbox = await startSandbox()));
afterAll(async () => {
  await sandbox.close();
  work.remove();
});

describe('dcdesk bulk with rows hidden in Excel', () => {
  it('says how many hidden rows it sends', async () => {
    const rows: string[][] = [['Pedido', 'Sessão']];
    for (let n = 1; n <= 4; n += 1) {
      const t = sampleTransaction(n);
      rows.push([t.externalID, t.sessionID]);
    }
    const sheet = XLSX.utils.aoa_to_sheet(rows);
    sheet['!rows'] = [undefined, undefined, { hidden: true }, { hidden: true }] as XLSX.RowInfo[];
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Pedidos');
    const file = work.file('pedidos.xlsx');
    writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    const args = ['bulk', file, '--output', work.file('out.json')];
    const run = await dcdesk([...args, '--data-dir', work.dir, '--base-url', sandbox.url]);
    expect(run.stderr).toContain(
      'dcdesk: note: 2 rows are hidden in Excel (a filter or hidden rows); they are imported like the others (rows 3, 4).',
    );
    expect(run.code).toBe(0);
  });
});
