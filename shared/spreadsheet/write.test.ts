import * as XLSX from 'xlsx';
import { describe, it, expect } from 'vitest';
import { readSpreadsheet } from './read';
import { listCell } from './list-cell';
import { csvRow, neutraliseFormula, toCsv, toXlsx } from './write';
import type { Cell } from './types';

function texts(rows: Cell[][]): Array<Array<string | null>> {
  return rows.map((row) => row.map((cell) => cell?.text ?? null));
}

describe('neutraliseFormula', () => {
  it('prefixes text that a spreadsheet would run', () => {
    expect(neutraliseFormula('=HYPERLINK("http://x","y")')).toBe('\'=HYPERLINK("http://x","y")');
    expect(neutraliseFormula('+55 11 98765-4321')).toBe("'+55 11 98765-4321");
    expect(neutraliseFormula('-5')).toBe("'-5");
    expect(neutraliseFormula('@SUM(A1)')).toBe("'@SUM(A1)");
    // A tab or a line end separates cells too: what follows it is guarded as well.
    expect(neutraliseFormula('\t=1')).toBe("'\t'=1");
    expect(neutraliseFormula('a;=1,b')).toBe("a;'=1,b");
    expect(neutraliseFormula('\r=1')).toBe("'\r'=1");
  });

  it('leaves other text alone', () => {
    expect(neutraliseFormula('PED-1')).toBe('PED-1');
    expect(neutraliseFormula('a=b')).toBe('a=b');
    expect(neutraliseFormula('')).toBe('');
  });
});

describe('csvRow', () => {
  it('writes a decimal comma when asked, quoting it only where `,` also separates fields', () => {
    expect(csvRow([0.87, 2, 'a'], { separator: ';', decimal: ',' })).toBe('0,87;2;a\r\n');
    expect(csvRow([0.87, -1.5], { separator: ',', decimal: ',' })).toBe('"0,87","-1,5"\r\n');
    expect(csvRow([1.5e-7, null], { separator: ';', decimal: ',' })).toBe('0,00000015;\r\n');
    expect(csvRow([0.87], {})).toBe('0.87\r\n');
  });
});

describe('toCsv', () => {
  it('quotes as RFC 4180 says and ends every row with CRLF', () => {
    const csv = toCsv(
      ['ID', 'Nota'],
      [
        ['PED-1', 'a, "b"\nc'],
        ['PED-2', null],
      ],
    );
    expect(csv).toBe('ID,Nota\r\nPED-1,"a, ""b""\nc"\r\nPED-2,\r\n');
  });

  it('writes numbers as plain digits and text exactly, leading zeros included', () => {
    expect(toCsv(['a', 'b', 'c'], [[12345678909, '00123', 1e21]])).toBe(
      'a,b,c\r\n12345678909,00123,1000000000000000000000\r\n',
    );
    expect(toCsv(['x'], [[Number.NaN]])).toBe('x\r\n\r\n');
  });

  it('neutralises formula-looking text but never numbers', () => {
    expect(toCsv(['v'], [['=1+1'], [-5], ['-5']])).toBe("v\r\n'=1+1\r\n-5\r\n'-5\r\n");
    expect(toCsv(['v'], [['=1+1']], { neutralise: false })).toBe('v\r\n=1+1\r\n');
  });

  it('uses ; and a byte order mark when asked, quoting either separator and tabs', () => {
    expect(toCsv(['a', 'b'], [['1,5', 'x;y']], { separator: ';', bom: true })).toBe(
      '\ufeffa;b\r\n"1,5";"x;y"\r\n',
    );
    expect(toCsv(['a', 'b'], [['x;y', 'p\tq']])).toBe('a,b\r\n"x;y","p\tq"\r\n');
  });

  describe('opened by a spreadsheet that splits on the other separator', () => {
    // Excel in Portuguese splits a CSV on `;`, in English on `,`: a field holding the other one
    // is split there, and what follows starts a cell of its own, quoted or not.
    const attacks = [
      "pedido;=cmd|' /C calc'!A0;",
      "pedido,=cmd|' /C calc'!A0,",
      'a;+1+1',
      'a,-1+1',
      'a;@SUM(1)',
      'a;"=1+1"',
      'a,""=1+1',
      'a\t=1+1',
      'a\n=1+1',
      'a;\t=1+1',
      '=1+1',
    ];
    /** Every cell SheetJS reads as a formula, with either separator. */
    function formulas(csv: string): string[] {
      return [';', ','].flatMap((FS) => {
        const book = XLSX.read(csv, { type: 'string', FS, cellFormula: true });
        const sheet = book.Sheets[book.SheetNames[0] ?? ''] ?? {};
        return Object.entries(sheet)
          .filter(([, cell]) => typeof cell === 'object' && cell !== null && 'f' in cell)
          .map(([name, cell]) => `${FS} ${name}: ${String((cell as XLSX.CellObject).f)}`);
      });
    }

    for (const separator of [',', ';'] as const) {
      it(`runs no formula from a "${separator}" file, wherever the text stands`, () => {
        const rows = attacks.flatMap((text) => [
          [text, 'x'],
          ['x', text],
          ['x', text, 'y'],
        ]);
        const csv = toCsv(['ID', 'DeviceId'], rows, { separator });
        expect(formulas(csv)).toEqual([]);
        // Read with its own separator, every value comes back, the guard quotes aside.
        const read = readSpreadsheet(new TextEncoder().encode(csv), `out.csv`);
        const back = read.ok ? read.value.rows.slice(1).map((row) => row[0]?.text) : [];
        expect(back.map((text) => text?.replace(/(^|[,;\t\r\n]"*)'/g, '$1'))).toEqual(
          rows.map((row) => row[0]),
        );
      });
    }
  });

  it('reads back through readSpreadsheet unchanged', () => {
    const rows = [
      ['PED-1', 'Ação – “teste” €', 'multi\r\nline'],
      ['0012', '"quoted"', null],
    ];
    const csv = toCsv(['ID', 'Texto', 'Nota'], rows, { separator: ';', bom: true });
    const read = readSpreadsheet(new TextEncoder().encode(csv), 'out.csv');
    expect(read.ok && read.value.encoding).toBe('utf-8-bom');
    expect(read.ok && texts(read.value.rows)).toEqual([
      ['ID', 'Texto', 'Nota'],
      ['PED-1', 'Ação – “teste” €', 'multi\r\nline'],
      ['0012', '"quoted"'],
    ]);
  });
});

describe('toXlsx', () => {
  const bytes = toXlsx(
    'Resultados: março/2024',
    ['ID', 'CPF', 'Score', 'Nota'],
    [
      ['PED-1', '01234567890', 87.5, '=1+1'],
      ['PED-2', '00000000191', null, '@x'],
    ],
  );

  it('writes text as text (formula-like text unchanged), numbers as numbers, and no formula', () => {
    const book = XLSX.read(bytes, { type: 'array', cellFormula: true });
    const name = book.SheetNames[0] ?? '';
    expect(name).toBe('Resultados  março 2024');
    const sheet = book.Sheets[name] ?? {};
    expect(sheet.B2).toMatchObject({ t: 's', v: '01234567890' });
    expect(sheet.C2).toMatchObject({ t: 'n', v: 87.5 });
    // A text cell of an xlsx is never run: the ID stays exactly as it was, with no `'` added.
    expect(sheet.D2).toMatchObject({ t: 's', v: '=1+1' });
    expect(sheet.D3).toMatchObject({ t: 's', v: '@x' });
    expect(Object.values(sheet).some((cell) => typeof cell === 'object' && 'f' in cell)).toBe(
      false,
    );
    expect(sheet.C3).toBeUndefined();
  });

  it('reads back through readSpreadsheet with leading zeros intact', () => {
    const read = readSpreadsheet(bytes, 'out.xlsx');
    expect(read.ok && read.value.kind).toBe('xlsx');
    expect(read.ok && read.value.rows).toEqual([
      [
        { text: 'ID', numeric: false },
        { text: 'CPF', numeric: false },
        { text: 'Score', numeric: false },
        { text: 'Nota', numeric: false },
      ],
      [
        { text: 'PED-1', numeric: false },
        { text: '01234567890', numeric: false },
        { text: '87.5', numeric: true },
        { text: '=1+1', numeric: false },
      ],
      [
        { text: 'PED-2', numeric: false },
        { text: '00000000191', numeric: false },
        null,
        { text: '@x', numeric: false },
      ],
    ]);
  });

  it('cuts text to the 32,767 characters Excel allows, saying so in the cell', () => {
    const long = toXlsx('S', ['a'], [['x'.repeat(40_000)], [listCell(Array(5000).fill('dev-1'))]]);
    const read = readSpreadsheet(long, 'long.xlsx');
    const [, one, list] = read.ok ? read.value.rows.map((row) => row[0]?.text ?? '') : [];
    expect(one?.length).toBeLessThanOrEqual(32_767);
    expect(one).toMatch(/^x+ … \(\d+ more characters, see the CSV export\)$/);
    expect(list).toMatch(/^dev-1( \| dev-1)* … \(\d+ more, see the CSV export\)$/);
  });
});
