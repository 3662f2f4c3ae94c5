/**
 * The text of a SheetJS cell. The raw value is used, not Excel's formatted text: a CPF stored
 * as a number shown as `1,23E+10` must still come back as all its digits. The one exception is a
 * format that pads an integer with zeros (`000000000`, see number-format.ts), whose text is the
 * ID the analyst sees and Excel's CSV holds.
 */
import * as XLSX from 'xlsx';
import { hasLostDigits } from './lost-digits';
import { paddedFormat, paddedText, type PaddedFormat } from './number-format';
import { numberToText } from './number-text';
import type { Cell } from './types';

/** The two SheetJS date helpers used here (the package types them as `any`). */
interface DateCode {
  y: number;
  m: number;
  d: number;
  H: number;
  M: number;
  S: number;
}
interface Ssf {
  is_date(format: string | number): boolean;
  parse_date_code(value: number, options?: { date1904?: boolean }): DateCode | null;
  format(format: string | number, value: number, options?: { date1904?: boolean }): string;
  get_table(): Record<number, string | undefined>;
}
const ssf = XLSX.SSF as Ssf;

/** Excel's error codes, as SheetJS stores them in `v` when it is not asked for formatted text. */
const errorNames: Record<number, string> = {
  0x00: '#NULL!',
  0x07: '#DIV/0!',
  0x0f: '#VALUE!',
  0x17: '#REF!',
  0x1d: '#NAME?',
  0x24: '#NUM!',
  0x2a: '#N/A',
  0x2b: '#GETTING_DATA',
};

/**
 * Numbers become plain digits (`numeric: true`), or the text a zero-padded format shows
 * (`000123456` under `000000000`); numbers shown with a date format become
 * `YYYY-MM-DD`, with ` HH:MM:SS` when they hold a time, or `HH:MM:SS` alone for a time below one
 * day; booleans `TRUE`/`FALSE`; errors their code (`#N/A`); text stays as is. A formula cell gives
 * its cached value (formulas are never evaluated). Empty text and value-less cells are null.
 */
export function cellFromSheet(cell: XLSX.CellObject | undefined, date1904: boolean): Cell {
  if (cell === undefined) return null;
  const value = cell.v;
  switch (cell.t) {
    case 'n': {
      if (typeof value !== 'number') return null;
      if (cell.z === undefined) return numberCell(value, false, date1904);
      const format = formatOf(cell.z);
      return numberCell(value, format.date ? cell.z : false, date1904, format.padded);
    }
    case 'b':
      return { text: value === true ? 'TRUE' : 'FALSE', numeric: false };
    case 'e':
      return {
        text: cell.w ?? errorNames[value as number] ?? '#ERROR',
        numeric: false,
        error: true,
      };
    case 'd': {
      if (!(value instanceof Date)) return null;
      const text = isoDate(value);
      return { text, numeric: false, date: cell.w ?? text };
    }
    case 's':
      return typeof value === 'string' && value !== '' ? { text: value, numeric: false } : null;
    default:
      return null;
  }
}

/**
 * What SheetJS's format codes mean here, per distinct code: SheetJS gives each cell its code as a
 * string, and a sheet has few distinct ones, so each is looked at once rather than per cell.
 */
const formats = new Map<string | number, { date: boolean; padded: PaddedFormat | null }>();

function formatOf(code: string | number): { date: boolean; padded: PaddedFormat | null } {
  let format = formats.get(code);
  if (format === undefined) {
    const date = ssf.is_date(code);
    format = { date, padded: date || typeof code !== 'string' ? null : paddedFormat(code) };
    // A workbook may define thousands of codes; the map stays small whatever it holds.
    if (formats.size >= 1000) formats.clear();
    formats.set(code, format);
  }
  return format;
}

/**
 * A number as its digits, or as a date when its format shows a date (`dateFormat`, the format's
 * code or Excel's built-in number for it; the cell keeps what Excel shows in `date`) and it is not
 * negative, or as a zero-padded format (`padded`) shows an integer: `000123456`, as Excel's CSV
 * would hold it.
 * A number of more than 15 significant digits is marked: Excel did not keep what was typed, and
 * it keeps its plain digits. `numeric` is as a CSV's cell would have it: digits only.
 */
export function numberCell(
  value: number,
  dateFormat: string | number | false,
  date1904: boolean,
  padded: PaddedFormat | null = null,
): Cell {
  if (dateFormat !== false && value >= 0) {
    const text = dateText(value, date1904);
    if (text !== null) {
      // A built-in format shows the computer's own date style, which the file does not hold.
      const shown = builtInDateFormats.has(dateFormat)
        ? text
        : (shownDate(dateFormat, value, date1904) ?? text);
      return { text, numeric: false, date: shown };
    }
  }
  const text = numberToText(value);
  if (hasLostDigits(text)) return { text, numeric: true, lostDigits: true };
  const shown = padded === null ? null : paddedText(padded, value);
  if (shown !== null) return { text: shown, numeric: /^\d+$/.test(shown) };
  return { text, numeric: true };
}

/** A date serial as ISO text, from SheetJS's own calendar (with Excel's 1900 quirks). */
function dateText(serial: number, date1904: boolean): string | null {
  const code = ssf.parse_date_code(serial, { date1904 });
  if (code === null) return null;
  const time = `${two(code.H)}:${two(code.M)}:${two(code.S)}`;
  if (serial < 1) return time;
  const date = `${String(code.y).padStart(4, '0')}-${two(code.m)}-${two(code.d)}`;
  return time === '00:00:00' ? date : `${date} ${time}`;
}

/**
 * Excel's built-in date and time formats (14-22, 45-47), by number (our xlsx reader passes the
 * number) and by SheetJS's code for each (`m/d/yy` for 14, as SheetJS gives an .xls cell's `z`).
 * Excel shows them in the computer's own style: 14 is 15/03/2023 in Brazil and 3/15/2023 in the
 * US, 15 names the month in the computer's language. SheetJS's English rendering (3/15/23) is
 * what no analyst here sees, so such a cell keeps its ISO date as what is shown, and messages say
 * that date without claiming what Excel shows (field-problem.ts `isIsoShown`).
 */
const builtInDateIds = [14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47];
const builtInDateFormats: ReadonlySet<string | number> = new Set([
  ...builtInDateIds,
  ...builtInDateIds.map((id) => ssf.get_table()[id]).filter((code) => code !== undefined),
]);

/**
 * What Excel shows for a date cell, by SheetJS's formatter: `15/03/2023` under `dd/mm/yyyy`.
 * Null when the code is one the formatter cannot read.
 */
function shownDate(format: string | number, value: number, date1904: boolean): string | null {
  try {
    return ssf.format(format, value, { date1904 });
  } catch {
    return null;
  }
}

/**
 * The cell of an xlsx `<c t="d">`, which stores its date as ISO text (`2023-03-15T10:30:00`, as
 * SheetJS cellDates, openpyxl iso_dates and strict OOXML write it) rather than as a serial with a
 * date format: `2023-03-15 10:30:00`, a date cell as a date-formatted serial gives (its time
 * only, `10:30:00`, for a time alone). Excel keeps no time zone, so a zone written after the time
 * is left out, as Excel and SheetJS leave it out. What Excel shows is not known from the cell, so
 * it is the ISO text (see `isIsoShown`). Null when the text is no ISO date or time.
 */
export function isoDateCell(iso: string): Cell {
  const match = isoPattern.exec(iso.trim());
  if (match === null) return null;
  const [, date, hours = '00', minutes = '00', seconds = '00'] = match;
  if (date === undefined && match[2] === undefined) return null;
  const time = `${hours}:${minutes}:${seconds}`;
  const text = date === undefined ? time : time === '00:00:00' ? date : `${date} ${time}`;
  return { text, numeric: false, date: text };
}

/** `YYYY-MM-DD`, then `THH:MM[:SS[.fff]]` and a zone or not; or a time alone (`[T]HH:MM[:SS]`). */
const isoPattern =
  /^(\d{4}-\d{2}-\d{2})?(?:(?:^T?|[T ])(\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?$/;

/** SheetJS gives `d` cells only for files that store ISO dates; it builds them in UTC. */
function isoDate(date: Date): string {
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
}

function two(value: number): string {
  return String(value).padStart(2, '0');
}
