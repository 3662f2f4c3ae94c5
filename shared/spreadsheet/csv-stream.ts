/**
 * A CSV file read and checked: decoded, its delimiter found, its rows walked once against the
 * limits. `readCsv` keeps the rows (the import screen needs them all); `streamCsv` keeps only the
 * first ones and gives the rows again, one at a time, as often as they are asked for (the command
 * line's bulk run: a full sheet, 1,048,576 rows, is held once, as its text, never as cells).
 */
import { csvRecords, csvText, openQuoteProblem, type CsvFound } from './csv';
import { headerRowOf, rowProblem, rowsToKeep } from './grid';
import { headerSearchRows } from './header';
import type { Limits } from './limits';
import { tooManyRows } from './problem';
import type { Cell, CsvEncoding, ReadProblem } from './types';

type Refusal = { ok: false; problem: ReadProblem };

interface Scan {
  encoding: CsvEncoding;
  delimiter: string;
  body: string;
  /** Records up to the last non-empty one. */
  records: number;
}

/**
 * One walk through the file; every row goes to `keep` with its index and the index of the first
 * non-empty row so far (-1 before it). Refusals, in this order: a quote never closed, too many
 * rows, only blank lines, then the first row over a limit.
 */
function scanCsv(
  bytes: Uint8Array,
  limits: Limits,
  keep: (row: Cell[], index: number, first: number) => void,
): { ok: true; value: Scan } | Refusal {
  const { encoding, delimiter, body } = csvText(bytes);
  const found: CsvFound = { openQuoteRecord: null };
  let records = 0;
  let first = -1;
  let filled = false;
  let problem: ReadProblem | null = null;
  let index = 0;
  // The rows the header is looked for in: data rows are counted from it (`headerRowOf`).
  const top: Cell[][] = [];
  for (const row of csvRecords(body, delimiter, found)) {
    if (index < headerSearchRows) top.push(row);
    if (row.length > 0) {
      records = index + 1;
      if (first < 0) first = index;
      filled ||= row.some((cell) => cell !== null && cell.text.trim() !== '');
    }
    keep(row, index, first);
    problem ??= rowProblem(row, index, limits);
    index += 1;
  }
  if (found.openQuoteRecord !== null) {
    return { ok: false, problem: openQuoteProblem(found.openQuoteRecord) };
  }
  // The rows after the header are data; a first non-empty row past the top is the header.
  const header = first >= headerSearchRows ? first : headerRowOf(top);
  const dataRows = records - header - 1;
  if (dataRows > limits.maxRows) return { ok: false, problem: tooManyRows(dataRows, limits) };
  if (!filled) {
    return { ok: false, problem: { code: 'empty', message: 'The file holds only blank lines.' } };
  }
  if (problem !== null) return { ok: false, problem };
  return { ok: true, value: { encoding, delimiter, body, records } };
}

export interface CsvRead {
  rows: Cell[][];
  encoding: CsvEncoding;
  delimiter: string;
}

/** One row shared by the blank lines above the first row with content (there may be millions). */
const blankRow: Cell[] = Object.freeze([]) as unknown as Cell[];

/**
 * Decodes and parses a CSV file and applies the limits: every row, or the problem. Rows are kept
 * up to `rowsToKeep` counted from the first row with content (past it the file is refused anyway,
 * so a huge one is never held whole).
 */
export function readCsv(bytes: Uint8Array, limits: Limits): { ok: true; value: CsvRead } | Refusal {
  const rows: Cell[][] = [];
  const scan = scanCsv(bytes, limits, (row, index, first) => {
    if (first < 0) rows.push(blankRow);
    else if (index - first < rowsToKeep(limits)) rows.push(row);
  });
  if (!scan.ok) return scan;
  rows.length = Math.min(rows.length, scan.value.records);
  const { encoding, delimiter } = scan.value;
  return { ok: true, value: { rows, encoding, delimiter } };
}

export interface CsvStream {
  encoding: CsvEncoding;
  delimiter: string;
  /** The first rows, where the header is looked for. */
  top: Cell[][];
  /** Rows from the first to the last non-empty one, each time it is called. */
  rows: () => Generator<Cell[]>;
}

export function streamCsv(
  bytes: Uint8Array,
  limits: Limits,
): { ok: true; value: CsvStream } | Refusal {
  const top: Cell[][] = [];
  const scan = scanCsv(bytes, limits, (row, index) => {
    if (index < headerSearchRows) top.push(row);
  });
  if (!scan.ok) return scan;
  const { encoding, delimiter, body, records } = scan.value;
  top.length = Math.min(top.length, records);
  return {
    ok: true,
    value: {
      encoding,
      delimiter,
      top,
      *rows() {
        let at = 0;
        for (const row of csvRecords(body, delimiter)) {
          if (at === records) return;
          at += 1;
          yield row;
        }
      },
    },
  };
}
