/**
 * An outcomes sheet's rows sorted by what keeps them from being applied, as the Review screen's
 * worker and `dcdesk outcomes import` both need them (each had its own copy of this).
 */
import { rowsWithDateCells } from '../spreadsheet/date-cells';
import { rowsWithErrors, type ErrorCell } from '../spreadsheet/error-cells';
import { withoutFormulaGuard } from '../spreadsheet/formula';
import { rowsWithFormulas, type FormulaCell } from '../spreadsheet/formula-cells';
import { rowsWithLostDigits } from '../spreadsheet/lost-digits';
import { coveredCells, rangeName } from '../spreadsheet/merged-cells';
import { columnName } from '../spreadsheet/problem';
import type { Cell, MergedArea } from '../spreadsheet/types';
import { outcomeRowsFrom } from './outcome-columns';
import type { OutcomeColumnMapping, OutcomeSheetRow } from './types';
import { maxOutcomeTextLength, type OutcomeImportRow } from '../contract/outcomes';

export interface SortedOutcomeRows {
  /** Rows whose id and outcome cells hold values: the candidates to apply. */
  kept: OutcomeSheetRow[];
  /** Rows with content but no id. */
  blankIds: number[];
  /** Rows whose id Excel stored as a number of more than 15 digits (or its exponent text). */
  lostDigits: Array<{ row: number; transactionId: string }>;
  /**
   * Rows whose id cell Excel shows as a date (`shown`, such as 15/03/2023): the id read
   * (`2023-03-15`) is not the one the analyst meant, so it must not be matched.
   */
  dateCells: OutcomeDateCell[];
  /** Rows (with an id) whose id or outcome cell is an Excel error. */
  errorCells: ErrorCell[];
  /** Rows (with an id) whose id or outcome cell is a formula saved without its value. */
  formulaCells: FormulaCell[];
  /**
   * Rows whose id or outcome cell is covered by merged cells: empty in the file though Excel
   * shows the value of the area's first cell there. Not an unknown outcome nor a missing id.
   */
  mergedCells: OutcomeMergedCell[];
}

/** A row whose id or outcome cell (`C3`, in `column` C) is inside the merged cells `range`. */
export interface OutcomeMergedCell {
  row: number;
  column: string;
  cell: string;
  range: string;
}

/** A row whose id cell is a date: where it is, what Excel shows, and the id as read. */
export interface OutcomeDateCell {
  row: number;
  column: string;
  shown: string;
  transactionId: string;
}

/**
 * The rows whose id or outcome cell merged cells cover (`merges`, those with a value), by row:
 * Excel keeps the value in the area's first cell only, so the others read empty.
 */
function rowsWithMergedCells(
  merges: readonly MergedArea[] | undefined,
  headerRow: number,
  mapping: OutcomeColumnMapping,
  candidates: readonly number[],
): Map<number, OutcomeMergedCell> {
  const found = new Map<number, OutcomeMergedCell>();
  const columns = [mapping.transactionId, mapping.outcome];
  const covered = coveredCells(merges, columns, headerRow);
  if (covered === undefined) return found;
  for (const row of candidates) {
    for (const column of columns) {
      const merge = column === undefined ? undefined : covered.at(row - 1, column);
      if (merge === undefined || column === undefined) continue;
      const name = columnName(column);
      found.set(row, { row, column: name, cell: `${name}${String(row)}`, range: rangeName(merge) });
      break;
    }
  }
  return found;
}

export function sortOutcomeRows(
  rows: Cell[][],
  headerRow: number,
  mapping: OutcomeColumnMapping,
  merges?: readonly MergedArea[],
): SortedOutcomeRows {
  const mapped = outcomeRowsFrom(rows, headerRow, mapping);
  const lost = rowsWithLostDigits(rows, headerRow, mapping.transactionId);
  const dates = rowsWithDateCells(rows, headerRow, mapping.transactionId);
  const errors = rowsWithErrors(
    rows,
    headerRow,
    [mapping.transactionId, mapping.outcome],
    columnName,
  );
  const formulas = rowsWithFormulas(
    rows,
    headerRow,
    [mapping.transactionId, mapping.outcome],
    columnName,
  );
  // A covered id or outcome cell is why the row reads without it: said, not called missing.
  const merged = rowsWithMergedCells(merges, headerRow, mapping, [
    ...mapped.blankIds,
    ...mapped.rows.map((row) => row.row),
  ]);
  // A row without an id is listed as such already, whatever its outcome cell holds.
  const blank = new Set(mapped.blankIds.filter((row) => !merged.has(row)));
  const sorted: SortedOutcomeRows = {
    kept: [],
    blankIds: [...blank],
    lostDigits: [],
    dateCells: [],
    errorCells: [...errors.values()].filter((cell) => !blank.has(cell.row)),
    formulaCells: [...formulas.values()].filter(
      (cell) => !blank.has(cell.row) && !errors.has(cell.row),
    ),
    mergedCells: [...merged.values()]
      .filter((cell) => !errors.has(cell.row) && !formulas.has(cell.row))
      .sort((a, b) => a.row - b.row),
  };
  for (const row of mapped.rows) {
    if (errors.has(row.row) || formulas.has(row.row) || merged.has(row.row)) continue;
    // The app's CSV exports put a quote before an id like -1234567; the id is without it.
    const transactionId = withoutFormulaGuard(row.transactionId);
    const date = dates.get(row.row);
    if (lost.has(row.row)) sorted.lostDigits.push({ row: row.row, transactionId });
    else if (date !== undefined)
      sorted.dateCells.push({
        row: row.row,
        column: columnName(mapping.transactionId ?? 0),
        shown: date.shown,
        transactionId: date.value,
      });
    else sorted.kept.push({ ...row, transactionId });
  }
  return sorted;
}

/**
 * A kept row as the core's import check takes it. A row whose outcome names none of the three
 * goes too, with what its cell says, so the check can tell an id the file also gives another
 * value (a contradiction) from one it leaves unknown.
 */
export function importRowOf(row: OutcomeSheetRow): OutcomeImportRow {
  const { transactionId, outcome } = row;
  return outcome === null
    ? { row: row.row, transactionId, outcome, text: row.outcomeText.slice(0, maxOutcomeTextLength) }
    : { row: row.row, transactionId, outcome };
}
