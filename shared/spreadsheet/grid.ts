/** The shape limits every kind of file shares: rows, columns and the size of one cell. */
import { headerSearchRows, namedHeaderRow } from './header';
import { cellTooLarge, tooManyColumns, tooManyRows } from './problem';
import { maxSpreadsheetRows, type Limits } from './limits';
import type { Cell, ReadProblem } from './types';

/** The row without its trailing empty cells (Excel and CSV exports often pad rows). */
export function trimRow(row: Cell[]): Cell[] {
  let end = row.length;
  while (end > 0 && row[end - 1] == null) end -= 1;
  return end === row.length ? row : row.slice(0, end);
}

/** Drops trailing empty rows in place, and returns the array. */
export function trimRows(rows: Cell[][]): Cell[][] {
  while (rows.length > 0 && (rows[rows.length - 1]?.length ?? 0) === 0) rows.pop();
  return rows;
}

/**
 * Whether any cell holds more than white space. A row without one is blank: every import skips
 * it (`sourceRowOf`, `outcomeRowsFrom`), so the row limit does not count it either.
 */
export function isFilled(row: readonly Cell[]): boolean {
  return row.some((cell) => cell !== null && cell.text.trim() !== '');
}

/** Whether any row is filled: a file of blanks counts as empty. */
export function hasContent(rows: Cell[][]): boolean {
  return rows.some(isFilled);
}

/**
 * How far down the row limit looks for a header when none of the first 20 rows names a field (the
 * rows the import looks through, `headerSearchRows`). A report with more title lines than that is
 * counted from its header, so a low limit lets it through to the import, which says its header
 * was not found, as it does under any limit; counted from its first title line, it was refused
 * as too many rows instead.
 */
export const limitHeaderRows = 100;

/**
 * The filled rows a reader keeps to apply the row limit: the rows above the header (see
 * `limitHeaderRows`), the header, the limit, and one more to see that a file is over it. Blank
 * rows in between are kept too, uncounted: a file within the limit loses none of its rows.
 */
export const rowsToKeep = (limits: Limits) => limits.maxRows + limitHeaderRows + 1;

/**
 * The most rows, blank ones included, a reader holds, whatever the limit: a full Excel sheet
 * below as many title lines as the row limit looks through. A sheet is never longer (Excel's
 * grid); a CSV of more lines, blank ones mostly, is refused (`tooManyLines`) before its empty
 * rows fill the memory.
 */
export const maxSheetRows = maxSpreadsheetRows + limitHeaderRows + 1;

/**
 * Where data rows start, for the row limit: after the header row `detectHeaderRow` finds by its
 * field names, else after a row further down that names fields (`limitHeaderRows`), else after
 * the first non-empty row. Title lines above a header are not data.
 */
export function headerRowOf(rows: Cell[][]): number {
  const named = namedHeaderRow(rows);
  if (named >= 0) return named;
  const below = namedHeaderRow(rows, headerSearchRows, limitHeaderRows);
  if (below >= 0) return below;
  return Math.max(
    rows.findIndex((row) => row.length > 0),
    0,
  );
}

/** The filled rows after `headerRow` (0-based): the data rows the row limit counts. */
export function dataRowsAfter(rows: Cell[][], headerRow: number): number {
  let count = 0;
  for (let index = headerRow + 1; index < rows.length; index += 1)
    if (isFilled(rows[index] ?? [])) count += 1;
  return count;
}

/**
 * Applies the limits. Data rows are the filled rows after the header row (`headerRowOf`), and
 * `rowsNotKept`: the filled rows the reader counted past the ones it kept.
 */
export function checkGrid(rows: Cell[][], rowsNotKept: number, limits: Limits): ReadProblem | null {
  const dataRows = dataRowsAfter(rows, headerRowOf(rows)) + rowsNotKept;
  if (dataRows > limits.maxRows) return tooManyRows(dataRows, limits);
  for (let index = 0; index < rows.length; index += 1) {
    const problem = rowProblem(rows[index] ?? [], index, limits);
    if (problem !== null) return problem;
  }
  return null;
}

/** The column and cell-size limits of one row (`index` 0-based). */
export function rowProblem(row: Cell[], index: number, limits: Limits): ReadProblem | null {
  if (row.length > limits.maxColumns) return tooManyColumns(row.length, index + 1, limits);
  for (let column = 0; column < row.length; column += 1) {
    const length = row[column]?.text.length ?? 0;
    if (length > limits.maxCellChars) return cellTooLarge(length, index + 1, column, limits);
  }
  return null;
}
