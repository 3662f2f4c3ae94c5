/**
 * Result files for analysts: CSV and xlsx. Values that came from outside (IDs, e-mails, the
 * service's answers) end up in cells a spreadsheet may execute. A CSV field has no type, so text
 * that looks like a formula is neutralised there; an xlsx text cell is never run, so it keeps the
 * value exactly (an ID stays the same ID), and no formula is ever written.
 */
import * as XLSX from 'xlsx';
import { fitExcelCell } from './cell-limit';
import { guardFormulaStarts, mayRunAsFormula } from './formula';
import { numberToText } from './number-text';

/** A value of a result cell: text, a number, or empty. */
export type OutValue = string | number | null;

/**
 * Prefixes `'` to text starting with `=`, `+`, `-`, `@`, tab or carriage return, so a spreadsheet
 * shows it instead of running it (CSV injection). Every such text is prefixed, `-5` and
 * `+55 11 …` included: deciding which text is "only a number" is exactly what an attacker plays
 * on. Such a start after `,`, `;`, tab, CR or LF inside the text gets one too (`a;'=1+1`): a
 * spreadsheet splitting on the other separator starts a cell there. Real numbers are passed as
 * numbers to the writers below and are never prefixed.
 */
export function neutraliseFormula(text: string): string {
  return mayRunAsFormula(text) ? guardFormulaStarts(text) : text;
}

export interface CsvOptions {
  /** `,` by default; `;` for Excel on Portuguese Windows. */
  separator?: ',' | ';';
  /** A UTF-8 byte order mark (U+FEFF) first, so Excel reads accents right. Off by default. */
  bom?: boolean;
  /** `neutraliseFormula` on every text cell; on by default. Off only for machine consumers. */
  neutralise?: boolean;
  /**
   * The decimal mark of numbers: `.` by default; `,` for Excel in Portuguese, which reads `0.87`
   * as text (a field holding the separator is quoted, so `,` with `,` still reads back).
   */
  decimal?: '.' | ',';
}

/**
 * One CSV record and its CRLF, as `toCsv` writes each: for files written a row at a time, so a
 * million rows never sit in memory together.
 */
export function csvRow(row: OutValue[], options: CsvOptions = {}): string {
  const separator = options.separator ?? ',';
  const neutralise = options.neutralise ?? true;
  const decimalComma = options.decimal === ',';
  // Either separator and a tab are quoted whichever is chosen: a spreadsheet may split on any.
  const quoted = (text: string): string =>
    /[,;\t"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  const field = (value: OutValue): string => {
    if (value === null) return '';
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return '';
      const digits = numberToText(value);
      // A number is quoted only for the file's own separator, so `0,87` stays a number there.
      if (!decimalComma) return digits;
      const decimal = digits.replace('.', ',');
      return decimal.includes(separator) ? `"${decimal}"` : decimal;
    }
    return quoted(neutralise ? neutraliseFormula(value) : value);
  };
  return row.map(field).join(separator) + '\r\n';
}

/**
 * A CSV text (RFC 4180): text fields with `,`, `;`, a tab, a quote, CR or LF are quoted with
 * quotes doubled (numbers only for the separator); CRLF after every row, the last included; numbers as plain digits (`numberToText`);
 * null and non-finite numbers as empty fields. Encode the result with `TextEncoder` (UTF-8).
 */
export function toCsv(header: string[], rows: OutValue[][], options: CsvOptions = {}): string {
  const lines = [header, ...rows].map((row) => csvRow(row, options));
  return (options.bom === true ? '\ufeff' : '') + lines.join('');
}

/**
 * An xlsx workbook with one sheet: the header in row 1, then the rows. Text is stored as a text
 * cell (IDs keep their leading zeros, and `=1+1` stays that text: Excel runs only a cell's formula
 * part, which is never written), unchanged but cut to Excel's 32,767 characters where a list
 * item ends, with a mark that says so (`fitExcelCell`); numbers are stored as numbers; null and
 * non-finite numbers leave the cell empty. Columns get a width that fits their content (up to 60
 * characters).
 */
export function toXlsx(sheetName: string, header: string[], rows: OutValue[][]): Uint8Array {
  const sheet: XLSX.WorkSheet = {};
  const widths: number[] = [];
  const all = [header, ...rows];
  all.forEach((row, r) => {
    row.forEach((value, c) => {
      const cell = xlsxCell(value);
      if (cell === null) return;
      sheet[XLSX.utils.encode_cell({ r, c })] = cell;
      widths[c] = Math.max(widths[c] ?? 8, Math.min(60, String(cell.v).length + 2));
    });
  });
  const lastColumn = Math.max(0, ...all.map((row) => row.length - 1));
  sheet['!ref'] = XLSX.utils.encode_range({
    s: { r: 0, c: 0 },
    e: { r: all.length - 1, c: lastColumn },
  });
  sheet['!cols'] = Array.from({ length: widths.length }, (_, c) => ({ wch: widths[c] ?? 8 }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, safeSheetName(sheetName));
  const out = XLSX.write(book, {
    type: 'array',
    bookType: 'xlsx',
    compression: true,
  }) as ArrayBuffer;
  return new Uint8Array(out);
}

function xlsxCell(value: OutValue): XLSX.CellObject | null {
  if (value === null || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? { t: 'n', v: value } : null;
  return { t: 's', v: fitExcelCell(value).text };
}

/** Excel's sheet-name rules: at most 31 characters, none of `[]:*?/\`, not blank. */
export function safeSheetName(name: string): string {
  const cleaned = name
    .replace(/[[\]:*?/\\]/g, ' ')
    .replace(/^'+|'+$/g, '')
    .trim()
    .slice(0, 31);
  return cleaned === '' ? 'Sheet1' : cleaned;
}
