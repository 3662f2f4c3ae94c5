/** The shape limits every kind of file shares: rows, columns and the size of one cell. */
import { headerSearchRows, namedHeaderRow } from './header';
import { cellTooLarge, tooManyColumns, tooManyRows } from './problem';
import type { Limits } from './limits';
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

/** Whether any cell holds more than white space: a file of blanks counts as empty. */
export function hasContent(rows: Cell[][]): boolean {
  return rows.some((row) => row.some((cell) => cell !== null && cell.text.trim() !== ''));
}

/**
 * The rows a reader keeps to apply the row limit: up to 19 rows above the header (a report's
 * title and date lines, see `headerSearchRows`), the header, the limit, and one more to see that
 * a file is over it.
 */
export const rowsToKeep = (limits: Limits) => limits.maxRows + headerSearchRows + 1;

/**
 * Where data rows start: after the header row `detectHeaderRow` finds by its field names, else
 * after the first non-empty row. Title lines above a header are not data.
 */
export function headerRowOf(rows: Cell[][]): number {
  const named = namedHeaderRow(rows);
  return named >= 0
    ? named
    : Math.max(
        rows.findIndex((row) => row.length > 0),
        0,
      );
}

/**
 * Applies the limits. `totalRows` counts the rows up to the last non-empty one, including rows
 * the reader did not keep because they were past the limit; the header row and the rows above it
 * do not count (`headerRowOf`).
 */
export function checkGrid(rows: Cell[][], totalRows: number, limits: Limits): ReadProblem | null {
  const dataRows = totalRows - headerRowOf(rows) - 1;
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
