/**
 * The messages between the Review screen's outcome import and its worker. The worker keeps the
 * file's rows; the screen receives the first rows (to choose the header row) and the mapped
 * rows, split into those that can be checked and those that cannot (with their row numbers).
 */
import type { OutcomeImportRow } from '../../../shared/contract/outcomes';
import type { OutcomeColumnMapping } from '../../../shared/outcomes/types';
import type { SheetResult } from './sheet';
import type { ErrorCell } from '../../../shared/spreadsheet/error-cells';
import type { OutcomeDateCell, OutcomeMergedCell } from '../../../shared/outcomes/outcome-rows';
import type { FormulaCell } from '../../../shared/spreadsheet/formula-cells';

export type { SheetInfo as OutcomeSheetInfo, SheetResult as OutcomeSheetResult } from './sheet';

/** A row whose outcome names none of the three. */
export interface UnknownOutcomeRow {
  row: number;
  transactionId: string;
  outcomeText: string;
}

/** The mapped rows of the sheet. */
export interface OutcomeRows {
  /** Rows with an id and a known outcome: those the core may apply. */
  rows: OutcomeImportRow[];
  /** Rows whose outcome is blank or unknown: never applied. */
  unknown: UnknownOutcomeRow[];
  /**
   * What the core checks and applies, in sheet order: `rows` and `unknown` together, since an id
   * the file gives a known outcome and another value is a contradiction, never applied.
   */
  checked: OutcomeImportRow[];
  /** Rows with content but no id: never applied. */
  blankIds: number[];
  /** Rows whose id is longer than any transaction id (64 characters): never applied. */
  longIds: Array<{ row: number; transactionId: string }>;
  /**
   * Rows whose ID Excel stored as a number of more than 15 digits, so it is not the ID typed and
   * could match the wrong lookup: never applied.
   */
  lostDigits: Array<{ row: number; transactionId: string }>;
  /**
   * Rows whose ID cell Excel shows as a date (15/03/2023, read as 2023-03-15): not the ID meant,
   * so never matched nor applied.
   */
  dateCells: OutcomeDateCell[];
  /** Rows whose ID or outcome cell holds an Excel error (#N/A, #NAME?): never applied. */
  errorCells: ErrorCell[];
  /** Rows whose ID or outcome cell is a formula saved without its value: never applied. */
  formulaCells: FormulaCell[];
  /**
   * Rows whose ID or outcome cell is covered by merged cells (empty in the file, though Excel
   * shows the first cell's value there): never applied.
   */
  mergedCells: OutcomeMergedCell[];
  /** Rows to apply that Excel hides (a filter, or by hand): applied like the others, said. */
  hidden: number;
}

export type OutcomesRequest =
  | { type: 'read'; id: number; bytes: ArrayBuffer; fileName: string; maxRows: number }
  | { type: 'sheet'; id: number; sheet: string }
  | { type: 'rows'; id: number; headerRow: number; mapping: OutcomeColumnMapping };

export type OutcomesAnswer =
  | { type: 'sheet'; id: number; result: SheetResult }
  | { type: 'rows'; id: number; rows: OutcomeRows }
  /** Something unexpected failed in the worker; `message` is English, for support. */
  | { type: 'failed'; id: number; message: string };
