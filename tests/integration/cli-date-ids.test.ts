/**
 * An ID cell Excel shows as a date. A column of order numbers formatted as dates by mistake
 * stores 45000 and shows 15/03/2023; neither is the ID the analyst meant, and sending
 * `2023-03-15` quietly would never match the merchant's records. The row is held back as a row
 * whose ID lost digits is, naming the cell and what Excel shows, from both readers: our own for
 * xlsx and SheetJS for xls.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { dcdesk } from '../support/cli';
import { tempDir } from '../support/files';
import { sampleTransaction } from '../support/transactions';

let sandbox: SandboxHandle;
const work = tempDir('dcdesk-cli-date-ids-');
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

function workbook(bookType: 'xlsx' | 'biff8', name: string): string {
  const [a, b] = [sampleTransaction(1), sampleTransaction(2)];
  const sheet = XLSX.utils.aoa_to_sheet([
    ['Pedido', 'Sessão'],
    [45000, a.sessionID],
    [b.externalID, b.sessionID],
  ]);
  sheet.A2 = { t: 'n', v: 45000, z: 'dd/mm/yyyy' };
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Pedidos');
  writeFileSync(work.file(name), XLSX.write(book, { type: 'buffer', bookType }) as Buffer);
  return work.file(name);
}

describe('dcdesk bulk with an ID cell Excel shows as a date', () => {
  it.each([
    ['xlsx', 'xlsx', 'pedidos.xlsx'],
    ['xls', 'biff8', 'pedidos.xls'],
  ] as const)(
    '%s: names the cell and what Excel shows, and does not send the row',
    async (_, type, name) => {
      const input = workbook(type, name);
      const out = work.file(`${name}.json`);
      const run = await dcdesk([
        'bulk',
        input,
        '--output',
        out,
        '--data-dir',
        work.dir,
        '--base-url',
        sandbox.url,
      ]);
      expect(run.stderr).toContain(
        'dcdesk: warning: row 2, column A (External ID): the cell is a date (Excel shows 15/03/2023, read as 2023-03-15), not an ID. The row is not sent.',
      );
      expect(run.stderr).toMatch(/format the column as Text in Excel/i);
      expect(run.code, run.stderr).toBe(4);
      const output = JSON.parse(readFileSync(out, 'utf8')) as Output[];
      expect(output.map((record) => [record.row, record.status])).toEqual([
        [2, 'invalid'],
        [3, expect.stringMatching(/^(ok|no_content)$/)],
      ]);
      expect(output[0]?.messages?.[0]).toMatch(/^External ID: the cell is a date/);
    },
  );
});

describe('dcdesk outcomes import with a transaction ID cell Excel shows as a date', () => {
  it.each([
    ['xlsx', 'xlsx', 'casos.xlsx'],
    ['xls', 'biff8', 'casos.xls'],
  ] as const)(
    '%s: names the cell and what Excel shows, and does not match the row as the date',
    async (_, bookType, name) => {
      const sheet = XLSX.utils.aoa_to_sheet([
        ['Pedido', 'Resultado'],
        [45000, 'Suspeito'],
        [sampleTransaction(2).externalID, 'Suspeito'],
      ]);
      sheet.A2 = { t: 'n', v: 45000, z: 'dd/mm/yyyy' };
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, sheet, 'Casos');
      writeFileSync(work.file(name), XLSX.write(book, { type: 'buffer', bookType }) as Buffer);
      const run = await dcdesk([
        'outcomes',
        'import',
        work.file(name),
        '--dry-run',
        '--json',
        '--data-dir',
        work.dir,
      ]);
      expect(run.stderr).toContain(
        'dcdesk: warning: row 2, column A (Pedido): the cell is a date (Excel shows 15/03/2023, read as 2023-03-15), not an ID. The row is not applied.',
      );
      expect(run.stderr).toMatch(/format the column as Text in Excel/i);
      expect(run.code, run.stderr).toBe(1);
      const report = JSON.parse(run.stdout) as {
        rowsWhoseIdIsADate: unknown[];
        report: { notFound: Array<{ transactionId: string }> };
      };
      expect(report.rowsWhoseIdIsADate).toEqual([
        { row: 2, column: 'A', shown: '15/03/2023', transactionId: '2023-03-15' },
      ]);
      expect(report.report.notFound.map((issue) => issue.transactionId)).not.toContain(
        '2023-03-15',
      );
    },
  );
});
