/**
 * CSV files as Excel and Brazilian systems write them: any of `;` `,` tab `|` between fields,
 * RFC 4180 quoting, CRLF or LF line ends, UTF-8 or Windows-1252. Every cell stays text exactly as
 * written: `00123456789` keeps its zeros and `1.234,56` is not taken for a number. Excel's
 * `="0001234567"` is read as Excel shows it, `0001234567`.
 */
import { trimRow } from './grid';
import { decodeText } from './text-decode';
import type { Cell, CsvEncoding, ReadProblem } from './types';

/** The delimiters a CSV file may use, in the order that breaks a tie. */
export const csvDelimiters = [';', ',', '\t', '|'] as const;

/**
 * The delimiter of the header line (the first line that is not blank): the candidate that occurs
 * most often outside quotes. `;` wins a tie, being what Excel writes on Portuguese Windows; a
 * line with none of them (a single column) gives `,`. For files that must start with their header
 * (a response-variable file); a sheet read for its transactions may start with a title, and its
 * delimiter is `tableDelimiter`'s.
 */
export function detectDelimiter(text: string): string {
  return bestDelimiter(lineCounts(text, 1), new Map());
}

/** How many non-blank lines `tableDelimiter` looks at: a title block and a header fit in it. */
export const delimiterSampleLines = 50;

/**
 * The delimiter of the table a CSV holds, which may sit below a title (`Relatório de pedidos`,
 * perhaps with a comma in it) and blank lines, as `detectHeaderRow` allows: among the first 50
 * non-blank lines, the candidate that splits the most lines into the same number of fields (more
 * than one). A table's lines agree with each other; a title above them does not, so a title
 * cannot decide it. A tie goes to the candidate that splits those lines into more fields: below
 * `Relatório, gerado em …`, a `;` table whose every row holds one decimal comma (`1,5`) has as
 * many lines agreeing on `,` (the title and the rows, in two) as on `;` (the header and the rows,
 * in three); only where two lines or more agree. Then to the candidate the first line uses most (`detectDelimiter`'s rule), then to
 * the order of `csvDelimiters`: a file of one line reads as it always did.
 */
export function tableDelimiter(text: string): string {
  const lines = lineCounts(text, delimiterSampleLines);
  const agreeing = new Map<string, Agreement>();
  for (const delimiter of csvDelimiters) {
    // Lines by their count of this delimiter; the largest group with any is the table's.
    const groups = new Map<number, number>();
    for (const counts of lines) {
      const count = counts.get(delimiter) ?? 0;
      if (count > 0) groups.set(count, (groups.get(count) ?? 0) + 1);
    }
    let largest: Agreement = { lines: 0, count: 0 };
    for (const [count, size] of groups)
      if (size > largest.lines || (size === largest.lines && count > largest.count))
        largest = { lines: size, count };
    agreeing.set(delimiter, largest);
  }
  return bestDelimiter(lines, agreeing);
}

/** The largest group of lines holding a delimiter the same number of times, and that number. */
interface Agreement {
  lines: number;
  count: number;
}

/**
 * The candidate with the most agreeing lines (`agreeing`, none when empty), then the most fields
 * on them when two lines or more agree, then the most occurrences in the first line, then the
 * first in `csvDelimiters`; `,` when no line has any.
 */
function bestDelimiter(
  lines: Array<Map<string, number>>,
  agreeing: Map<string, Agreement>,
): string {
  const first = lines[0];
  let best = ',';
  let bestKey = [0, 0, 0];
  for (const delimiter of csvDelimiters) {
    const group = agreeing.get(delimiter);
    // Fields count only where lines agree on them: one line against another says nothing.
    const lineCount = group?.lines ?? 0;
    const fields = lineCount >= 2 ? (group?.count ?? 0) : 0;
    const key = [lineCount, fields, first?.get(delimiter) ?? 0];
    const at = key.findIndex((value, index) => value !== bestKey[index]);
    if (at >= 0 && (key[at] ?? 0) > (bestKey[at] ?? 0)) [best, bestKey] = [delimiter, key];
  }
  return best;
}

/**
 * The count of each candidate outside quotes on each of the first `most` lines that are not
 * blank. A line ends at a CR or LF outside quotes, so a quoted field may hold line breaks.
 */
function lineCounts(text: string, most: number): Array<Map<string, number>> {
  const lines: Array<Map<string, number>> = [];
  let counts = new Map<string, number>(csvDelimiters.map((delimiter) => [delimiter, 0]));
  let quoted = false;
  let seen = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) {
      if (!seen) continue;
      lines.push(counts);
      if (lines.length >= most) return lines;
      counts = new Map<string, number>(csvDelimiters.map((delimiter) => [delimiter, 0]));
      seen = false;
      continue;
    } else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
    if (char.trim() !== '') seen = true;
  }
  if (seen) lines.push(counts);
  return lines;
}

export interface CsvParse {
  /** The first `keepRows` records, trailing empty cells and trailing empty records dropped. */
  rows: Cell[][];
  /** Records up to the last non-empty one, kept or not. */
  records: number;
  /** The 1-based record whose quoted field never closes, if any. */
  openQuoteRecord: number | null;
}

/** What a walk through CSV text found besides its records. */
export interface CsvFound {
  /** The 1-based record whose quoted field never closes, if any. */
  openQuoteRecord: number | null;
}

/**
 * The records of RFC 4180 text, one at a time, trailing empty cells dropped (a blank line is an
 * empty record, so record numbers match Excel's row numbers; an empty field is a null cell).
 * Lenient where Excel is: a quote inside an unquoted field is kept as a character, and text after
 * a closing quote is appended to the field. A quoted field that never closes is noted in `found`.
 */
export function* csvRecords(
  text: string,
  delimiter: string,
  found: CsvFound = { openQuoteRecord: null },
): Generator<Cell[]> {
  const separator = delimiter.charCodeAt(0);
  let row: Cell[] = [];
  let record = 0;
  let at = 0;
  const length = text.length;
  for (;;) {
    let value = '';
    if (text.charCodeAt(at) === 34) {
      at += 1;
      for (;;) {
        const close = text.indexOf('"', at);
        if (close < 0) {
          found.openQuoteRecord ??= record + 1;
          value += text.slice(at);
          at = length;
          break;
        }
        value += text.slice(at, close);
        at = close + 1;
        if (text.charCodeAt(at) !== 34) break;
        value += '"';
        at += 1;
      }
    }
    const start = at;
    while (at < length) {
      const code = text.charCodeAt(at);
      if (code === separator || code === 10 || code === 13) break;
      at += 1;
    }
    if (at > start) value += text.slice(start, at);
    const inside = value.charCodeAt(0) === 61 ? excelTextFormula(value) : null;
    if (inside !== null) row.push(inside === '' ? null : { text: inside, numeric: false });
    // A CSV has no types, but the program that wrote it often had: a cell of digits only may have
    // been a number there (a CPF column exported from Excel loses its leading zero), so it counts
    // as numeric. Apart from the `="…"` form, the text itself is never changed here.
    else row.push(value === '' ? null : { text: value, numeric: /^\d+$/.test(value) });

    const code = text.charCodeAt(at);
    if (code === separator) {
      at += 1;
      continue;
    }
    yield trimRow(row);
    row = [];
    if (at >= length) return;
    at += code === 13 && text.charCodeAt(at + 1) === 10 ? 2 : 1;
    if (at >= length) return;
    record += 1;
  }
}

/**
 * The text inside Excel's `="…"` form, or null for any other value. Exports write an ID as
 * `="0001234567"` so that Excel keeps its leading zeros, and Excel shows the text inside, as
 * text: that is the value. Only that exact form counts (a quote inside doubled, as in a formula's
 * string); anything else starting with `=` is left as written, and the app's own guarded values
 * (`'=…`, see write.ts) do not start with `=`, so they come back as exported.
 */
function excelTextFormula(value: string): string | null {
  const form = /^="((?:[^"]|"")*)"$/.exec(value);
  return form === null ? null : (form[1] ?? '').replace(/""/g, '"');
}

/**
 * Parses RFC 4180 text whole (see `csvRecords`): the first `keepRows` records are kept, the rest
 * counted.
 */
export function parseCsv(text: string, delimiter: string, keepRows = Infinity): CsvParse {
  const found: CsvFound = { openQuoteRecord: null };
  const rows: Cell[][] = [];
  let records = 0;
  let index = 0;
  for (const row of csvRecords(text, delimiter, found)) {
    if (index < keepRows) rows.push(row);
    index += 1;
    if (row.length > 0) records = index;
  }
  rows.length = Math.min(rows.length, records);
  return { rows, records, openQuoteRecord: found.openQuoteRecord };
}

/** A quoted field that never closes: the rest of the file would be one cell. */
export function openQuoteProblem(record: number): ReadProblem {
  return {
    code: 'corrupt',
    message:
      `A quoted field that starts in row ${record} is never closed, so the ` +
      'rest of the file would run into one cell. Fix the quote marks in that row.',
  };
}

/**
 * The file's text and delimiter. An Excel `sep=;` first line sets the delimiter and is not a row
 * (Excel hides it too).
 */
export function csvText(
  bytes: Uint8Array,
):
  | { ok: true; encoding: CsvEncoding; delimiter: string; body: string }
  | { ok: false; problem: ReadProblem } {
  const decoded = decodeText(bytes);
  if (!decoded.ok) return decoded;
  const { text, encoding } = decoded;
  const hint = /^sep=([^"\r\n])\r?\n/i.exec(text);
  const delimiter = hint?.[1] ?? tableDelimiter(text);
  return { ok: true, encoding, delimiter, body: hint ? text.slice(hint[0].length) : text };
}
