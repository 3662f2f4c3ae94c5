import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { readSpreadsheet } from './read';

/** A workbook of three sheets, the first hidden, the last very hidden (only a macro shows it). */
function book(bookType: 'xlsx' | 'xls'): Uint8Array {
  const workbook = XLSX.utils.book_new();
  for (const name of ['Rascunho', 'Pedidos', 'Segredo'])
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet([['Pedido'], ['PED-1']]), name);
  workbook.Workbook = {
    Sheets: [
      { name: 'Rascunho', Hidden: 1 },
      { name: 'Pedidos', Hidden: 0 },
      { name: 'Segredo', Hidden: 2 },
    ],
  };
  return new Uint8Array(XLSX.write(workbook, { type: 'array', bookType }) as ArrayBuffer);
}

describe('hidden sheets', () => {
  for (const kind of ['xlsx', 'xls'] as const)
    it(`are named as hidden, so the sheet list can mark them (${kind})`, () => {
      const read = readSpreadsheet(book(kind), `livro.${kind}`);
      expect(read.ok && read.value).toMatchObject({
        sheet: 'Pedidos',
        sheetNames: ['Rascunho', 'Pedidos', 'Segredo'],
        hiddenSheets: ['Rascunho', 'Segredo'],
      });
    });

  it('are not named in a workbook without any, nor in a CSV', () => {
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet([['Pedido'], ['PED-1']]), 'A');
    const bytes = new Uint8Array(
      XLSX.write(workbook, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer,
    );
    const read = readSpreadsheet(bytes, 'a.xlsx');
    expect(read.ok && read.value.hiddenSheets).toBeUndefined();
    const csv = readSpreadsheet(new TextEncoder().encode('Pedido\nPED-1\n'), 'a.csv');
    expect(csv.ok && csv.value.hiddenSheets).toBeUndefined();
  });
});
