import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { sourceRow } from '../contract/source-rows';
import { autoMapColumns } from './columns';
import { headerTexts } from './header';
import { checkSourceRow, notesAfterEdit } from './lost-digits';
import { readSpreadsheet, readSpreadsheetRows } from './read';
import { rowsToTransactions, type SourceRow } from './transactions';

const session = (n: number) => `sess${String(n).padStart(10, '0')}abcdefabcdefabcdef`;

type Aoa = Array<Array<string | Date | null>>;

function bookBytes(
  aoa: Aoa,
  merges: XLSX.Range[],
  bookType: 'xlsx' | 'biff8',
  options: XLSX.WritingOptions = {},
): Uint8Array {
  const sheet = XLSX.utils.aoa_to_sheet(aoa, { cellDates: true });
  sheet['!merges'] = merges;
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Pedidos');
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType, ...options }) as ArrayBuffer);
}

const range = (from: string, to: string): XLSX.Range => ({
  s: XLSX.utils.decode_cell(from),
  e: XLSX.utils.decode_cell(to),
});

function checked(bytes: Uint8Array, name: string, headerRow = 0) {
  const read = readSpreadsheet(bytes, name);
  if (!read.ok) throw new Error(read.problem.message);
  const { rows, merges } = read.value;
  const mapping = autoMapColumns(headerTexts(rows, headerRow));
  const sources = rowsToTransactions(rows, headerRow, mapping, merges);
  return {
    merges,
    sources,
    problems: sources.map((source) => {
      const check = checkSourceRow(source);
      return check.ok ? [] : check.problems;
    }),
  };
}

/** The tester's file: the session of rows 2 and 3 in one merged cell, A2:A3. */
const sessionMerged: Aoa = [
  ['sessionID', 'externalID'],
  [session(1), 'EXT000001'],
  [null, 'EXT000002'],
  [session(3), 'EXT000003'],
];

describe('a mapped cell covered by merged cells', () => {
  // The last one has a date cell, which the fast reader leaves to SheetJS.
  const books = [
    ['pedidos.xlsx', bookBytes(sessionMerged, [range('A2', 'A3')], 'xlsx')],
    ['pedidos.xls', bookBytes(sessionMerged, [range('A2', 'A3')], 'biff8')],
    [
      'datas.xlsx',
      bookBytes(
        [...sessionMerged.map((row) => [...row]), [session(5), 'EXT000005']].map((row, i) =>
          i === 4 ? [...row, new Date(Date.UTC(2024, 0, 15))] : row,
        ),
        [range('A2', 'A3')],
        'xlsx',
        { cellDates: true },
      ),
    ],
  ] as const;
  for (const [name, bytes] of books) {
    it(`says where the value is and to unmerge, without copying it (${name})`, () => {
      const { merges, sources, problems } = checked(bytes, name);
      expect(merges).toEqual([range('A2', 'A3')]);
      // The value stays on the row that holds it; the covered row is not given a copy.
      expect(sources[0]?.raw.sessionID).toBe(session(1));
      expect(sources[1]?.raw.sessionID).toBeUndefined();
      expect(problems[0]).toEqual([]);
      expect(problems[1]).toEqual([
        { field: 'sessionID', rule: 'merged_cell', cell: 'A3', range: 'A2:A3' },
      ]);
      expect(problems[2]).toEqual([]);
    });
  }

  it('is given to the command line with the rows it walks', () => {
    const read = readSpreadsheetRows(
      bookBytes(sessionMerged, [range('A2', 'A3')], 'xlsx'),
      'p.xlsx',
    );
    expect(read.ok && read.value.merges).toEqual([range('A2', 'A3')]);
  });

  it('counts in any mapped field, across columns too, and only in the covered part', () => {
    const aoa: Aoa = [
      ['Pedido', 'Sessão', 'CPF', 'E-mail', 'Obs'],
      ['PED-000001', session(1), '529.982.247-25', 'a@example.com', 'nota'],
      ['PED-000002', session(2), null, null, null],
      ['PED-000003', session(3), '529.982.247-25', 'c@example.com', null],
    ];
    const merges = [range('C2', 'D3'), range('D4', 'E4')];
    const { problems } = checked(bookBytes(aoa, merges, 'xlsx'), 'p.xlsx');
    expect(problems[0]).toEqual([
      { field: 'email', rule: 'merged_cell', cell: 'D2', range: 'C2:D3' },
    ]);
    expect(problems[1]).toEqual([
      { field: 'cpf', rule: 'merged_cell', cell: 'C3', range: 'C2:D3' },
      { field: 'email', rule: 'merged_cell', cell: 'D3', range: 'C2:D3' },
    ]);
    // D4:E4 covers only an unmapped column (E): the e-mail is in D4, where it shows.
    expect(problems[2]).toEqual([]);
  });

  it('is left alone when the merged cells hold nothing, or a header above the data', () => {
    const empty = bookBytes(sessionMerged, [range('C2', 'C3')], 'xlsx');
    expect(checked(empty, 'p.xlsx').merges).toBeUndefined();
    // A header written over two rows: the second row's cell shows the header, not a session.
    const aoa: Aoa = [
      ['sessionID', 'externalID'],
      [null, 'EXT000001'],
      [session(3), 'EXT000003'],
    ];
    const { problems } = checked(bookBytes(aoa, [range('A1', 'A2')], 'xlsx'), 'p.xlsx');
    expect(problems[0]).toEqual([{ field: 'sessionID', rule: 'required' }]);
    expect(problems[1]).toEqual([]);
  });

  it('goes once the analyst types the value, and fits what crosses to the core', () => {
    const { sources } = checked(bookBytes(sessionMerged, [range('A2', 'A3')], 'xlsx'), 'p.xlsx');
    const covered = sources[1] as SourceRow;
    expect(covered.notes).toEqual(['merged:sessionID:A3:A2:A3']);
    const typed = { ...covered.raw, sessionID: session(2) };
    expect(notesAfterEdit(covered.notes, typed, covered.raw)).toEqual([]);
    expect(notesAfterEdit(covered.notes, covered.raw, covered.raw)).toEqual(covered.notes);
    // The longest such note: the last cell of the largest sheet Excel makes.
    const note = 'merged:phoneNumber:XFD1048576:XFC1048575:XFD1048576';
    expect(sourceRow.safeParse({ row: 2, raw: {}, notes: [note] }).success).toBe(true);
  });
});
