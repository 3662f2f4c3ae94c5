import { readFileSync, writeFileSync } from 'node:fs';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { dcdesk } from '../support/cli';
import { tempDir } from '../support/files';
import { sampleTransaction } from '../support/transactions';

let sandbox: SandboxHandle;
const work = tempDir('dcdesk-cli-errors-');
beforeAll(async () => (sandbox = await startSandbox()));
afterAll(async () => {
  await sandbox.close();
  work.remove();
});

interface Output {
  row: number;
  externalID: string | null;
  status: string;
  messages: string[] | null;
}

describe('dcdesk bulk with Excel error cells in mapped columns', () => {
  it('names each cell and does not send its row', async () => {
    const [a, b, c] = [sampleTransaction(1), sampleTransaction(2), sampleTransaction(3)];
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Pedido', 'Sessão', 'E-mail'],
      ['x', a.sessionID, null],
      [b.externalID, b.sessionID, 'x'],
      [c.externalID, c.sessionID, null],
    ]);
    sheet.A2 = { t: 'e', v: 0x1d, f: 'PROCV(Z2;Z:Z;2;0)' };
    sheet.C3 = { t: 'e', v: 0x2a };
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Pedidos');
    const file = work.file('pedidos.xlsx');
    writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    const args = ['bulk', file, '--output', work.file('out.json')];
    const run = await dcdesk([...args, '--data-dir', work.dir, '--base-url', sandbox.url]);

    expect(run.stderr).toContain(
      'dcdesk: warning: row 2, column A (External ID): the cell holds the Excel error #NAME?',
    );
    // Personal data is not printed.
    expect(run.stderr).toContain(
      'dcdesk: warning: row 3, column C (E-mail): the cell holds the Excel error #N/A',
    );
    expect(run.code).toBe(4);
    const output = JSON.parse(readFileSync(work.file('out.json'), 'utf8')) as Output[];
    expect(output.map((record) => [record.row, record.status])).toEqual([
      [2, 'invalid'],
      [3, 'invalid'],
      [4, expect.stringMatching(/^(ok|no_content)$/)],
    ]);
    expect(output[0]?.messages?.[0]).toMatch(/^External ID: the cell holds an Excel error/);
  });
});
