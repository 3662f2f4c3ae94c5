/** How much a spreadsheet may hold before the reader refuses it, and how to override it. */

export interface Limits {
  /**
   * Data rows: the rows after the header with any content (see `headerRowOf`). Blank rows in
   * between do not count, as every import skips them.
   */
  maxRows: number;
  /** Columns of the widest row (up to its last non-empty cell). */
  maxColumns: number;
  /** Characters in one cell; 32,767 is also Excel's own cap. */
  maxCellChars: number;
  /** Size of the file itself. */
  maxFileBytes: number;
  /** xlsx only: the sum of the sizes its zip directory declares once unpacked. */
  maxUnpackedBytes: number;
  /** xlsx only: unpacked / packed size above which a large part is taken for a zip bomb. */
  maxCompressionRatio: number;
  /** xlsx only: parts smaller than this unpacked are not held to `maxCompressionRatio`. */
  ratioCheckFromBytes: number;
  /** xlsx only: parts in the zip (a real workbook has a few dozen). */
  maxZipEntries: number;
}

const megabyte = 1024 * 1024;

/**
 * Rows of Excel's largest sheet (2^20): the most data rows any spreadsheet may have, whatever the
 * setting says. An xlsx holds one fewer data row, since its header takes a row of the sheet.
 */
export const maxSpreadsheetRows = 1_048_576;

/**
 * The defaults: a full Excel sheet of transactions, far below what exhausts memory. A CSV of
 * 1,048,576 rows with the Brazilian columns (ID, session, CPF, e-mail, phone, CEP, name) is about
 * 150 MB, and the same rows unpack from an xlsx to about 450 MB of XML.
 */
export const defaultLimits: Readonly<Limits> = Object.freeze({
  maxRows: maxSpreadsheetRows,
  maxColumns: 100,
  maxCellChars: 32_767,
  maxFileBytes: 256 * megabyte,
  maxUnpackedBytes: 1024 * megabyte,
  maxCompressionRatio: 200,
  ratioCheckFromBytes: 10 * megabyte,
  maxZipEntries: 10_000,
});

/**
 * The defaults with the given overrides. An override that is not a positive whole number (from a
 * hand-edited setting, say) is ignored rather than trusted, so a limit can never become 0 or NaN.
 */
export function resolveLimits(overrides: Partial<Limits> = {}): Limits {
  const limits: Limits = { ...defaultLimits };
  for (const key of Object.keys(defaultLimits) as Array<keyof Limits>) {
    const value = overrides[key];
    if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) limits[key] = value;
  }
  return limits;
}
