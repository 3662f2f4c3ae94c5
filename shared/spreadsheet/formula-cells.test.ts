import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { autoMapColumns } from './columns';
import { rowsWithFormulas } from './formula-cells';
import { headerTexts } from './header';
import { checkSourceRow, notesAfterEdit } from './lost-digits';
import { columnName } from './problem';
import { readSpreadsheet } from './read';
import { rowsToTransactions } from './transactions';

const session = 's'.repeat(24) + '1';

/** A workbook as SheetJS writes one with formulas and no values (openpyxl writes the same). */
function formulaBook(): Uint8Array {
  const sheet = XLSX.utils.aoa_to_sheet([
    ['Pedido', 'Sessão', 'CPF', 'E-mail', 'Celular'],
    [
      { t: 's', f: '"PED-"&"000001"' },
      session,
      { t: 's', f: 'TEXT(1234567890,"00000000000")' },
      { t: 's', f: 'LOWER("ANA@EXEMPLO.COM")' },
      { t: 'n', f: '11987654321' },
    ],
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Pedidos');
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}

function readRows() {
  const read = readSpreadsheet(formulaBook(), 'pedidos.xlsx');
  if (!read.ok) throw new Error(read.problem.message);
  return read.value.rows;
}

describe('a formula saved without its value in a mapped column', () => {
  it('is a problem of its row, naming each field, not an empty cell', () => {
    const rows = readRows();
    const [source] = rowsToTransactions(rows, 0, autoMapColumns(headerTexts(rows, 0)));
    expect(source?.notes).toEqual([
      'formula_cell:externalID',
      'formula_cell:cpf',
      'formula_cell:email',
      'formula_cell:phone',
    ]);
    const check = source ? checkSourceRow(source) : undefined;
    expect(check).toEqual({
      ok: false,
      problems: [
        { field: 'externalID', rule: 'formula_cell' },
        { field: 'cpf', rule: 'formula_cell' },
        { field: 'email', rule: 'formula_cell' },
        { field: 'phone', rule: 'formula_cell' },
      ],
    });
  });

  it('stays noted until the value is typed', () => {
    const rows = readRows();
    const [source] = rowsToTransactions(rows, 0, autoMapColumns(headerTexts(rows, 0)));
    if (source === undefined) throw new Error('no row');
    const typed = { ...source.raw, externalID: 'PED-000001', cpf: '12345678909' };
    expect(notesAfterEdit(source.notes, typed, source.raw)).toEqual([
      'formula_cell:email',
      'formula_cell:phone',
    ]);
  });

  it('is found in the columns of an outcomes sheet', () => {
    expect([...rowsWithFormulas(readRows(), 0, [1, 0], columnName).values()]).toEqual([
      { row: 2, column: 'A' },
    ]);
  });
});
