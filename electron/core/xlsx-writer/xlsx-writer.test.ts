import { PassThrough } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { listCell, readSpreadsheet, type OutValue } from '../../../shared/spreadsheet';
import { escapeText, maxCellChars } from './sheet-xml';
import { writeXlsx, type SheetLimits } from './xlsx-writer';

async function written(
  header: string[],
  rows: OutValue[][],
  limits?: SheetLimits,
): Promise<{ bytes: Buffer; sheets: number; rows: number; cutCells: number }> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const result = await writeXlsx(out, { sheetName: 'Results', header, rows }, limits);
  out.end();
  return { bytes: Buffer.concat(chunks), ...result };
}

/** What SheetJS reads back: every sheet's rows, empty cells as null. */
function readBack(bytes: Buffer): { names: string[]; rows: unknown[][][] } {
  const book = XLSX.read(bytes, { type: 'buffer', dense: true });
  return {
    names: book.SheetNames,
    rows: book.SheetNames.map((name) =>
      XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[name] as XLSX.WorkSheet, {
        header: 1,
        raw: true,
        defval: null,
        blankrows: true,
      }),
    ),
  };
}

/** A value as a sheet reads it back: text cut to Excel's limit, nothing for empty or non-finite. */
function expected(value: OutValue): unknown {
  if (value === null || value === '') return null;
  // -0 is written as 0, which is what a spreadsheet shows.
  if (typeof value === 'number') return Number.isFinite(value) ? value + 0 : null;
  // SheetJS's reader turns CRLF into LF even in its own files; the file holds `_x000D_`, which
  // Excel reads as the carriage return.
  return value.slice(0, maxCellChars).replace(/\r\n/g, '\n');
}

/**
 * Rows of three cells, without the trailing rows that hold nothing: a row with no cells is not
 * in the file, so a reader cannot tell it from no row at the end.
 */
function squared(rows: unknown[][]): unknown[][] {
  const square = rows.map((row) => [0, 1, 2].map((column) => row[column] ?? null));
  while (square.at(-1)?.every((value) => value === null)) square.pop();
  return square;
}

describe('writeXlsx', () => {
  it('writes what SheetJS reads back exactly: any text, numbers, empty cells', async () => {
    const cell = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 30 }),
      fc.string({ unit: 'binary', maxLength: 30 }),
      fc.constantFrom('_x0041_', '_x005F_', 'a & <b> "c"', '=1+1', ' padded ', 'line\r\nbreak'),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.constant(null),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(cell, { minLength: 3, maxLength: 3 }), { maxLength: 20 }),
        async (rows) => {
          const { bytes } = await written(['a', 'b', 'c'], rows);
          const [sheet = []] = readBack(bytes).rows;
          const [header, ...body] = sheet;
          expect(header).toEqual(['a', 'b', 'c']);
          expect(squared(body)).toEqual(squared(rows.map((row) => row.map(expected))));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('keeps text made of overlapping `_xHHHH_` patterns exactly, for SheetJS and the app alike', async () => {
    // Pieces that make escapes and near-escapes when joined: `_x005F_x0041_` holds two that
    // share an underscore; a control character is written as an escape that can close one.
    const piece = fc.constantFrom(
      '_',
      'x',
      'X',
      '005F',
      '0041',
      'fFfF',
      '_x',
      '_x005F_',
      '\u000b',
      'a',
    );
    const text = fc.array(piece, { minLength: 1, maxLength: 12 }).map((pieces) => pieces.join(''));
    await fc.assert(
      fc.asyncProperty(fc.array(text, { minLength: 1, maxLength: 5 }), async (ids) => {
        const { bytes } = await written(
          ['id'],
          ids.map((id) => [id]),
        );
        const [, ...body] = readBack(bytes).rows[0] ?? [];
        expect(body.map((row) => row[0] ?? '')).toEqual(ids);
        const read = readSpreadsheet(new Uint8Array(bytes), 'ids.xlsx');
        if (!read.ok) throw new Error('the app could not read its own file');
        expect(read.value.rows.slice(1).map((row) => row[0]?.text ?? '')).toEqual(ids);
      }),
      { numRuns: 300, examples: [[['_x005F_x0041_']], [['_x0041_x0042_']], [['_x0041\u000b']]] },
    );
  });

  it("is read by the app's own import, zip checks included", async () => {
    const { bytes } = await written(
      ['externalID', 'sessionID', 'cpf'],
      [
        ['ORD-000001', 'sess-000000000000000000000001', '012.345.678-90'],
        ['ORD-000002', 'sess-000000000000000000000002', null],
      ],
    );
    const read = readSpreadsheet(new Uint8Array(bytes), 'results.xlsx');
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.value.kind).toBe('xlsx');
    expect(read.value.rows.map((row) => row[0]?.text)).toEqual([
      'externalID',
      'ORD-000001',
      'ORD-000002',
    ]);
  });

  it('continues on a second sheet under the same header when a sheet is full', async () => {
    const rows: OutValue[][] = Array.from({ length: 5 }, (_, index) => [
      `id-${String(index)}`,
      index,
    ]);
    const {
      bytes,
      sheets,
      rows: count,
    } = await written(['id', 'n'], rows, {
      rows: 3,
      characters: 1024 ** 3,
    });
    expect({ sheets, count }).toEqual({ sheets: 3, count: 5 });
    const back = readBack(bytes);
    expect(back.names).toEqual(['Results', 'Results (2)', 'Results (3)']);
    expect(back.rows).toEqual([
      [
        ['id', 'n'],
        ['id-0', 0],
        ['id-1', 1],
      ],
      [
        ['id', 'n'],
        ['id-2', 2],
        ['id-3', 3],
      ],
      [
        ['id', 'n'],
        ['id-4', 4],
      ],
    ]);
  });

  it('starts a new sheet before a sheet grows past what a reader can hold as one string', async () => {
    const rows: OutValue[][] = Array.from({ length: 40 }, (_, index) => [`id-${String(index)}`]);
    const { bytes, sheets } = await written(['id'], rows, { rows: 1_048_576, characters: 900 });
    expect(sheets).toBeGreaterThan(1);
    const back = readBack(bytes).rows;
    expect(back.flatMap(([, ...body]) => body)).toEqual(rows);
    for (const sheet of back) expect(sheet[0]).toEqual(['id']);
  });

  it('writes a header-only sheet for an empty table, and never a formula', async () => {
    const { bytes } = await written(['id'], [['=HYPERLINK("http://x")']]);
    const book = XLSX.read(bytes, { type: 'buffer', cellFormula: true });
    const cell = (book.Sheets.Results as XLSX.WorkSheet).A2 as XLSX.CellObject | undefined;
    expect(cell?.f).toBeUndefined();
    expect(cell?.v).toBe('=HYPERLINK("http://x")');
    expect(readBack((await written(['id'], [])).bytes).rows).toEqual([[['id']]]);
  });

  it("cuts a cell past Excel's limit where a list item ends, marks it, and counts such cells", async () => {
    const devices = Array.from(
      { length: 3000 },
      (_, n) => `dev-similar-${String(n).padStart(8, '0')}`,
    );
    const list = listCell(devices);
    const { bytes, cutCells } = await written(
      ['id', 'similarDevices'],
      [
        ['a', list],
        ['b', 'short'],
        ['c', list],
      ],
    );
    expect(cutCells).toBe(2);
    const [, first] = readBack(bytes).rows[0] ?? [];
    const text = String(first?.[1]);
    expect(text.length).toBeLessThanOrEqual(maxCellChars);
    const match = / … \((\d+) more, see the CSV export\)$/.exec(text);
    const kept = text.slice(0, match?.index).split(' | ');
    expect(kept).toEqual(devices.slice(0, kept.length));
    expect(Number(match?.[1])).toBe(devices.length - kept.length);
  });

  it('escapes what XML cannot hold the way Excel does', () => {
    expect(escapeText('a\u000bb')).toBe('a_x000B_b');
    expect(escapeText('_x0041_')).toBe('_x005F_x0041_');
    expect(escapeText('_x005F_x0041_')).toBe('_x005F_x005F_x005F_x0041_');
    expect(escapeText('_x0041\u000b')).toBe('_x005F_x0041_x000B_');
    expect(escapeText('<&>')).toBe('&lt;&amp;&gt;');
    expect(escapeText('\ud800x')).toBe('\ufffdx');
  });
});
