import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { hiddenRowCounter } from './hidden-rows';
import { resolveLimits } from './limits';
import { readSpreadsheet, readSpreadsheetRows } from './read';
import { readXlsx } from './xlsx/read-xlsx';
import { checkZip } from './zip-check';

/** Rows 3 to 6 hidden (by a filter, or by hand), as Excel writes them: `<row hidden="1">`. */
function hiddenRowsBook(): Uint8Array {
  const rows: string[][] = [['Pedido', 'Sessão']];
  for (let i = 1; i <= 6; i += 1) rows.push([`PEDIDO-0000${String(i)}`, `sess-${String(i)}`]);
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  sheet['!rows'] = [];
  for (let r = 2; r <= 5; r += 1) sheet['!rows'][r] = { hidden: true };
  sheet['!autofilter'] = { ref: 'A1:B7' };
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Plan1');
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}

/**
 * An .xls with rows 3 and 4 hidden. SheetJS writes no ROW records, so two are put in after the
 * sheet's DIMENSIONS record, as Excel writes them (flags: hidden, height set, always 0x100).
 */
/** The three SheetJS compound-file helpers used here (the package types CFB as `any`). */
interface CfbFile {
  readonly brand: unique symbol;
}
interface Cfb {
  read(data: Buffer, options: { type: 'buffer' }): CfbFile;
  find(file: CfbFile, path: string): { content: Uint8Array } | null;
  write(file: CfbFile, options: { type: 'buffer' }): Buffer;
  utils: { cfb_add(file: CfbFile, path: string, content: Buffer): void };
}
const cfb = XLSX.CFB as Cfb;

function hiddenRowsXls(): Uint8Array {
  const rows: string[][] = [['Pedido', 'Sessão']];
  for (let i = 1; i <= 4; i += 1) rows.push([`PED-0000${String(i)}`, `sess-${String(i)}`]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Plan1');
  const file = cfb.read(XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer, {
    type: 'buffer',
  });
  const stream = Buffer.from(cfb.find(file, 'Workbook')?.content ?? []);
  let at = 0;
  let bofs = 0;
  for (;;) {
    const type = stream.readUInt16LE(at);
    const length = stream.readUInt16LE(at + 2);
    at += 4 + length;
    if (type === 0x0809) bofs += 1;
    if (bofs === 2 && type === 0x0200) break;
  }
  const rowRecord = (r: number) => {
    const record = Buffer.alloc(20);
    record.writeUInt16LE(0x0208, 0);
    record.writeUInt16LE(16, 2);
    record.writeUInt16LE(r, 4);
    record.writeUInt16LE(2, 8);
    record.writeUInt16LE(0x00ff, 10);
    record.writeUInt32LE(0x20 | 0x40 | 0x100, 16);
    return record;
  };
  const patched = Buffer.concat([
    stream.subarray(0, at),
    rowRecord(2),
    rowRecord(3),
    stream.subarray(at),
  ]);
  cfb.utils.cfb_add(file, 'Workbook', patched);
  return new Uint8Array(cfb.write(file, { type: 'buffer' }));
}

/**
 * `hiddenRowsBook` with a date written as an ISO date cell (`t="d"`), which the fast xlsx reader
 * leaves to SheetJS: the whole file is then read through SheetJS.
 */
function hiddenRowsDateBook(): Uint8Array {
  const rows: unknown[][] = [['Pedido', 'Sessão', 'Data']];
  for (let i = 1; i <= 6; i += 1)
    rows.push([`PEDIDO-0000${String(i)}`, `sess-${String(i)}`, new Date(Date.UTC(2024, 0, i))]);
  const sheet = XLSX.utils.aoa_to_sheet(rows, { cellDates: true });
  sheet['!rows'] = [];
  for (let r = 2; r <= 5; r += 1) sheet['!rows'][r] = { hidden: true };
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Plan1');
  const options = { type: 'array', bookType: 'xlsx', cellDates: true } as const;
  return new Uint8Array(XLSX.write(book, options) as ArrayBuffer);
}

describe('rows Excel hides', () => {
  it('are found in an xlsx read through SheetJS, when the fast reader leaves it', () => {
    const bytes = hiddenRowsDateBook();
    const limits = resolveLimits({});
    const zip = checkZip(bytes, limits);
    if (!zip.ok) throw new Error(zip.problem.message);
    expect(readXlsx(bytes, zip.entries, undefined, limits)).toBeUndefined();
    const read = readSpreadsheet(bytes, 'pedidos.xlsx');
    if (!read.ok) throw new Error(read.problem.message);
    expect(read.value.kind).toBe('xlsx');
    expect(read.value.rows).toHaveLength(7);
    expect(read.value.hiddenRows).toEqual([3, 4, 5, 6]);
    const rows = readSpreadsheetRows(bytes, 'pedidos.xlsx');
    if (!rows.ok) throw new Error(rows.problem.message);
    expect(rows.value.hiddenRows).toEqual([3, 4, 5, 6]);
  });

  it('are found in an .xls too (SheetJS reads its ROW records)', () => {
    const read = readSpreadsheet(hiddenRowsXls(), 'pedidos.xls');
    if (!read.ok) throw new Error(read.problem.message);
    expect(read.value.kind).toBe('xls');
    expect(read.value.rows).toHaveLength(5);
    expect(read.value.hiddenRows).toEqual([3, 4]);
  });

  it('are read with the others, and their row numbers are kept', () => {
    const read = readSpreadsheet(hiddenRowsBook(), 'pedidos.xlsx');
    if (!read.ok) throw new Error(read.problem.message);
    expect(read.value.rows).toHaveLength(7);
    expect(read.value.hiddenRows).toEqual([3, 4, 5, 6]);
    const rows = readSpreadsheetRows(hiddenRowsBook(), 'pedidos.xlsx');
    if (!rows.ok) throw new Error(rows.problem.message);
    expect(rows.value.hiddenRows).toEqual([3, 4, 5, 6]);
  });

  it('are none in a sheet without them, or in a CSV', () => {
    const csv = readSpreadsheet(new TextEncoder().encode('a;b\r\n1;2\r\n'), 'p.csv');
    expect(csv.ok && csv.value.hiddenRows).toBeFalsy();
  });

  it('are counted among the rows seen, in order', () => {
    const counter = hiddenRowCounter([1, 4, 5, 9]);
    for (const row of [2, 3, 4, 5, 6, 10]) counter.see(row);
    expect(counter.count).toBe(2);
    expect(hiddenRowCounter(undefined).count).toBe(0);
  });
});
