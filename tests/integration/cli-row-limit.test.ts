import { readFileSync, writeFileSync } from 'node:fs';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dcdesk } from '../support/cli';
import { datedRow, datedWorkbook } from '../support/dated-workbook';
import { tempDir } from '../support/files';
import { sampleTransaction } from '../support/transactions';

/** `dcdesk bulk` under a low row limit (`maxRows` 5): what counts is the data rows it sends. */

const low = tempDir('dcdesk-cli-row-limit-');
const usual = tempDir('dcdesk-cli-row-limit-usual-');
beforeAll(async () => {
  const set = await dcdesk(['settings', 'set', 'maxRows', '5', '--data-dir', low.dir]);
  expect(set.code, set.stderr).toBe(0);
});
afterAll(() => {
  low.remove();
  usual.remove();
});

type Kind = 'csv' | 'xlsx' | 'xls';

function write(name: string, rows: string[][], kind: Kind): string {
  const file = low.file(`${name}.${kind}`);
  if (kind === 'csv') writeFileSync(file, rows.map((row) => row.join(';')).join('\r\n'));
  else {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Pedidos');
    writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: kind }) as Buffer);
  }
  return file;
}

const bulk = (file: string, dataDir: string, output: string) =>
  dcdesk(['bulk', file, '--output', output, '--env', 'sandbox', '--data-dir', dataDir]);

const transactions = [1, 2, 3, 4, 5].map((n) => sampleTransaction(40 + n));
const dataRows = transactions.map((t) => [t.externalID, t.sessionID]);

describe.each(['csv', 'xlsx', 'xls'] as const)(
  'dcdesk bulk under a limit of 5 rows (%s)',
  (kind) => {
    it('sends 5 data rows with blank rows among them', async () => {
      const [a, b, c, d, e] = dataRows as [string[], string[], string[], string[], string[]];
      const rows = [['Pedido', 'Sessão'], a, [], b, c, [], [], d, e];
      const output = low.file(`blank-${kind}.json`);
      const run = await bulk(write('blank', rows, kind), low.dir, output);
      expect(run.code, run.stderr).toBe(0);
      const records = JSON.parse(readFileSync(output, 'utf8')) as Array<{ row: number }>;
      expect(records.map((record) => record.row)).toEqual([2, 4, 5, 8, 9]);
    });

    it('says the header was not found when it sits below row 20, as under the default limit', async () => {
      const titles = Array.from({ length: 24 }, (_, n) => [
        `Relatório de pedidos – linha ${n + 1}`,
      ]);
      const file = write('late-header', [...titles, ['Pedido', 'Sessão'], ...dataRows], kind);
      const underLow = await bulk(file, low.dir, low.file(`late-${kind}.json`));
      const underUsual = await bulk(file, usual.dir, usual.file(`late-${kind}.json`));
      expect(underUsual.code).toBe(1);
      expect(underUsual.stderr).toContain(
        'no column for sessionID and externalID in the header row',
      );
      expect(underLow.code).toBe(underUsual.code);
      expect(underLow.stderr).toBe(underUsual.stderr);
    });
  },
);

// An ISO date cell sends the file to SheetJS, whose cap counts blank rows; the sheet has no
// `<dimension>` to say how far it goes.
it('dcdesk bulk under a limit of 5 rows sends the rows far below the header (xlsx read by SheetJS)', async () => {
  const file = low.file('sparse-dated.xlsx');
  writeFileSync(file, datedWorkbook([2, 300, 301, 302, 303].map(datedRow).join('')));
  const output = low.file('sparse-dated.json');
  const run = await bulk(file, low.dir, output);
  expect(run.code, run.stderr).toBe(0);
  const records = JSON.parse(readFileSync(output, 'utf8')) as Array<{ row: number }>;
  expect(records.map((record) => record.row)).toEqual([2, 300, 301, 302, 303]);
});
