import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { datedRow, datedWorkbook } from '../../tests/support/dated-workbook';
import { readSpreadsheet, readSpreadsheetRows } from './read';
import type { Cell, ReadResult } from './types';

/**
 * The row limit counts the data rows the analyst sees: rows after the header with any content.
 * Blank rows between them are skipped by every import, so they never count, and no reader may cut
 * a file short because blank rows filled its quota of rows.
 */

type Kind = 'csv' | 'xlsx' | 'xls';
const kinds: Kind[] = ['csv', 'xlsx', 'xls'];

function fileOf(rows: string[][], kind: Kind): Uint8Array {
  if (kind === 'csv') return new TextEncoder().encode(rows.map((row) => row.join(';')).join('\n'));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Pedidos');
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: kind }) as ArrayBuffer);
}

/** A header and `count` data rows, with `gap` blank rows after each data row but the last. */
function spaced(count: number, gap: number, above: string[][] = []): string[][] {
  const rows = [...above, ['Pedido', 'Sessão']];
  for (let n = 1; n <= count; n += 1) {
    rows.push([`PED-${n}`, `s${n}`]);
    if (n < count) for (let g = 0; g < gap; g += 1) rows.push([]);
  }
  return rows;
}

const filled = (rows: Cell[][]) =>
  rows.filter((row) => row.some((cell) => cell !== null && cell.text.trim() !== ''));

function read(rows: string[][], kind: Kind, maxRows?: number): ReadResult {
  const limits = maxRows === undefined ? {} : { maxRows };
  return readSpreadsheet(fileOf(rows, kind), `pedidos.${kind}`, { limits });
}

describe('the row limit and blank rows', () => {
  it.each(kinds)('does not count blank rows between data rows (%s)', (kind) => {
    // 5 data rows and 3 blank lines among them: 8 rows after the header, 5 of them data.
    const rows = spaced(5, 0);
    rows.splice(2, 0, []);
    rows.splice(4, 0, [], []);
    const within = read(rows, kind, 5);
    expect(within.ok ? filled(within.value.rows).length : within.problem.message).toBe(6);
    const streamed = readSpreadsheetRows(fileOf(rows, kind), `p.${kind}`, {
      limits: { maxRows: 5 },
    });
    expect(streamed.ok ? filled([...streamed.value.rows()]).length : streamed.problem.message).toBe(
      6,
    );
  });

  it.each(kinds)('names the data rows alone when refusing a file over the limit (%s)', (kind) => {
    const over = read(spaced(6, 3), kind, 5);
    expect(over.ok ? 'read' : over.problem).toMatchObject({
      code: 'too_many_rows',
      found: 6,
      limit: 5,
      message: expect.stringMatching(/^The file has 6 data rows; the limit is 5\./) as unknown,
    });
  });

  // The readers stop keeping rows past a cap: a cap of rows, blank ones included, would pass the
  // check with the rows past it cut off. Every row of a file within the limit is kept.
  it.each(kinds)('keeps every row when blank rows outnumber the cap (%s)', (kind) => {
    const rows = spaced(5, 60);
    const within = read(rows, kind, 5);
    if (!within.ok) throw new Error(within.problem.message);
    expect(filled(within.value.rows).map((row) => row[0]?.text)).toEqual([
      'Pedido',
      'PED-1',
      'PED-2',
      'PED-3',
      'PED-4',
      'PED-5',
    ]);
    expect(within.value.rows.length).toBe(rows.length);
    const over = read(spaced(7, 60), kind, 5);
    expect(over.ok ? 'read' : over.problem).toMatchObject({ code: 'too_many_rows', found: 7 });
  });
});

describe('the row limit and a header below the rows the import looks through', () => {
  // 24 title lines, then the header on row 25: past the 20 rows where the import looks for it.
  const titles = Array.from({ length: 24 }, (_, n) => [`Relatório de pedidos – linha ${n + 1}`]);

  it.each(kinds)('reads it under a low limit as under the default one (%s)', (kind) => {
    const rows = spaced(5, 0, titles);
    const low = read(rows, kind, 5);
    const usual = read(rows, kind);
    expect(low.ok ? low.value.rows.length : low.problem.message).toBe(30);
    expect(low).toEqual(usual);
  });

  it.each(kinds)('still refuses more data rows below it than the limit (%s)', (kind) => {
    const over = read(spaced(6, 0, titles), kind, 5);
    expect(over.ok ? 'read' : over.problem).toMatchObject({ code: 'too_many_rows', found: 6 });
  });
});

// SheetJS reads such a sheet (an ISO date cell, an .xls): its cap counts rows, blank ones
// included, and the sheet's `<dimension>` may be missing or stale, so neither may decide that
// nothing was cut.
describe('the row limit on a sheet SheetJS reads', () => {
  const sparse = [2, 300, 301, 302, 303].map(datedRow).join('');
  const firstCells = (result: ReadResult) =>
    result.ok ? filled(result.value.rows).map((row) => row[0]?.text) : result.problem.message;

  it.each([
    ['no dimension', undefined],
    ['a stale dimension', 'A1:C2'],
    ['a true dimension', 'A1:C303'],
  ])('keeps the rows far below the cap of a sheet with %s', (_, dimension) => {
    const bytes = datedWorkbook(sparse, dimension);
    const low = readSpreadsheet(bytes, 'pedidos.xlsx', { limits: { maxRows: 5 } });
    expect(firstCells(low)).toEqual([
      'Pedido',
      'PED000002',
      'PED000300',
      'PED000301',
      'PED000302',
      'PED000303',
    ]);
    expect(low).toEqual(readSpreadsheet(bytes, 'pedidos.xlsx'));
    const streamed = readSpreadsheetRows(bytes, 'pedidos.xlsx', { limits: { maxRows: 5 } });
    expect(streamed.ok && filled([...streamed.value.rows()]).length).toBe(6);
    const over = readSpreadsheet(bytes, 'pedidos.xlsx', { limits: { maxRows: 4 } });
    expect(over.ok ? 'read' : over.problem).toMatchObject({ code: 'too_many_rows', found: 5 });
  });

  it('names every data row when refusing a sheet over the limit', () => {
    const rows = Array.from({ length: 200 }, (_, n) => datedRow(n + 2)).join('');
    const over = readSpreadsheet(datedWorkbook(rows), 'pedidos.xlsx', { limits: { maxRows: 5 } });
    expect(over.ok ? 'read' : over.problem).toMatchObject({
      code: 'too_many_rows',
      found: 200,
      message: expect.stringMatching(/^The file has 200 data rows; the limit is 5\./) as unknown,
    });
  });

  // Row 2,000,000 is past the rows SheetJS reads, blank ones included: only the XML shows it.
  it.each([1_048_577, 2_000_000])(
    "refuses a row past Excel's last (%i) as damaged, as the app's own xlsx reader does",
    (r) => {
      const far = `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>PED</t></is></c></row>`;
      // Without the date cell, the own reader reads the same sheet.
      const plain = readSpreadsheet(datedWorkbook(far), 'pedidos.xlsx');
      expect(plain.ok ? 'read' : plain.problem.code).toBe('corrupt');
      for (const dimension of [undefined, 'A1:C2', `A1:C${r}`]) {
        const bytes = datedWorkbook(datedRow(2) + far, dimension);
        for (const limits of [{}, { maxRows: 5 }]) {
          const read = readSpreadsheet(bytes, 'pedidos.xlsx', { limits });
          expect(read.ok ? read.value.rows.length : read.problem).toEqual(
            plain.ok ? 'read' : plain.problem,
          );
        }
      }
    },
  );
});
