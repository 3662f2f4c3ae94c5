import type { OutValue } from '../../../shared/spreadsheet';
import {
  excelCellChars,
  fitExcelCell,
  type CutMarkLanguage,
} from '../../../shared/spreadsheet/cell-limit';

/**
 * The XML of one worksheet, a row at a time. Text goes in inline-string cells (no shared-string
 * table, which would have to hold every distinct text until the end); numbers as numbers; empty
 * values leave no cell. No cell ever holds a formula.
 */

/** Excel's cap on one cell; longer text would make it refuse to open the file. */
export const maxCellChars = excelCellChars;

// Control characters are what these patterns are about.
/* eslint-disable no-control-regex */
/** Characters XML 1.0 cannot hold, written as `_xHHHH_`. */
const unwritable = /[\u0000-\u0008\u000B-\u001F\uFFFE\uFFFF]/g;
/**
 * An `_` that a reader would take as opening an escape: a lookahead, so an escape's closing `_`
 * can open the next one too (`_x005F_x0041_`); a character written as an escape counts as the
 * `_` it starts (`_x0041` then U+000B); `_X0041_` too, which SheetJS and the app's reader decode.
 */
const escapeOpening = /_(?=[xX][0-9A-Fa-f]{4}[_\u0000-\u0008\u000B-\u001F\uFFFE\uFFFF])/g;
/* eslint-enable no-control-regex */

/**
 * Text as XML 1.0 character data. Characters XML cannot hold (control characters other than tab
 * and line feed; U+FFFE, U+FFFF) are written as Excel writes them, `_x000B_`; so is a carriage
 * return, which an XML reader would turn into a line feed;
 * text that already looks like such an escape has its `_` escaped (`_x005F_`), so it reads back
 * as it was. A lone surrogate cannot be written in UTF-8 and becomes U+FFFD.
 */
export function escapeText(text: string): string {
  return text
    .replace(escapeOpening, '_x005F_')
    .replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'))
    .replace(unwritable, (c) => `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`)
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/**
 * A row with every text past Excel's limit cut where a list item ends and marked
 * (`fitExcelCell`), and how many cells were cut: the export says so, as the file cannot hold them.
 */
export function fittedRow(
  values: readonly SheetValue[],
  language?: CutMarkLanguage,
): { values: readonly SheetValue[]; cut: number } {
  if (!values.some((value) => typeof value === 'string' && value.length > maxCellChars))
    return { values, cut: 0 };
  let cut = 0;
  const fitted = values.map((value) => {
    if (typeof value !== 'string') return value;
    const cell = fitExcelCell(value, language);
    if (cell.cut) cut += 1;
    return cell.text;
  });
  return { values: fitted, cut };
}

/**
 * A cell's value: text or a number as everywhere, or a moment, written as a date cell (a serial
 * number of days shown with the workbook's date format) in the core's local time, the clock the
 * analyst reads.
 */
export type SheetValue = OutValue | Date;

/** The index of the date cell format in the workbook's styles (workbook-parts `styles`). */
const dateStyle = 1;

/**
 * Days since Excel's 1900 epoch (30 December 1899, the serial 0) of a moment's local clock, to
 * the whole second: a spreadsheet rounds the milliseconds it would be given (13:34:49.9 shows as
 * 13:34:50), and the CSV and the screen write the second the clock is in (13:34:49).
 */
export function dateSerial(at: Date): number {
  const local = at.getTime() - at.getTimezoneOffset() * 60_000;
  return 25_569 + Math.floor(local / 1000) / 86_400;
}

/**
 * The XML of one cell, or '' for an empty one. Cells carry no reference (`r="B7"`): readers place
 * a cell after the one before it, and a million rows are some 60 MB of XML lighter without. An
 * empty cell between two full ones is written as `<c/>` to keep its place.
 */
export function cellXml(value: SheetValue): string {
  if (value === null || value === '') return '<c/>';
  if (value instanceof Date)
    return Number.isNaN(value.getTime())
      ? '<c/>'
      : `<c s="${String(dateStyle)}"><v>${String(dateSerial(value))}</v></c>`;
  if (typeof value === 'number')
    return Number.isFinite(value) ? `<c><v>${String(value)}</v></c>` : '<c/>';
  // Rows come through `fittedRow`, which counts what it cuts; this only keeps a file Excel opens.
  const text = escapeText(fitExcelCell(value).text);
  // `xml:space` only where an XML reader would otherwise trim the text.
  const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
  return `<c t="inlineStr"><is><t${space}>${text}</t></is></c>`;
}

/** A row's cells; empty cells at its end are left out. */
export function rowXml(values: readonly SheetValue[]): string {
  let last = values.length - 1;
  while (last >= 0 && cellXml(values[last] ?? null) === '<c/>') last -= 1;
  let cells = '';
  for (let column = 0; column <= last; column += 1) cells += cellXml(values[column] ?? null);
  return `<row>${cells}</row>`;
}

/** Column widths that fit the first rows' content, 8 to 60 characters, as the in-memory writer does. */
export function columnWidths(rows: readonly (readonly SheetValue[])[]): number[] {
  const widths: number[] = [];
  for (const row of rows)
    row.forEach((value, column) => {
      if (value === null || value === '' || (typeof value === 'number' && !Number.isFinite(value)))
        return;
      // A date shows as `dd/mm/yyyy hh:mm:ss`.
      const length = value instanceof Date ? 19 : String(value).length;
      widths[column] = Math.max(widths[column] ?? 8, Math.min(60, length + 2));
    });
  return Array.from({ length: widths.length }, (_, column) => widths[column] ?? 8);
}

const sheetOpening =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">';

export function sheetStart(widths: readonly number[]): string {
  const cols = widths
    .map(
      (width, column) =>
        `<col min="${String(column + 1)}" max="${String(column + 1)}" width="${String(width)}" customWidth="1"/>`,
    )
    .join('');
  return `${sheetOpening}${cols === '' ? '' : `<cols>${cols}</cols>`}<sheetData>`;
}

export const sheetEnd = '</sheetData></worksheet>';
