/** The reader's problems as data, with the English sentences an analyst sees. */
import { formatBytes } from '../format-bytes';
import { maxSpreadsheetRows, type Limits } from './limits';
import type { ReadProblem, ReadProblemCode } from './types';

/** `100001` → `100,001`: counts in messages are read by people. */
export function formatCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** `0` → `A`, `27` → `AB`: the column letters of a 0-based index. */
export function columnName(index: number): string {
  let name = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  }
  return name;
}

/** A problem without extra fields. */
export function problem(code: ReadProblemCode, message: string): ReadProblem {
  return { code, message };
}

/** `dataRows` are the rows after the header row. */
export function tooManyRows(dataRows: number, limits: Limits): ReadProblem {
  return {
    code: 'too_many_rows',
    message:
      `The file has ${formatCount(dataRows)} data rows; the limit is ${formatCount(limits.maxRows)}. ` +
      'Split the file, or raise the largest-spreadsheet setting (Settings in the app; dcdesk settings set maxRows N).',
    limit: limits.maxRows,
    found: dataRows,
  };
}

/**
 * A CSV longer than any sheet (`maxSheetRows`) though within the row limit: blank lines, mostly,
 * which the limit does not count but the reader would have to hold.
 */
export function tooManyLines(lines: number, most: number): ReadProblem {
  return {
    code: 'too_large',
    message:
      `The file has ${formatCount(lines)} lines, blank ones included; a spreadsheet holds at most ` +
      `${formatCount(most)}, which no setting changes. Remove the blank lines and import it again.`,
    limit: most,
    found: lines,
  };
}

/**
 * A row past Excel's last (`row`, 1-based): no Excel writes one, so the file is damaged. Every
 * workbook reader refuses it with these words, rather than drop it or hold the empty rows above it.
 */
export function pastLastRow(row: number): ReadProblem {
  return {
    code: 'corrupt',
    message:
      `The sheet has a row ${formatCount(row)}, past Excel's last (${formatCount(maxSpreadsheetRows)}): ` +
      'it was not written by Excel, and is damaged. Open it in Excel and save it again.',
  };
}

/** `row` is 1-based, as the analyst sees it. */
export function tooManyColumns(columns: number, row: number, limits: Limits): ReadProblem {
  return {
    code: 'too_many_columns',
    message:
      `Row ${formatCount(row)} has ${formatCount(columns)} columns; the limit is ` +
      `${formatCount(limits.maxColumns)}, which no setting changes. Remove the columns you do not need ` +
      '(keep the transaction fields) and import it again.',
    limit: limits.maxColumns,
    found: columns,
  };
}

/** `row` is 1-based, `column` 0-based (A = 0). */
export function cellTooLarge(
  chars: number,
  row: number,
  column: number,
  limits: Limits,
): ReadProblem {
  const cell = `${columnName(column)}${row}`;
  return {
    code: 'too_large',
    message:
      `Cell ${cell} holds ${formatCount(chars)} characters; the limit is ` +
      `${formatCount(limits.maxCellChars)}. Check that column; a quote left open in a CSV file can do this.`,
    limit: limits.maxCellChars,
    found: chars,
    cell,
  };
}

export function fileTooLarge(bytes: number | null, limits: Limits): ReadProblem {
  // null: the file was read as it came (a pipe) and stopped at the limit, its whole size unknown.
  const size = bytes === null ? `over ${formatBytes(limits.maxFileBytes)}` : formatBytes(bytes);
  return {
    code: 'too_large',
    message:
      `The file is ${size}; the limit is ${formatBytes(limits.maxFileBytes)}, which no ` +
      'setting changes. Split it into smaller files, or save it as .xlsx (it takes far less room than .csv or .xls).',
    limit: limits.maxFileBytes,
    found: bytes ?? limits.maxFileBytes + 1,
  };
}
