/**
 * xlsx and xls files through SheetJS. Only the chosen sheet is parsed (for xlsx; the xls parser
 * reads them all), at most a full Excel sheet is materialised (`sheetJsRows`), formulas are not
 * read (their cached values are), and merged areas keep their value in the top-left cell only
 * (the areas are returned, so a row whose cell is covered is told so: merged-cells.ts).
 */
import * as XLSX from 'xlsx';
import { cellFromSheet } from './cell-text';
import { checkGrid, hasContent, maxSheetRows, rowsToKeep, trimRow, trimRows } from './grid';
import { maxSpreadsheetRows, type Limits } from './limits';
import { mergesWithValues } from './merged-cells';
import { pastLastRow } from './problem';
import type { Cell, MergedArea, ReadProblem } from './types';

export interface SheetRead {
  sheetNames: string[];
  sheet: string;
  /** Sheets Excel does not show (see `Workbook`). */
  hiddenSheets?: string[];
  rows: Cell[][];
  /** Rows Excel hides, 1-based (see `Workbook`). */
  hiddenRows?: number[];
  /** Merged cells with a value, which Excel shows across them (see `Workbook`). */
  merges?: MergedArea[];
}

export type SheetResult = { ok: true; value: SheetRead } | { ok: false; problem: ReadProblem };

/**
 * Reads one sheet: `sheet` by name, or else the first visible one. SheetJS errors are thrown to
 * the caller, which knows what kind of file it passed in and words the problem.
 */
export function readSheet(
  bytes: Uint8Array,
  sheet: string | undefined,
  limits: Limits,
): SheetResult {
  let book = parse(bytes, sheet ?? 0, limits);
  const names = book.SheetNames;
  const name = sheet ?? firstVisible(book);
  const missing = missingSheet(names, name);
  if (missing !== null) return missing;
  // The first sheet was hidden: parse the visible one the analyst sees when opening the file.
  // An own property, as a sheet may be named `constructor`, which every object has.
  if (!Object.hasOwn(book.Sheets, name)) book = parse(bytes, name, limits);
  const worksheet = book.Sheets[name];
  // Checked before the rows become cells: the rows above it would be a million empty rows.
  const past = rowPastLast(worksheet);
  if (past !== null) return { ok: false, problem: pastLastRow(past) };
  const rows = worksheet === undefined ? [] : sheetRows(worksheet, isDate1904(book));
  // Read before the rows are trimmed, while every first cell is where the area says.
  const merges = mergesWithValues(rows, worksheet?.['!merges'] ?? []);
  // Every row of Excel's grid was read, so none with a value is left past the cap.
  const finished = finishSheet(names, name, rows, 0, limits);
  const hidden = hiddenRows(worksheet);
  if (finished.ok && hidden.length > 0) finished.value.hiddenRows = hidden;
  if (finished.ok && merges.length > 0) finished.value.merges = merges;
  const hiddenSheets = hiddenSheetNames(book);
  if (finished.ok && hiddenSheets.length > 0) finished.value.hiddenSheets = hiddenSheets;
  return finished;
}

/**
 * The rows SheetJS read as hidden, 1-based. An .xls gives them with every read (its ROW records);
 * an xlsx only with `cellStyles`, which this read does not ask for (it makes cells of styled
 * blanks): read.ts reads them from the sheet's XML (`hiddenRowsOf`).
 */
function hiddenRows(worksheet: XLSX.WorkSheet | undefined): number[] {
  const found: number[] = [];
  const info = worksheet?.['!rows'] ?? [];
  for (let r = 0; r < info.length; r += 1) if (info[r]?.hidden === true) found.push(r + 1);
  return found;
}

/** The problem when the workbook has no sheets or none named `name`; null when it has it. */
export function missingSheet(names: readonly string[], name: string): SheetResult | null {
  if (names.length === 0) {
    return { ok: false, problem: { code: 'no_sheet', message: 'The workbook has no sheets.' } };
  }
  if (names.includes(name)) return null;
  return {
    ok: false,
    problem: {
      code: 'no_sheet',
      message: `The workbook has no sheet named "${name}"; its sheets are ${names.map((n) => `"${n}"`).join(', ')}.`,
    },
  };
}

/**
 * The checks every workbook reader ends with. `rows` were read up to the cap (`rowsToKeep`);
 * `rowsPast` counts the rows with a value the reader did not keep, past the cap.
 */
export function finishSheet(
  names: string[],
  name: string,
  rows: Cell[][],
  rowsPast: number,
  limits: Limits,
): SheetResult {
  trimRows(rows);
  if (!hasContent(rows)) {
    return { ok: false, problem: { code: 'empty', message: `The sheet "${name}" is empty.` } };
  }
  const problem = checkGrid(rows, rowsPast, limits);
  if (problem !== null) return { ok: false, problem };
  return { ok: true, value: { sheetNames: names, sheet: name, rows } };
}

/**
 * The rows SheetJS reads, blank ones included: a full Excel sheet below as many title lines as the
 * row limit looks through (`maxSheetRows`), whatever the limit. A lower cap could cut a sheet
 * within it: SheetJS's cap counts blank rows, and it skips the rows past it without a trace when
 * the sheet has no `<dimension>` or a stale one (other writers than Excel leave it out), so
 * neither what was read nor the dimension can tell that rows were left out. The most this holds
 * is what the default limit holds; a file over a low limit costs as much to refuse.
 */
export function sheetJsRows(limits: Limits): number {
  return Math.max(rowsToKeep(limits), maxSheetRows);
}

function parse(bytes: Uint8Array, sheets: string | number, limits: Limits): XLSX.WorkBook {
  return XLSX.read(bytes, sheetReadOptions(sheets, limits));
}

/** The SheetJS options of the app's read, also the baseline of `npm run bench` (same work). */
export function sheetReadOptions(sheets: string | number, limits: Limits): XLSX.ParsingOptions {
  return {
    type: 'array',
    dense: true,
    sheets,
    cellFormula: false,
    cellHTML: false,
    cellNF: true, // the number format tells dates from numbers
    cellText: false, // raw values are used, so formatting every cell as Excel shows it is skipped
    sheetRows: sheetJsRows(limits),
  };
}

/** The sheets the workbook marks hidden (1) or very hidden (2), in order. */
function hiddenSheetNames(book: XLSX.WorkBook): string[] {
  const hidden = new Set(
    (book.Workbook?.Sheets ?? []).filter((s) => (s.Hidden ?? 0) !== 0).map((s) => s.name),
  );
  return book.SheetNames.filter((name) => hidden.has(name));
}

function firstVisible(book: XLSX.WorkBook): string {
  const hidden = new Set(hiddenSheetNames(book));
  return book.SheetNames.find((name) => !hidden.has(name)) ?? book.SheetNames[0] ?? '';
}

function isDate1904(book: XLSX.WorkBook): boolean {
  return book.Workbook?.WBProps?.date1904 === true;
}

/**
 * The first row read past Excel's last (1-based), or null. The rows read are the evidence, never
 * the sheet's dimension, which may be missing or stale.
 */
function rowPastLast(worksheet: XLSX.WorkSheet | undefined): number | null {
  const data = (worksheet?.['!data'] ?? []) as unknown[];
  for (let r = maxSpreadsheetRows; r < data.length; r += 1) if (data[r] !== undefined) return r + 1;
  return null;
}

/** The dense cells as `Cell` rows, indexed from A1 whatever the sheet's used range. */
function sheetRows(worksheet: XLSX.WorkSheet, date1904: boolean): Cell[][] {
  const data = (worksheet['!data'] ?? []) as Array<Array<XLSX.CellObject | undefined> | undefined>;
  const rows: Cell[][] = [];
  for (const source of data) {
    const row: Cell[] = [];
    if (source !== undefined) {
      for (let c = 0; c < source.length; c += 1) row.push(cellFromSheet(source[c], date1904));
    }
    rows.push(row);
  }
  clearCoveredCells(rows, worksheet['!merges'] ?? []);
  for (let r = 0; r < rows.length; r += 1) rows[r] = trimRow(rows[r] ?? []);
  return rows;
}

/** Merged areas that overlap (Excel never writes them) past what any real sheet needs. */
export class OverlappingMerges extends Error {
  readonly problem: ReadProblem = {
    code: 'corrupt',
    message:
      "The sheet's merged cells overlap, which Excel never writes: the file is damaged. Open it " +
      'in Excel, unmerge the cells and save it again.',
  };
}

/**
 * Empties the cells inside a merged area other than its top-left one. Excel keeps them empty, but
 * other writers may leave values there that the analyst never sees. Only cells that exist are
 * visited, so a merge declared over the whole sheet costs no more than the data. Merged areas
 * do not overlap, so the work is about one visit per cell; a file whose merges pile up over the
 * same cells (thousands of copies of one area) is refused before it holds the reader for hours.
 */
export function clearCoveredCells(rows: Cell[][], merges: readonly XLSX.Range[]): void {
  let budget = merges.length * 4 + rows.length * 128;
  for (const row of rows) budget += row.length;
  for (const merge of merges) {
    for (let r = merge.s.r; r <= Math.min(merge.e.r, rows.length - 1); r += 1) {
      const row = rows[r] ?? [];
      const last = Math.min(merge.e.c, row.length - 1);
      budget -= 1 + Math.max(0, last - merge.s.c + 1);
      if (budget < 0) throw new OverlappingMerges();
      for (let c = merge.s.c; c <= last; c += 1) {
        if (r !== merge.s.r || c !== merge.s.c) row[c] = null;
      }
    }
  }
}
