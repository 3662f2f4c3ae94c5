/**
 * The xlsx reader for the usual workbook (XML parts, UTF-8): the chosen sheet is tokenised as it
 * is inflated, so a full sheet (1,048,576 rows) reads in seconds and without holding its XML.
 * Anything it does not know (xlsb, ISO date cells, a part it cannot follow, XML it cannot make
 * sense of) gives `undefined`, and the caller reads the file through SheetJS as before.
 */
import type { Limits } from '../limits';
import {
  clearCoveredCells,
  finishSheet,
  missingSheet,
  OverlappingMerges,
  sheetJsRows,
} from '../sheet';
import type { SheetResult } from '../sheet';
import { rowsToKeep, trimRow } from '../grid';
import { mergesWithValues } from '../merged-cells';
import { tooManyColumns } from '../problem';
import type { ReadProblem } from '../types';
import type { ZipEntry } from '../zip-check';
import { sharedStrings } from './shared-strings';
import { scanHiddenRows, scanMisreadCells, scanSheet } from './sheet-xml';
import type { Cell } from '../types';
import { styleFormats } from './styles-xml';
import { workbookParts, XlsxRefused } from './workbook-xml';
import { partText } from './zip-parts';

export function readXlsx(
  bytes: Uint8Array,
  entries: readonly ZipEntry[],
  sheet: string | undefined,
  limits: Limits,
): SheetResult | undefined {
  try {
    const book = workbookParts(bytes, entries);
    const names = book.sheets.map((candidate) => candidate.name);
    const name = sheet ?? (book.sheets.find((s) => !s.hidden) ?? book.sheets[0])?.name ?? '';
    const missing = missingSheet(names, name);
    if (missing !== null) return missing;
    const part = book.sheets.find((candidate) => candidate.name === name)?.part;
    if (part === undefined) return undefined;
    const scan = scanSheet(bytes, part, {
      strings: book.strings ? sharedStrings(bytes, book.strings) : [],
      styles: book.styles ? styleFormats(partText(bytes, book.styles)) : [],
      date1904: book.date1904,
      maxRows: rowsToKeep(limits),
      maxColumns: limits.maxColumns,
    });
    // No value found at all: SheetJS, more lenient with odd XML, says whether the sheet is empty.
    if (scan.lastRow === 0 && scan.tooWide === null) return undefined;
    clearCoveredCells(scan.rows, scan.merges);
    const merges = mergesWithValues(scan.rows, scan.merges);
    for (let r = 0; r < scan.rows.length; r += 1) scan.rows[r] = trimRow(scan.rows[r] ?? []);
    const finished = finishSheet(names, name, scan.rows, scan.rowsPast, limits);
    if (finished.ok && scan.hidden.length > 0) finished.value.hiddenRows = scan.hidden;
    const hiddenSheets = book.sheets.filter((s) => s.hidden).map((s) => s.name);
    if (finished.ok && hiddenSheets.length > 0) finished.value.hiddenSheets = hiddenSheets;
    if (finished.ok && merges.length > 0) finished.value.merges = merges;
    // The rows kept are within the column limit; the cells left out past it decide, after the
    // checks that come before the columns' (too many rows, an empty sheet).
    const wide = scan.tooWide;
    if (wide === null || (!finished.ok && finished.problem.code !== 'too_many_columns'))
      return finished;
    return { ok: false, problem: tooManyColumns(wide.columns, wide.row, limits) };
  } catch (caught) {
    if (caught instanceof XlsxRefused || caught instanceof OverlappingMerges)
      return { ok: false, problem: caught.problem };
    // Whatever else this reader cannot follow, SheetJS reads, or words as a damaged workbook.
    return undefined;
  }
}

/**
 * The rows hidden in the sheet `name`, 1-based, up to `rowsRead` (the rows SheetJS read), read
 * from its XML alone: for a workbook `readXlsx` left to SheetJS. None when the XML cannot be
 * followed (an xlsb, say), as before this was read. A row past Excel's last, which SheetJS may
 * have skipped without a trace, is the problem `readXlsx` gives for it.
 */
export function hiddenRowsOf(
  bytes: Uint8Array,
  entries: readonly ZipEntry[],
  name: string,
  rowsRead: number,
): { ok: true; value: number[] } | { ok: false; problem: ReadProblem } {
  try {
    const part = workbookParts(bytes, entries).sheets.find((s) => s.name === name)?.part;
    return { ok: true, value: part === undefined ? [] : scanHiddenRows(bytes, part, rowsRead) };
  } catch (caught) {
    if (caught instanceof XlsxRefused) return { ok: false, problem: caught.problem };
    return { ok: true, value: [] };
  }
}

/**
 * Puts the cells SheetJS misreads into `rows`, the sheet `name` as SheetJS read it, from its XML
 * alone (see `scanMisreadCells`): formula cells saved without a value, and ISO date cells. An ISO
 * date cell SheetJS read under a date style keeps SheetJS's cell, which says what Excel shows.
 * Nothing changes when the XML cannot be followed (an xlsb, say).
 */
export function addMisreadCells(
  bytes: Uint8Array,
  entries: readonly ZipEntry[],
  name: string,
  rows: Cell[][],
  limits: Limits,
): void {
  let found;
  try {
    const part = workbookParts(bytes, entries).sheets.find((s) => s.name === name)?.part;
    // As far down as SheetJS read, so a cell far below the rows the limit counts is not missed.
    found = part === undefined ? [] : scanMisreadCells(bytes, part, sheetJsRows(limits));
  } catch {
    return;
  }
  for (const { row, column, cell } of found) {
    if (column >= limits.maxColumns) continue;
    while (rows.length <= row) rows.push([]);
    const cells = rows[row] as Cell[];
    while (cells.length < column) cells.push(null);
    if (cell?.date !== undefined && cells[column]?.date !== undefined) continue;
    cells[column] = cell;
  }
}
