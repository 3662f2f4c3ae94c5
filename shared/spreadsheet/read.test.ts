import * as XLSX from 'xlsx';
import { describe, it, expect } from 'vitest';
import { validateTransaction } from '../domain/transaction';
import { autoMapColumns } from './columns';
import { detectHeaderRow, headerTexts } from './header';
import { readSpreadsheet, readSpreadsheetRows } from './read';
import { readSheet } from './sheet';
import { resolveLimits } from './limits';
import { findDuplicateExternalIds, rowsToTransactions } from './transactions';
import type { Cell, ReadProblem, ReadResult, Workbook } from './types';

function texts(rows: Cell[][]): Array<Array<string | null>> {
  return rows.map((row) => row.map((cell) => cell?.text ?? null));
}

function value(result: ReadResult): Workbook {
  if (!result.ok) throw new Error(`expected a workbook, got ${result.problem.message}`);
  return result.value;
}

function problemOf(result: ReadResult): ReadProblem {
  if (result.ok) throw new Error('expected a problem');
  return result.problem;
}

/** Windows-1252 bytes, with the four characters above 0xFF used here spelled out. */
function cp1252(text: string): Uint8Array {
  const special: Record<string, number> = { '€': 0x80, '“': 0x93, '”': 0x94, '–': 0x96 };
  return Uint8Array.from(text, (char) => special[char] ?? char.charCodeAt(0));
}

function bookBytes(
  rows: unknown[][],
  bookType: 'xlsx' | 'xls',
  edit?: (s: XLSX.WorkSheet) => void,
) {
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  edit?.(sheet);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Pedidos');
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType }) as ArrayBuffer);
}

const utf8 = (text: string) => new TextEncoder().encode(text);
const session = (letter: string) => `sess-${letter.repeat(24)}`;

describe('a messy Brazilian CSV', () => {
  const lines = [
    'Relatório de transações – março/2024;;;;;;',
    ';;;;;;',
    'Pedido;ID da Sessão;CPF;E-mail;Celular;CEP;Observação',
    `PED-000001;${session('a')};123.456.789-09;joao@example.com.br;(11) 98765-4321;01310-100;Cliente “VIP” – ação €`,
    `PED-000002;${session('b')};012.345.678-90;maria@example.com.br;11 9876;04538-132;`,
    `PED-000001;${session('c')};123.456.789-09;jose@example.com.br;+55 21 99876-5432;20040-002;"duplicado; revisar"`,
    ';;;;;;',
    `PED-000003;${session('d')};00000000191;ana@example.com.br;21998765432;"01001-000";`,
  ];
  const read = readSpreadsheet(
    cp1252(lines.join('\r\n') + '\r\n'),
    'C:\\exports\\pedidos março.csv',
  );

  it('is read as Windows-1252 with ; and its accents, quotes and euro intact', () => {
    const book = value(read);
    expect(book).toMatchObject({
      kind: 'csv',
      encoding: 'windows-1252',
      delimiter: ';',
      sheet: 'pedidos março',
      sheetNames: ['pedidos março'],
    });
    expect(book.rows[0]).toEqual([
      { text: 'Relatório de transações – março/2024', numeric: false },
    ]);
    expect(book.rows[3]?.[6]?.text).toBe('Cliente “VIP” – ação €');
    expect(book.rows[5]?.[6]?.text).toBe('duplicado; revisar');
    expect(book.rows.length).toBe(8);
  });

  it('finds the header, maps the columns and flags the bad phone and the duplicate', () => {
    const rows = value(read).rows;
    const headerRow = detectHeaderRow(rows);
    expect(headerRow).toBe(2);
    const mapping = autoMapColumns(headerTexts(rows, headerRow));
    expect(mapping).toEqual({
      externalID: 0,
      sessionID: 1,
      cpf: 2,
      email: 3,
      phone: 4,
      zipCode: 5,
    });

    const sources = rowsToTransactions(rows, headerRow, mapping);
    expect(sources.map((source) => source.row)).toEqual([4, 5, 6, 8]);
    expect(findDuplicateExternalIds(sources)).toEqual([{ externalID: 'PED-000001', rows: [4, 6] }]);

    const checks = sources.map((source) => validateTransaction(source.raw));
    expect(checks.map((check) => check.ok)).toEqual([true, false, true, true]);
    const bad = checks[1];
    expect(bad && !bad.ok && bad.problems.map((problem) => problem.field)).toEqual([
      'phone',
      'phone.number',
    ]);
    expect(checks[0]?.ok && checks[0].value).toEqual({
      sessionID: session('a'),
      externalID: 'PED-000001',
      cpf: '12345678909',
      email: 'joao@example.com.br',
      phone: { countryCode: '55', cityCode: '11', number: '987654321' },
      zipCode: '01310100',
    });
    expect(checks[3]?.ok && checks[3].value.cpf).toBe('00000000191');
  });
});

describe('CSV encodings and delimiters', () => {
  const sample = 'Pedido,Nota\r\nPED-1,Ação – “teste” €\r\n';

  it('reads UTF-8 with and without a byte order mark', () => {
    const plain = value(readSpreadsheet(utf8(sample), 'a.csv'));
    expect(plain.encoding).toBe('utf-8');
    expect(plain.rows[1]?.[1]?.text).toBe('Ação – “teste” €');
    const marked = value(readSpreadsheet(utf8('\ufeff' + sample), 'a.csv'));
    expect(marked.encoding).toBe('utf-8-bom');
    expect(marked.rows[0]?.[0]?.text).toBe('Pedido');
    expect(marked.rows[1]?.[1]?.text).toBe('Ação – “teste” €');
  });

  it('refuses a UTF-8 file holding a Windows-1252 byte, in every reader of CSV', () => {
    const bytes = new Uint8Array([...utf8('Pedido;Nome\nPED-AÇÃO-01;João\nPED-2;M'), 0xe1, 0x0a]);
    const problem = problemOf(readSpreadsheet(bytes, 'mixed.csv'));
    expect(problem).toMatchObject({ code: 'mixed_encoding', line: 3 });
    const rows = readSpreadsheetRows(bytes, 'mixed.csv');
    expect(rows.ok ? null : rows.problem).toEqual(problem);
  });

  it('reads tab- and comma-separated files, quoted newlines included', () => {
    const tabs = value(
      readSpreadsheet(utf8('CPF\tPedido\n00123456789\t"linha 1\nlinha 2"\n'), 't.tsv'),
    );
    expect(tabs.delimiter).toBe('\t');
    expect(texts(tabs.rows)).toEqual([
      ['CPF', 'Pedido'],
      ['00123456789', 'linha 1\nlinha 2'],
    ]);
    const commas = value(readSpreadsheet(utf8('a,b\n"x,1",2\n'), 'c.csv'));
    expect(commas.delimiter).toBe(',');
    expect(texts(commas.rows)).toEqual([
      ['a', 'b'],
      ['x,1', '2'],
    ]);
  });
});

describe('xlsx and xls', () => {
  const rows = [
    ['Pedido', 'CPF', 'Valor', 'Data', 'Ativo', 'CEP'],
    ['00042', '01234567890', 1.5, new Date(Date.UTC(2024, 0, 15)), true, 1310100],
    ['PED-2', 1234567890, 12345678909, null, false, '04538132'],
  ];

  it.each(['xlsx', 'xls'] as const)(
    'round-trips a %s, keeping text zeros and number digits',
    (kind) => {
      const book = value(readSpreadsheet(bookBytes(rows, kind), `pedidos.${kind}`));
      expect(book.kind).toBe(kind);
      expect(book.sheetNames).toEqual(['Pedidos']);
      expect(book.encoding).toBeUndefined();
      expect(book.rows).toEqual([
        rows[0]?.map((text) => ({ text, numeric: false })),
        [
          { text: '00042', numeric: false },
          { text: '01234567890', numeric: false },
          { text: '1.5', numeric: true },
          // A Date is written under Excel's built-in format 14, shown in the computer's own date
          // style: the ISO date is kept, not SheetJS's English 1/15/24 (date-cells.ts).
          { text: '2024-01-15', numeric: false, date: '2024-01-15' },
          { text: 'TRUE', numeric: false },
          { text: '1310100', numeric: true },
        ],
        [
          { text: 'PED-2', numeric: false },
          { text: '1234567890', numeric: true },
          { text: '12345678909', numeric: true },
          null,
          { text: 'FALSE', numeric: false },
          { text: '04538132', numeric: false },
        ],
      ]);
    },
  );

  it('restores a CPF and CEP that lost their leading zeros as numbers, and notes it', () => {
    const book = value(readSpreadsheet(bookBytes(rows, 'xlsx'), 'p.xlsx'));
    const mapping = autoMapColumns(headerTexts(book.rows, 0));
    const [first, second] = rowsToTransactions(book.rows, 0, mapping);
    expect(first?.raw.zipCode).toBe('01310100');
    expect(first?.notes).toEqual(['zip_padded']);
    expect(second?.raw.cpf).toBe('01234567890');
    expect(second?.notes).toEqual(['cpf_padded']);
  });

  it('reads a number under a zero-padded format as Excel shows it and saves it as CSV', () => {
    const padded = (sheet: XLSX.WorkSheet) => {
      for (const at of ['B2', 'B3']) (sheet[at] as XLSX.CellObject).z = '000000000';
      (sheet.C2 as XLSX.CellObject).z = '00000\\-000';
    };
    const ids = [
      ['Sessão', 'Pedido', 'CEP'],
      [session('a'), 123456, 1310100],
      [session('b'), 7654321, 4538132],
      [session('c'), 'PED-000003', 20040002],
    ];
    const xlsx = bookBytes(ids, 'xlsx', padded);
    // What Excel shows, and writes when it saves the sheet as CSV.
    const shown = XLSX.utils.sheet_to_csv(XLSX.read(xlsx).Sheets.Pedidos as XLSX.WorkSheet);
    expect(shown.split('\n').map((line) => line.split(',').slice(1))).toEqual([
      ['Pedido', 'CEP'],
      ['000123456', '01310-100'],
      ['007654321', '4538132'],
      ['PED-000003', '20040002'],
    ]);
    const transactions = (rows: Cell[][]) =>
      rowsToTransactions(rows, 0, autoMapColumns(headerTexts(rows, 0)));
    const csv = transactions(value(readSpreadsheet(utf8(shown), 'p.csv')).rows);
    expect(csv.map((row) => row.raw.externalID)).toEqual(['000123456', '007654321', 'PED-000003']);
    const sheetjs = readSheet(xlsx, undefined, resolveLimits());
    for (const rows of [
      value(readSpreadsheet(xlsx, 'p.xlsx')).rows,
      value(readSpreadsheet(bookBytes(ids, 'xls', padded), 'p.xls')).rows,
      sheetjs.ok ? sheetjs.value.rows : [],
    ])
      expect(transactions(rows)).toEqual(csv);
  });

  it('keeps merged values top-left and formula results as cached', () => {
    const bytes = bookBytes([['Título', 'escondido'], ['x']], 'xlsx', (sheet) => {
      sheet['!merges'] = [{ s: { r: 0, c: 0 }, e: { r: 0, c: 1 } }];
      sheet.B2 = { t: 'n', v: 7, f: 'SUM(1,1)' };
      sheet['!ref'] = 'A1:B2';
    });
    expect(texts(value(readSpreadsheet(bytes, 'm.xlsx')).rows)).toEqual([['Título'], ['x', '7']]);
  });

  it('reads by content, whatever the name says', () => {
    expect(value(readSpreadsheet(bookBytes(rows, 'xlsx'), 'pedidos.csv')).kind).toBe('xlsx');
    expect(value(readSpreadsheet(bookBytes(rows, 'xls'), 'pedidos.xlsx')).kind).toBe('xls');
    expect(value(readSpreadsheet(utf8('a;b\n'), 'pedidos.xlsx')).kind).toBe('csv');
  });

  it('reads the chosen sheet or says it is missing', () => {
    const problem = problemOf(
      readSpreadsheet(bookBytes(rows, 'xlsx'), 'p.xlsx', { sheet: 'Plan2' }),
    );
    expect(problem).toEqual({
      code: 'no_sheet',
      message: 'The workbook has no sheet named "Plan2"; its sheets are "Pedidos".',
    });
    expect(
      value(readSpreadsheet(bookBytes(rows, 'xlsx'), 'p.xlsx', { sheet: 'Pedidos' })).sheet,
    ).toBe('Pedidos');
  });
});
