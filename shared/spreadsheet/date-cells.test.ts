import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { autoMapColumns } from './columns';
import { dateCellNoteOf, dateCells, describeDateCell } from './date-cells';
import { readSpreadsheet } from './read';
import { checkSourceRow, notesAfterEdit } from './lost-digits';
import { rowsToTransactions } from './transactions';

const session = 'sess-0123456789abcdef0123';

/** A workbook whose A2 holds 45000 shown as `dd/mm/yyyy` (Excel shows 15/03/2023). */
function bookBytes(bookType: 'xlsx' | 'biff8'): Uint8Array {
  const sheet = XLSX.utils.aoa_to_sheet([
    ['Pedido', 'Sessão', 'Data'],
    [45000, session, 45000],
  ]);
  sheet.A2 = { t: 'n', v: 45000, z: 'dd/mm/yyyy' };
  sheet.C2 = { t: 'n', v: 45000, z: 'dd/mm/yyyy' };
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Pedidos');
  return new Uint8Array(XLSX.write(book, { type: 'buffer', bookType }) as Buffer);
}

describe('ID cells shown as dates', () => {
  // The xlsx is read by our own reader, the xls by SheetJS: both keep what Excel shows.
  it.each([
    ['xlsx', 'xlsx'],
    ['xls', 'biff8'],
  ] as const)('notes the ID cell with what Excel shows (%s)', (kind, bookType) => {
    const read = readSpreadsheet(bookBytes(bookType), `pedidos.${kind}`);
    if (!read.ok) throw new Error(read.problem.message);
    expect(read.value.rows[1]?.[0]).toEqual({
      text: '2023-03-15',
      numeric: false,
      date: '15/03/2023',
    });
    const [row] = rowsToTransactions(read.value.rows, 0, autoMapColumns(['Pedido', 'Sessão']));
    expect(row?.raw.externalID).toBe('2023-03-15');
    expect(row?.notes).toEqual(['date_cell:externalID:15/03/2023']);
  });

  // Excel's built-in date formats (14-22) follow the computer's own date style: 15/03/2023 in
  // Brazil, not SheetJS's English m/d/yy. What Excel shows is not in the file: the date is kept
  // as ISO, and the message says the date without claiming what Excel shows.
  it.each([
    ['xlsx', 'xlsx', 'm/d/yy', '2023-03-15'],
    ['xls', 'biff8', 'm/d/yy', '2023-03-15'],
    ['xlsx', 'xlsx', 'd-mmm-yy', '2023-03-15'],
    ['xls', 'biff8', 'm/d/yy h:mm', '2023-03-15 12:00:00'],
  ] as const)(
    'keeps a cell under a built-in date format as the ISO date (%s, %s)',
    (kind, bookType, format, iso) => {
      const sheet = XLSX.utils.aoa_to_sheet([['Pedido'], [45000.5]]);
      sheet.A2 = { t: 'n', v: format.includes('h') ? 45000.5 : 45000, z: format };
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, sheet, 'Pedidos');
      const bytes = new Uint8Array(XLSX.write(book, { type: 'buffer', bookType }) as Buffer);
      const read = readSpreadsheet(bytes, `pedidos.${kind}`);
      if (!read.ok) throw new Error(read.problem.message);
      expect(read.value.rows[1]?.[0]).toEqual({ text: iso, numeric: false, date: iso });
    },
  );

  it('notes only ID fields: a CPF or phone shown as a date is refused by its own rules', () => {
    const cell = { text: '2023-03-15', numeric: false, date: '15/03/2023' };
    expect(dateCellNoteOf('sessionID', cell)).toBe('date_cell:sessionID:15/03/2023');
    expect(dateCellNoteOf('cpf', cell)).toBeNull();
    expect(dateCellNoteOf('externalID', { text: '2023-03-15', numeric: false })).toBeNull();
  });

  it('reads back a time shown with colons, and ignores other notes', () => {
    expect(
      dateCells(['cpf_padded', 'date_cell:externalID:15/03/2023 10:30', 'date_cell:cpf:x']),
    ).toEqual([{ field: 'externalID', shown: '15/03/2023 10:30' }]);
  });

  it('describes the cell for the command line', () => {
    expect(
      describeDateCell({
        row: 2,
        column: 'A',
        field: 'externalID',
        shown: '15/03/2023',
        value: '2023-03-15',
      }),
    ).toBe(
      'row 2, column A (External ID): the cell is a date (Excel shows 15/03/2023, read as 2023-03-15), not an ID. The row is not sent.',
    );
  });

  it("says the ISO date alone when what Excel shows is the computer's own date style", () => {
    expect(
      describeDateCell({
        row: 2,
        column: 'A',
        field: 'externalID',
        shown: '2023-03-15',
        value: '2023-03-15',
      }),
    ).toBe(
      'row 2, column A (External ID): the cell is a date (2023-03-15), not an ID. The row is not sent.',
    );
  });
});

describe('checkSourceRow', () => {
  const raw = { externalID: '2023-03-15', sessionID: session };
  const notes = ['date_cell:externalID:15/03/2023'];

  it('holds the row back, naming what Excel shows', () => {
    expect(checkSourceRow({ raw, notes: [] }).ok).toBe(true);
    expect(checkSourceRow({ raw, notes })).toEqual({
      ok: false,
      problems: [{ field: 'externalID', rule: 'date_cell', shown: '15/03/2023' }],
    });
  });

  it('keeps the note while the ID is the one read, and drops it once typed again', () => {
    expect(notesAfterEdit(notes, { ...raw, sessionID: `${session}x` }, raw)).toEqual(notes);
    const typed = { ...raw, externalID: 'PED-45000' };
    expect(notesAfterEdit(notes, typed, raw)).toEqual([]);
    expect(checkSourceRow({ raw: typed, notes: notesAfterEdit(notes, typed, raw) }).ok).toBe(true);
  });
});
