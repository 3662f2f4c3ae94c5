import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { hiddenRowCounter } from './hidden-rows';
import { readSpreadsheet, readSpreadsheetRows } from './read';

/** Rows 3 to 6 hidden (by a filter, or by hand), as Excel writes them: `<row hidden="1">`. */
function hiddenRowsBook(): Uint8Array {
  const rows: string[][] = [['Pedido', 'Sessão']];
  for (let i = 1; i <= 6; i += 1) rows.push([`PEDIDO-0000${String(i)}`, `sess-${String(i)}`]);
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  sheet['!rows'] = [];
  for (let r = 2; r <= 5; r += 1) sheet['!rows'][r] = { hidden: true };
  sheet['!autofilter'] = { ref: 'A1:B7' };
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Plan1');
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}

describe('rows Excel hides', () => {
  it('are read with the others, and their row numbers are kept', () => {
    const read = readSpreadsheet(hiddenRowsBook(), 'pedidos.xlsx');
    if (!read.ok) throw new Error(read.problem.message);
    expect(read.value.rows).toHaveLength(7);
    expect(read.value.hiddenRows).toEqual([3, 4, 5, 6]);
    const rows = readSpreadsheetRows(hiddenRowsBook(), 'pedidos.xlsx');
    if (!rows.ok) throw new Error(rows.problem.message);
    expect(rows.value.hiddenRows).toEqual([3, 4, 5, 6]);
  });

  it('are none in a sheet without them, or in a CSV', () => {
    const csv = readSpreadsheet(new TextEncoder().encode('a;b\r\n1;2\r\n'), 'p.csv');
    expect(csv.ok && csv.value.hiddenRows).toBeFalsy();
  });

  it('are counted among the rows seen, in order', () => {
    const counter = hiddenRowCounter([1, 4, 5, 9]);
    for (const row of [2, 3, 4, 5, 6, 10]) counter.see(row);
    expect(counter.count).toBe(2);
    expect(hiddenRowCounter(undefined).count).toBe(0);
  });
});
