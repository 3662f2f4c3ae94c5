/** The shapes a spreadsheet read produces, shared by the reader, the mapper and their callers. */

/**
 * One cell as text. `numeric` says the spreadsheet stored a number (in a CSV: digits only), so
 * what was typed may have lost leading zeros (a CPF `01234567890` stored as 1234567890).
 * `lostDigits` says a workbook stored a number of more than 15 significant digits, so the digits
 * past the 15th are not the ones typed (see lost-digits.ts); a CSV's digits are text and never
 * have it. `error` says a workbook's cell held an Excel error (`#N/A`; see error-cells.ts), whose
 text is its code. `date` is what Excel shows for a cell it shows as a date (`15/03/2023` for
 * 45000 under `dd/mm/yyyy`), whose text is the ISO date (`2023-03-15`; see date-cells.ts).
 * `formula` says a workbook's cell holds a formula saved without its value (see formula-cells.ts),
 * whose text is the formula as Excel's formula bar shows it (`=TEXT(…)`, or `=` alone when the
 * file shares it from another cell). Empty cells are null.
 */
export type Cell = {
  text: string;
  numeric: boolean;
  lostDigits?: true;
  error?: true;
  date?: string;
  formula?: true;
} | null;

/** Merged cells, 0-based: `s` the first (top-left) cell, `e` the last (bottom-right). */
export interface MergedArea {
  s: { r: number; c: number };
  e: { r: number; c: number };
}

/** What a file holds, decided from its bytes (not its name). */
export type SpreadsheetKind = 'xlsx' | 'xls' | 'csv';

/** How the text of a CSV file was decoded. */
export type CsvEncoding = 'utf-8' | 'utf-8-bom' | 'windows-1252' | 'mac-roman';

/**
 * One sheet of a file. `rows[i]` is sheet row `i + 1` as the analyst sees it, and `rows[i][j]` is
 * column `j` (A = 0), so numbers in messages match the spreadsheet. Trailing empty cells of a row
 * and trailing empty rows are dropped; empty rows in between are kept as `[]`.
 */
export interface Workbook {
  kind: SpreadsheetKind;
  /** Every sheet of the workbook, in order; a CSV has one, named after the file. */
  sheetNames: string[];
  /** The sheet that was read. */
  sheet: string;
  /**
   * The sheets Excel does not show (hidden, or very hidden), in order; absent when none are (and
   * in a CSV). A sheet list marks them: the analyst may not know they are there.
   */
  hiddenSheets?: string[];
  rows: Cell[][];
  /**
   * The rows Excel hides (a filter, or rows hidden by hand), 1-based and in order; absent when
   * none are (and in a CSV). They are in `rows` like the others (see hidden-rows.ts).
   */
  hiddenRows?: number[];
  /**
   * Merged cells with a value in their first cell, which Excel shows across them all; absent when
   * there are none (and in a CSV). Their other cells are empty in `rows` (see merged-cells.ts).
   */
  merges?: MergedArea[];
  /** CSV only. */
  encoding?: CsvEncoding;
  /** CSV only: `;`, `,`, tab or `|`. */
  delimiter?: string;
}

export const readProblemCodes = [
  /** The file, or the chosen sheet, holds nothing. */
  'empty',
  /** Not a spreadsheet this app reads (a program, a PDF, a password-protected workbook, …). */
  'unsupported',
  /** Looks like a spreadsheet but is damaged or cut short. */
  'corrupt',
  /** A zip (xlsx) that would unpack to far more than a spreadsheet should. */
  'zip_bomb',
  'too_many_rows',
  'too_many_columns',
  /** The file, or one cell, is larger than the limit. */
  'too_large',
  /** The workbook has no sheets, or none with the requested name. */
  'no_sheet',
  /** A CSV holding UTF-8 text and bytes that are not UTF-8: no reading gives it all back. */
  'mixed_encoding',
] as const;

export type ReadProblemCode = (typeof readProblemCodes)[number];

/** Why a file could not be read: a closed code and one English sentence to show the analyst. */
export interface ReadProblem {
  code: ReadProblemCode;
  message: string;
  /** The limit that was exceeded, in its own unit (rows, columns, characters, bytes, parts). */
  limit?: number;
  /** What the file has, in the same unit as `limit`. */
  found?: number;
  /** The cell at fault, A1-style (`C5`), for a cell over the size limit. */
  cell?: string;
  /** The line at fault (1-based, as an editor numbers it), for a CSV's mixed encodings. */
  line?: number;
  /** The parsing library's own words, for support; not meant for the analyst. */
  detail?: string;
}

export type ReadResult = { ok: true; value: Workbook } | { ok: false; problem: ReadProblem };
