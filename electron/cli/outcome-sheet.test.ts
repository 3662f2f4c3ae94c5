import { writeFileSync } from 'node:fs';
import * as XLSX from 'xlsx';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../tests/support/files';
import { dateCellAdvice } from '../../shared/spreadsheet/date-cells';
import { mergedCellAdvice } from '../../shared/spreadsheet/merged-cells';
import { readOutcomeSheet } from './outcome-sheet';

const work = tempDir('dcdesk-outcome-sheet-');
afterAll(() => work.remove());

describe('an outcomes sheet whose transaction id Excel stored with more than 15 digits', () => {
  it('leaves the row out, and says which row, column and id', async () => {
    const book = XLSX.utils.book_new();
    // Typed as a number: the double it becomes has lost the last digits.
    const typed = Number('12345678901234567890');
    const rows = [
      ['Resultado', 'ID Transacional'],
      ['Suspeito', typed],
      ['Suspeito', 'PED-000002'],
    ];
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Casos');
    const file = work.file('casos.xlsx');
    writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);

    const read = await readOutcomeSheet(file, { maxRows: 100 });
    if (!read.ok) throw new Error(read.message);
    expect(read.value.rows.map((row) => row.transactionId)).toEqual(['PED-000002']);
    expect(read.value.lostDigits).toEqual([{ row: 2, transactionId: '12345678901234567000' }]);
    expect(read.value.warnings[0]).toMatch(
      /^row 2, column B: 12345678901234567000 is a number of more than 15 digits/,
    );
    expect(read.value.warnings[1]).toMatch(/format the column as Text in Excel/);
  });
});

describe('an outcomes sheet whose transaction id Excel shows as a date', () => {
  it.each(['xlsx', 'xls'] as const)(
    '%s: leaves the row out, and says which row and column, what Excel shows and what was read',
    async (kind) => {
      const sheet = XLSX.utils.aoa_to_sheet([
        ['Pedido', 'Resultado'],
        [45000, 'Suspeito'],
        ['PED-000002', 'Suspeito'],
      ]);
      sheet.A2 = { t: 'n', v: 45000, z: 'dd/mm/yyyy' };
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, sheet, 'Casos');
      const file = work.file(`datas.${kind}`);
      const bookType = kind === 'xls' ? 'biff8' : 'xlsx';
      writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType }) as Buffer);

      const read = await readOutcomeSheet(file, { maxRows: 100 });
      if (!read.ok) throw new Error(read.message);
      expect(read.value.rows.map((row) => row.transactionId)).toEqual(['PED-000002']);
      expect(read.value.dateCells).toEqual([
        { row: 2, column: 'A', shown: '15/03/2023', transactionId: '2023-03-15' },
      ]);
      expect(read.value.warnings).toContain(
        'row 2, column A (Pedido): the cell is a date (Excel shows 15/03/2023, read as 2023-03-15), not an ID. The row is not applied.',
      );
      expect(read.value.warnings).toContain(dateCellAdvice);
    },
  );
});

describe('an outcomes sheet with Excel error cells', () => {
  it('leaves out a row whose id or outcome is an error, and says which row, column and error', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Pedido', 'Resultado'],
      ['x', 'Fraude Confirmada'],
      ['x', 'Fraude Confirmada'],
      ['PED-00003', 'x'],
      ['PED-00004', 'Fraude Confirmada'],
      [null, 'x'],
    ]);
    sheet.B6 = { t: 'e', v: 0x2a };
    sheet.A2 = { t: 'e', v: 0x1d, f: 'PROCV(Z2;Casos!A:B;2;0)' };
    sheet.A3 = { t: 'e', v: 0x0f, f: 'Z3+1' };
    sheet.B4 = { t: 'e', v: 0x2a };
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Casos');
    const file = work.file('erros.xlsx');
    writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);

    const read = await readOutcomeSheet(file, { maxRows: 100 });
    if (!read.ok) throw new Error(read.message);
    expect(read.value.rows.map((row) => row.transactionId)).toEqual(['PED-00004']);
    // Row 6 has no id: listed as such, once.
    expect(read.value.blankIds).toEqual([6]);
    expect(read.value.errorCells).toEqual([
      { row: 2, column: 'A', error: '#NAME?' },
      { row: 3, column: 'A', error: '#VALUE!' },
      { row: 4, column: 'B', error: '#N/A' },
    ]);
    expect(read.value.warnings[0]).toMatch(
      /^row 2, column A: the cell holds the Excel error #NAME\?/,
    );
  });

  it("reads an id the app's CSV export guarded with a quote as the id itself", async () => {
    const file = work.file('resultados.csv');
    writeFileSync(file, "externalID,Resultado\r\n'-1234567,Fraude Confirmada\r\n");
    const read = await readOutcomeSheet(file, { maxRows: 100 });
    if (!read.ok) throw new Error(read.message);
    expect(read.value.rows.map((row) => row.transactionId)).toEqual(['-1234567']);
  });
});

describe('an outcomes sheet with rows hidden in Excel', () => {
  it('applies them like the others, and says how many', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Pedido', 'Resultado'],
      ['PED-00001', 'Suspeito'],
      ['PED-00002', 'Suspeito'],
      ['PED-00003', 'Suspeito'],
    ]);
    sheet['!rows'] = [undefined, undefined, { hidden: true }, { hidden: true }] as XLSX.RowInfo[];
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Casos');
    const file = work.file('ocultas.xlsx');
    writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    const read = await readOutcomeSheet(file, { maxRows: 100 });
    if (!read.ok) throw new Error(read.message);
    expect(read.value.rows).toHaveLength(3);
    expect(read.value.warnings).toContain(
      '2 rows are hidden in Excel (a filter or hidden rows); their outcomes are read like the others (rows 3, 4).',
    );
  });
});

// Blank rows are skipped, so they are not counted against the row limit either.
describe.each(['csv', 'xlsx', 'xls'] as const)('an outcomes sheet with blank rows (%s)', (kind) => {
  it('reads its 3 outcomes under a limit of 3, blank rows among them', async () => {
    const rows = [
      ['ID Transacional', 'Resultado'],
      ['PED-1', 'Suspeito'],
      [],
      ['PED-2', 'Legítima'],
      [],
      [],
      ['PED-3', 'Suspeito'],
    ];
    const file = work.file(`brancas.${kind}`);
    if (kind === 'csv') writeFileSync(file, rows.map((row) => row.join(';')).join('\r\n'));
    else {
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Casos');
      writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: kind }) as Buffer);
    }
    const read = await readOutcomeSheet(file, { maxRows: 3 });
    if (!read.ok) throw new Error(read.message);
    expect(read.value.rows.map((row) => [row.row, row.transactionId])).toEqual([
      [2, 'PED-1'],
      [4, 'PED-2'],
      [7, 'PED-3'],
    ]);
  });
});

describe('an outcomes sheet whose outcome cells are merged', () => {
  it('leaves the covered rows out, naming the cell and the merged cells, as bulk does', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Caso', 'Pedido', 'Resultado'],
      ['CASO-1', 'PED-000002', 'Fraude Confirmada'],
      [null, 'PED-000003', null],
      [null, 'PED-000004', null],
      ['CASO-2', 'PED-000005', 'Suspeito'],
    ]);
    sheet['!merges'] = [
      { s: { r: 1, c: 2 }, e: { r: 3, c: 2 } },
      { s: { r: 1, c: 0 }, e: { r: 3, c: 0 } },
    ];
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Casos');
    const file = work.file('mescladas.xlsx');
    writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);

    const read = await readOutcomeSheet(file, { maxRows: 100 });
    if (!read.ok) throw new Error(read.message);
    expect(read.value.rows.map((row) => [row.row, row.outcome])).toEqual([
      [2, 'Fraude Confirmada'],
      [5, 'Suspeito'],
    ]);
    expect(read.value.mergedCells).toEqual([
      { row: 3, column: 'C', cell: 'C3', range: 'C2:C4' },
      { row: 4, column: 'C', cell: 'C4', range: 'C2:C4' },
    ]);
    expect(read.value.warnings).toEqual([
      'row 3, column C (Resultado): C3 is part of the merged cells C2:C4, whose value is on row 2, so the cell is empty. The row is not applied.',
      'row 4, column C (Resultado): C4 is part of the merged cells C2:C4, whose value is on row 2, so the cell is empty. The row is not applied.',
      mergedCellAdvice,
    ]);
  });
});
