import JSZip from 'jszip';
import * as XLSX from 'xlsx';
import { beforeAll, describe, it, expect } from 'vitest';
import { zipBomb } from '../../tests/support/bad-fixtures';
import { readSpreadsheet, readSpreadsheetRows } from './read';
import type { Cell, ReadProblem, ReadResult, Workbook } from './types';

/** Files readSpreadsheet refuses, and the limits it applies. */

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

function bookBytes(rows: unknown[][], bookType: 'xlsx' | 'xls'): Uint8Array {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Pedidos');
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType }) as ArrayBuffer);
}

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('limits', () => {
  const csvOf = (dataRows: number) => {
    const lines = ['Pedido;CPF'];
    for (let index = 0; index < dataRows; index += 1) lines.push(`PED-${index};12345678909`);
    return utf8(lines.join('\n') + '\n');
  };

  // The default (1,048,576) is proven in limits.test.ts and problem.test.ts; the counting is
  // proven here under a lower limit, so the suite does not build a million-row file.
  it('accepts as many data rows as the limit and refuses one more, with the counts', () => {
    const limits = { maxRows: 1000 };
    expect(value(readSpreadsheet(csvOf(1000), 'ok.csv', { limits })).rows.length).toBe(1001);
    expect(problemOf(readSpreadsheet(csvOf(1001), 'big.csv', { limits }))).toEqual({
      code: 'too_many_rows',
      message:
        'The file has 1,001 data rows; the limit is 1,000. Split the file, or raise the largest-spreadsheet setting (Settings in the app; dcdesk settings set maxRows N).',
      limit: 1000,
      found: 1001,
    });
  });

  it('refuses an xlsx of one row past the limit rather than cutting it', () => {
    const rows: unknown[][] = [['Pedido', 'CPF', 'E-mail']];
    for (let index = 0; index < 1001; index += 1) rows.push([`PED-${index}`, 12345678909, 'a@b.c']);
    const limits = { maxRows: 1000 };
    const problem = problemOf(readSpreadsheet(bookBytes(rows, 'xlsx'), 'big.xlsx', { limits }));
    expect(problem).toMatchObject({ code: 'too_many_rows', limit: 1000, found: 1001 });
    expect(problem.message).toMatch(/^The file has 1,001 data rows; the limit is 1,000\./);
  });

  it('refuses an xlsx far past a lower limit, counting its full length', () => {
    const rows = [['h'], ...Array.from({ length: 500 }, (_, index) => [index])];
    const problem = problemOf(
      readSpreadsheet(bookBytes(rows, 'xlsx'), 'b.xlsx', { limits: { maxRows: 20 } }),
    );
    expect(problem).toMatchObject({ code: 'too_many_rows', limit: 20, found: 500 });
  });

  // Data rows are counted from the header row: a report's title lines above it are not data.
  it('counts data rows from the header, not from a title above it, in every kind', () => {
    const title = ['Relatório de pedidos'];
    const sheet = (dataRows: number) => [
      title,
      ['gerado em 27/11/2026'],
      ['Pedido', 'CPF'],
      ...Array.from({ length: dataRows }, (_, index) => [`PED-${index}`, '12345678909']),
    ];
    const csv = (dataRows: number) =>
      utf8(
        sheet(dataRows)
          .map((row) => row.join(';'))
          .join('\n') + '\n',
      );
    const limits = { maxRows: 30 };
    const files = (dataRows: number): Array<[string, Uint8Array]> => [
      ['t.csv', csv(dataRows)],
      ['t.xlsx', bookBytes(sheet(dataRows), 'xlsx')],
      ['t.xls', bookBytes(sheet(dataRows), 'xls')],
    ];
    for (const [name, bytes] of files(30)) {
      expect(value(readSpreadsheet(bytes, name, { limits })).rows.length, name).toBe(33);
      expect(readSpreadsheetRows(bytes, name, { limits }).ok, name).toBe(true);
    }
    for (const [name, bytes] of files(31)) {
      expect(problemOf(readSpreadsheet(bytes, name, { limits })), name).toMatchObject({
        code: 'too_many_rows',
        found: 31,
      });
      const rows = readSpreadsheetRows(bytes, name, { limits });
      expect(rows.ok ? null : rows.problem, name).toMatchObject({ found: 31 });
    }
  });

  it('refuses too many columns', () => {
    const header = Array.from({ length: 101 }, (_, index) => `c${index}`).join(';');
    const problem = problemOf(readSpreadsheet(utf8(`${header}\n1;2\n`), 'wide.csv'));
    expect(problem).toMatchObject({ code: 'too_many_columns', limit: 100, found: 101 });
    expect(problem.message).toMatch(/^Row 1 has 101 columns; the limit is 100, which no setting/);
  });

  it('refuses a cell over the size limit, naming it', () => {
    const problem = problemOf(readSpreadsheet(utf8(`a;b\n1;${'x'.repeat(40_000)}\n`), 'huge.csv'));
    expect(problem).toMatchObject({ code: 'too_large', cell: 'B2', limit: 32_767, found: 40_000 });
  });

  it('refuses a file over the size limit before reading it', () => {
    const problem = problemOf(
      readSpreadsheet(utf8('a;b\n1;2\n'), 'x.csv', { limits: { maxFileBytes: 4 } }),
    );
    expect(problem).toMatchObject({ code: 'too_large', limit: 4, found: 8 });
  });
});

describe('files that are not what they seem', () => {
  let bomb: Uint8Array;
  beforeAll(async () => {
    bomb = await zipBomb(50);
  });

  it('refuses a zip bomb in milliseconds', () => {
    const started = performance.now();
    const problem = problemOf(readSpreadsheet(bomb, 'bomb.xlsx'));
    expect(performance.now() - started).toBeLessThan(100);
    expect(problem.code).toBe('zip_bomb');
  });

  it('calls an empty file empty and a header alone fine', () => {
    expect(problemOf(readSpreadsheet(new Uint8Array(0), 'e.csv'))).toEqual({
      code: 'empty',
      message: 'The file is empty.',
    });
    expect(problemOf(readSpreadsheet(utf8('\r\n \r\n'), 'e.csv')).code).toBe('empty');
    expect(texts(value(readSpreadsheet(utf8('Pedido;CPF\r\n'), 'h.csv')).rows)).toEqual([
      ['Pedido', 'CPF'],
    ]);
  });

  it('refuses a renamed program', () => {
    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0]);
    expect(problemOf(readSpreadsheet(exe, 'pedidos.xlsx')).code).toBe('unsupported');
  });

  it('calls a truncated xlsx or xls corrupt', () => {
    const rows = [['Pedido'], ...Array.from({ length: 200 }, (_, index) => [`PED-${index}`])];
    for (const kind of ['xlsx', 'xls'] as const) {
      const whole = bookBytes(rows, kind);
      const problem = problemOf(readSpreadsheet(whole.slice(0, whole.length / 2), `t.${kind}`));
      expect(problem.code).toBe('corrupt');
      expect(problem.message).toMatch(/damaged or incomplete/);
    }
  });

  it('calls an xlsx with a garbled part damaged, where the parser would loop forever', () => {
    const rows = [['Pedido'], ...Array.from({ length: 200 }, (_, index) => [`PED-${index}`])];
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Pedidos');
    const options = { type: 'array', bookType: 'xlsx', compression: true } as const;
    const bytes = new Uint8Array(XLSX.write(book, options) as ArrayBuffer);
    // Four bytes of 0xff where the sheet's deflated data starts: an invalid block type.
    const name = Buffer.from(bytes).indexOf('xl/worksheets/sheet1.xml');
    const data = name + 'xl/worksheets/sheet1.xml'.length;
    bytes.fill(0xff, data, data + 4);
    const problem = problemOf(readSpreadsheet(bytes, 'garbled.xlsx'));
    expect(problem).toMatchObject({
      code: 'corrupt',
      detail: 'part xl/worksheets/sheet1.xml is damaged',
    });
    expect(problem.message).toMatch(/damaged or incomplete/);
  });

  it('refuses a password-protected workbook with a way out', () => {
    const cfb = XLSX.CFB as {
      utils: { cfb_new(): unknown; cfb_add(cfb: unknown, name: string, data: Uint8Array): void };
      write(cfb: unknown, options: { type: 'array' }): ArrayLike<number>;
    };
    const container = cfb.utils.cfb_new();
    cfb.utils.cfb_add(container, 'EncryptionInfo', new Uint8Array(64).fill(1));
    cfb.utils.cfb_add(container, 'EncryptedPackage', new Uint8Array(64).fill(2));
    const problem = problemOf(
      readSpreadsheet(Uint8Array.from(cfb.write(container, { type: 'array' })), 'p.xlsx'),
    );
    expect(problem.code).toBe('unsupported');
    expect(problem.message).toMatch(/^The workbook is protected with a password/);
  });

  it('refuses a zip that is not a workbook', async () => {
    const zip = new JSZip();
    zip.file('[Content_Types].xml', '<Types/>');
    zip.file('word/document.xml', '<document/>');
    const bytes = await zip.generateAsync({ type: 'uint8array' });
    expect(problemOf(readSpreadsheet(bytes, 'x.xlsx')).message).toMatch(/not an Excel workbook/);
  });

  it('never throws, whatever the bytes', () => {
    const heads = [[0x50, 0x4b, 3, 4], [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], [0x41]];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) % 256;
    for (const head of heads) {
      for (let round = 0; round < 30; round += 1) {
        const bytes = Uint8Array.from([
          ...head,
          ...Array.from({ length: 64 + round * 37 }, random),
        ]);
        const result = readSpreadsheet(bytes, 'junk.xlsx');
        expect(typeof (result.ok ? result.value.kind : result.problem.code)).toBe('string');
      }
    }
  });
});
