import * as XLSX from 'xlsx';
import { describe, it, expect } from 'vitest';
import { resolveLimits } from './limits';
import { readSheet } from './sheet';
import type { Cell } from './types';

const limits = resolveLimits();

function texts(rows: Cell[][]): Array<Array<string | null>> {
  return rows.map((row) => row.map((cell) => cell?.text ?? null));
}

function bookBytes(
  sheets: Record<string, XLSX.WorkSheet>,
  bookType: 'xlsx' | 'xls' = 'xlsx',
  hidden: string[] = [],
): Uint8Array {
  const book = XLSX.utils.book_new();
  for (const [name, sheet] of Object.entries(sheets))
    XLSX.utils.book_append_sheet(book, sheet, name);
  book.Workbook = {
    Sheets: book.SheetNames.map((name) => ({ name, Hidden: hidden.includes(name) ? 1 : 0 })),
  };
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType }) as ArrayBuffer);
}

const aoa = (rows: unknown[][]) => XLSX.utils.aoa_to_sheet(rows);

describe('readSheet', () => {
  it('reads the first visible sheet and lists them all', () => {
    const bytes = bookBytes({ Oculta: aoa([['x']]), Pedidos: aoa([['Pedido'], ['A1']]) }, 'xlsx', [
      'Oculta',
    ]);
    const read = readSheet(bytes, undefined, limits);
    expect(read.ok && read.value.sheetNames).toEqual(['Oculta', 'Pedidos']);
    expect(read.ok && read.value.sheet).toBe('Pedidos');
    expect(read.ok && texts(read.value.rows)).toEqual([['Pedido'], ['A1']]);
  });

  it('reads a visible sheet named like a member of every object, behind a hidden one', () => {
    for (const name of ['constructor', 'toString', 'hasOwnProperty']) {
      const bytes = bookBytes({ Oculta: aoa([['x']]), [name]: aoa([['Pedido'], ['A1']]) }, 'xlsx', [
        'Oculta',
      ]);
      const read = readSheet(bytes, undefined, limits);
      expect(read.ok && read.value.sheet).toBe(name);
      expect(read.ok && texts(read.value.rows)).toEqual([['Pedido'], ['A1']]);
    }
  });

  it('reads a sheet by name and refuses a missing one', () => {
    const bytes = bookBytes({ Um: aoa([['1']]), Dois: aoa([['2']]) }, 'xls');
    const read = readSheet(bytes, 'Dois', limits);
    expect(read.ok && texts(read.value.rows)).toEqual([['2']]);
    const missing = readSheet(bytes, 'Três', limits);
    expect(!missing.ok && missing.problem).toEqual({
      code: 'no_sheet',
      message: 'The workbook has no sheet named "Três"; its sheets are "Um", "Dois".',
    });
  });

  it('indexes rows and columns from A1 whatever the used range', () => {
    const sheet: XLSX.WorkSheet = {
      C3: { t: 's', v: 'CPF' },
      D4: { t: 's', v: 'x' },
      '!ref': 'C3:D4',
    };
    const read = readSheet(bookBytes({ S: sheet }), undefined, limits);
    expect(read.ok && texts(read.value.rows)).toEqual([
      [],
      [],
      [null, null, 'CPF'],
      [null, null, null, 'x'],
    ]);
  });

  it('keeps the value of a merged area in its top-left cell only', () => {
    const sheet = aoa([
      ['Título', 'hidden value', 'more'],
      ['a', 'b', 'c'],
    ]);
    sheet['!merges'] = [{ s: { r: 0, c: 0 }, e: { r: 0, c: 2 } }];
    const read = readSheet(bookBytes({ S: sheet }), undefined, limits);
    expect(read.ok && texts(read.value.rows)).toEqual([['Título'], ['a', 'b', 'c']]);
  });

  it('gives the cached values of formulas and never evaluates them', () => {
    const sheet = aoa([['Total', 'Nome']]);
    // The cached values disagree with the formulas on purpose: only a re-evaluation would notice.
    sheet.A2 = { t: 'n', v: 5, f: '1+1' };
    sheet.B2 = { t: 's', v: 'cached', f: '"fresh"' };
    sheet['!ref'] = 'A1:B2';
    for (const bookType of ['xlsx', 'xls'] as const) {
      const read = readSheet(bookBytes({ S: sheet }, bookType), undefined, limits);
      expect(read.ok && texts(read.value.rows)).toEqual([
        ['Total', 'Nome'],
        ['5', 'cached'],
      ]);
    }
  });

  it('refuses a sheet longer than the limit, counting from its full extent', () => {
    const rows = [['h'], ...Array.from({ length: 50 }, (_, index) => [index])];
    const read = readSheet(bookBytes({ S: aoa(rows) }), undefined, resolveLimits({ maxRows: 10 }));
    expect(!read.ok && read.problem).toMatchObject({ code: 'too_many_rows', found: 50, limit: 10 });
  });

  it('accepts a sheet exactly at the limit', () => {
    const rows = [['h'], ...Array.from({ length: 10 }, (_, index) => [index])];
    const read = readSheet(bookBytes({ S: aoa(rows) }), undefined, resolveLimits({ maxRows: 10 }));
    expect(read.ok && read.value.rows.length).toBe(11);
  });

  it('calls a sheet without cells empty', () => {
    const read = readSheet(bookBytes({ Vazia: aoa([]) }), undefined, limits);
    expect(!read.ok && read.problem).toEqual({
      code: 'empty',
      message: 'The sheet "Vazia" is empty.',
    });
  });
});

// SheetJS's `sheetRows` caps rows, blank ones included; the row limit counts the filled ones.
describe('readSheet and blank rows past the cap', () => {
  const spaced = (count: number) => {
    const rows: unknown[][] = [['Pedido']];
    for (let n = 1; n <= count; n += 1)
      rows.push([`PED-${n}`], ...Array.from({ length: 80 }, () => []));
    return aoa(rows);
  };

  it.each(['xlsx', 'xls'] as const)('keeps every row of a sheet within the limit (%s)', (kind) => {
    const read = readSheet(
      bookBytes({ Pedidos: spaced(3) }, kind),
      undefined,
      resolveLimits({ maxRows: 3 }),
    );
    if (!read.ok) throw new Error(read.problem.message);
    expect(texts(read.value.rows).filter((row) => row.length > 0)).toEqual([
      ['Pedido'],
      ['PED-1'],
      ['PED-2'],
      ['PED-3'],
    ]);
  });

  it.each(['xlsx', 'xls'] as const)(
    'counts only the filled rows of a sheet over it (%s)',
    (kind) => {
      const read = readSheet(
        bookBytes({ Pedidos: spaced(4) }, kind),
        undefined,
        resolveLimits({ maxRows: 3 }),
      );
      expect(read.ok ? 'read' : read.problem).toMatchObject({ code: 'too_many_rows', found: 4 });
    },
  );
});
