import fc from 'fast-check';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { resolveLimits } from '../limits';
import { readSheet } from '../sheet';
import type { SheetResult } from '../sheet';
import { checkZip } from '../zip-check';
import { readXlsx } from './read-xlsx';

const limits = resolveLimits();

/** The xlsx reader's answer; a test fails when it hands the file over to SheetJS. */
function fast(bytes: Uint8Array, sheet?: string, within = limits): SheetResult {
  const zip = checkZip(bytes, within);
  if (!zip.ok) throw new Error(zip.problem.message);
  const read = readXlsx(bytes, zip.entries, sheet, within);
  if (read !== undefined) return read;
  // A sheet without a single value is the one kind it leaves to SheetJS on purpose.
  const sheetjs = readSheet(bytes, sheet, within);
  if (!sheetjs.ok && sheetjs.problem.code === 'empty') return sheetjs;
  throw new Error('the xlsx reader gave the file to SheetJS');
}

type CellSpec =
  | { kind: 'text'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'date'; value: number; format: string }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'error'; value: number }
  | { kind: 'formula'; value: string }
  | { kind: 'empty' };

const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom(
    ' lead',
    'trail ',
    'a&b<c>"d\'',
    '_x0041_',
    'line\r\nbreak',
    '=1+1',
    '0012',
    'ção',
  ),
);
const cellSpec: fc.Arbitrary<CellSpec> = fc.oneof(
  text.map((value) => ({ kind: 'text' as const, value })),
  fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })).map((value) => ({
    kind: 'number' as const,
    value,
  })),
  fc
    .record({
      value: fc.oneof(
        fc.double({ min: -10, max: 80_000, noNaN: true }),
        fc.integer({ min: -10, max: 1e12 }),
      ),
      format: fc.constantFrom(
        'yyyy-mm-dd',
        'dd/mm/yyyy hh:mm',
        'm/d/yy',
        '0.00',
        '[$-416]mmm-yy',
        '000000000',
        '"PED-"000000',
        '00000\\-000',
      ),
    })
    .map((spec) => ({ kind: 'date' as const, ...spec })),
  fc.boolean().map((value) => ({ kind: 'boolean' as const, value })),
  fc.constantFrom(0x00, 0x07, 0x0f, 0x17, 0x1d, 0x24, 0x2a).map((value) => ({
    kind: 'error' as const,
    value,
  })),
  text.map((value) => ({ kind: 'formula' as const, value })),
  fc.constant({ kind: 'empty' as const }),
);

function sheetOf(rows: CellSpec[][]): XLSX.WorkSheet {
  const sheet: XLSX.WorkSheet = {};
  let width = 0;
  rows.forEach((row, r) =>
    row.forEach((spec, c) => {
      width = Math.max(width, c + 1);
      const at = XLSX.utils.encode_cell({ r, c });
      if (spec.kind === 'text') sheet[at] = { t: 's', v: spec.value };
      else if (spec.kind === 'number') sheet[at] = { t: 'n', v: spec.value };
      else if (spec.kind === 'date') sheet[at] = { t: 'n', v: spec.value, z: spec.format };
      else if (spec.kind === 'boolean') sheet[at] = { t: 'b', v: spec.value };
      else if (spec.kind === 'error') sheet[at] = { t: 'e', v: spec.value };
      else if (spec.kind === 'formula') sheet[at] = { t: 's', v: spec.value, f: 'A1&""' };
    }),
  );
  sheet['!ref'] =
    rows.length && width
      ? XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: rows.length - 1, c: width - 1 } })
      : 'A1';
  return sheet;
}

const book = fc.record({
  sheets: fc.array(fc.array(fc.array(cellSpec, { maxLength: 6 }), { maxLength: 8 }), {
    minLength: 1,
    maxLength: 3,
  }),
  hideFirst: fc.boolean(),
  date1904: fc.boolean(),
  sharedStrings: fc.boolean(),
  merge: fc.option(fc.record({ r: fc.nat(3), c: fc.nat(3), h: fc.nat(2), w: fc.nat(2) })),
});

describe('readXlsx', () => {
  it('reads any workbook SheetJS writes exactly as the SheetJS reader does', () => {
    fc.assert(
      fc.property(book, (spec) => {
        const workbook = XLSX.utils.book_new();
        spec.sheets.forEach((rows, i) => {
          const sheet = sheetOf(rows);
          if (i === 0 && spec.merge)
            sheet['!merges'] = [
              {
                s: { r: spec.merge.r, c: spec.merge.c },
                e: { r: spec.merge.r + spec.merge.h, c: spec.merge.c + spec.merge.w },
              },
            ];
          XLSX.utils.book_append_sheet(workbook, sheet, `Folha ${i + 1}`);
        });
        const hidden = spec.hideFirst && spec.sheets.length > 1;
        workbook.Workbook = {
          WBProps: { date1904: spec.date1904 },
          Sheets: workbook.SheetNames.map((name, i) => ({
            name,
            Hidden: hidden && i === 0 ? 1 : 0,
          })),
        };
        const bytes = new Uint8Array(
          XLSX.write(workbook, {
            type: 'array',
            bookType: 'xlsx',
            bookSST: spec.sharedStrings,
          }) as ArrayBuffer,
        );
        expect(fast(bytes)).toEqual(readSheet(bytes, undefined, limits));
        const last = workbook.SheetNames.at(-1);
        expect(fast(bytes, last)).toEqual(readSheet(bytes, last, limits));
        expect(fast(bytes, 'Nenhuma')).toEqual(readSheet(bytes, 'Nenhuma', limits));
      }),
      { numRuns: 300 },
    );
  });
});
