import fc from 'fast-check';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { readSpreadsheet, readSpreadsheetRows } from './read';

const encoder = new TextEncoder();

/** readSpreadsheet's answer in readSpreadsheetRows's shape. */
function whole(bytes: Uint8Array, name: string) {
  const read = readSpreadsheet(bytes, name, { limits: { maxRows: 5 } });
  if (!read.ok) return read;
  const { kind, sheetNames, sheet, rows } = read.value;
  return { ok: true, kind, sheetNames, sheet, top: rows.slice(0, 20), rows };
}

function walked(bytes: Uint8Array, name: string) {
  const read = readSpreadsheetRows(bytes, name, { limits: { maxRows: 5 } });
  if (!read.ok) return read;
  const { kind, sheetNames, sheet, top } = read.value;
  return { ok: true, kind, sheetNames, sheet, top, rows: [...read.value.rows()] };
}

describe('readSpreadsheetRows', () => {
  it('reads any CSV as readSpreadsheet does, or refuses it with the same problem', () => {
    const text = fc
      .array(
        fc.oneof(fc.constantFrom(';', '\n', '\r\n', '"', 'Pedido', 'Sessão', ' '), fc.string()),
        {
          maxLength: 40,
        },
      )
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, (csv) => {
        const bytes = encoder.encode(csv);
        expect(walked(bytes, 'pedidos.csv')).toEqual(whole(bytes, 'pedidos.csv'));
      }),
      { numRuns: 1000 },
    );
  });

  it('reads a workbook as readSpreadsheet does', () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ['Pedido', 'Sessão'],
        ['A1', 's1'],
      ]),
      'P',
    );
    const bytes = new Uint8Array(
      XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer,
    );
    expect(walked(bytes, 'p.xlsx')).toEqual(whole(bytes, 'p.xlsx'));
    const empty = new Uint8Array();
    expect(walked(empty, 'p.csv')).toEqual(whole(empty, 'p.csv'));
  });
});
