/**
 * An outcomes sheet's rows sorted by what keeps them from being applied, as the Review screen's
 * worker and `dcdesk outcomes import` both need them (each had its own copy of this).
 */
import { rowsWithDateCells } from '../spreadsheet/date-cells';
import { rowsWithErrors, type ErrorCell } from '../spreadsheet/error-cells';
import { withoutFormulaGuard } from '../spreadsheet/formula';
import { rowsWithFormulas, type FormulaCell } from '../spreadsheet/formula-cells';
import { rowsWithLostDigits } from '../spreadsheet/lost-digits';
import { columnName } from '../spreadsheet/problem';
import type { Cell } from '../spreadsheet/types';
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
}

/** A row whose id cell is a date: where it is, what Excel shows, and the id as read. */
export interface OutcomeDateCell {
  row: number;
  column: string;
  shown: string;
  transactionId: string;
}

export function sortOutcomeRows(
  rows: Cell[][],
  headerRow: number,
  mapping: OutcomeColumnMapping,
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
  // A row without an id is listed as such already, whatever its outcome cell holds.
  const blank = new Set(mapped.blankIds);
  const sorted: SortedOutcomeRows = {
    kept: [],
    blankIds: mapped.blankIds,
    lostDigits: [],
    dateCells: [],
    errorCells: [...errors.values()].filter((cell) => !blank.has(cell.row)),
    formulaCells: [...formulas.values()].filter(
      (cell) => !blank.has(cell.row) && !errors.has(cell.row),
    ),
  };
  for (const row of mapped.rows) {
    if (errors.has(row.row) || formulas.has(row.row)) continue;
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
