import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { autoMapColumns } from './columns';
import { headerTexts } from './header';
import { checkSourceRow } from './lost-digits';
import { readSpreadsheet } from './read';
import { rowsToTransactions, type SourceRow } from './transactions';
import { isErrorText } from './error-cells';

const session = (n: number) => `sess${String(n).padStart(10, '0')}abcdefabcdefabcdef`;

/** A workbook whose cells SheetJS writes as error cells (`t="e"`), as Excel does for #NAME? etc. */
function bookBytes(bookType: 'xlsx' | 'biff8'): Uint8Array {
  const sheet = XLSX.utils.aoa_to_sheet([
    ['Pedido', 'Sessão', 'E-mail'],
    ['x', session(1), 'a@example.com'],
    ['x', session(2), 'b@example.com'],
    ['PED-00003', 'x', 'c@example.com'],
    ['PED-00004', session(4), 'x'],
    ['PED-00005', session(5), 'e@example.com'],
  ]);
  sheet.A2 = { t: 'e', v: 0x1d, f: 'PROCV(Z2;Z:Z;2;0)' }; // #NAME?
  sheet.A3 = { t: 'e', v: 0x2a }; // #N/A
  sheet.B4 = { t: 'e', v: 0x0f }; // #VALUE!
  sheet.C5 = { t: 'e', v: 0x17 }; // #REF!
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Pedidos');
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType }) as ArrayBuffer);
}

function sourceRows(bytes: Uint8Array, name: string): SourceRow[] {
  const read = readSpreadsheet(bytes, name);
  if (!read.ok) throw new Error(read.problem.message);
  const { rows } = read.value;
  return rowsToTransactions(rows, 0, autoMapColumns(headerTexts(rows, 0)));
}

const problemsOf = (rows: SourceRow[]) =>
  rows.map((row) => {
    const check = checkSourceRow(row);
    return check.ok ? [] : check.problems;
  });

describe('an Excel error cell in a mapped column', () => {
  for (const [bookType, name] of [
    ['xlsx', 'pedidos.xlsx'],
    ['biff8', 'pedidos.xls'],
  ] as const) {
    it(`is a problem of its row, not a value to send (${name})`, () => {
      const rows = sourceRows(bookBytes(bookType), name);
      expect(rows.map((row) => row.notes)).toEqual([
        ['cell_error:externalID'],
        ['cell_error:externalID'],
        ['cell_error:sessionID'],
        ['cell_error:email'],
        [],
      ]);
      expect(problemsOf(rows)).toEqual([
        [{ field: 'externalID', rule: 'cell_error' }],
        [{ field: 'externalID', rule: 'cell_error' }],
        [{ field: 'sessionID', rule: 'cell_error' }],
        [{ field: 'email', rule: 'cell_error' }],
        [],
      ]);
      expect(rows[0]?.raw.externalID).toBe('#NAME?');
    });
  }

  it('is the same problem when the file is a CSV Excel saved (it writes the error as its text)', () => {
    const csv = `Pedido;Sessão\r\n#N/A;${session(1)}\r\n#SPILL!;${session(2)}\r\nPED-#N/A;${session(3)}\r\n#N/D;${session(4)}\r\n`;
    const rows = sourceRows(new TextEncoder().encode(csv), 'p.csv');
    expect(problemsOf(rows)).toEqual([
      [{ field: 'externalID', rule: 'cell_error' }],
      [{ field: 'externalID', rule: 'cell_error' }],
      [],
      [{ field: 'externalID', rule: 'cell_error' }],
    ]);
  });
});

describe('isErrorText', () => {
  it('takes an error padded with spaces for the error, however many', () => {
    expect(isErrorText('#N/A')).toBe(true);
    expect(isErrorText('          #CONNECT!   ')).toBe(true);
    expect(isErrorText(' #GETTING_DATA                ')).toBe(true);
    expect(isErrorText('PED-#N/A')).toBe(false);
    expect(isErrorText('#N/A#N/A')).toBe(false);
  });
});
