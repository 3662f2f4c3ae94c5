/**
 * A CSV file read and checked: decoded, its delimiter found, its rows walked once against the
 * limits. `readCsv` keeps the rows (the import screen needs them all); `streamCsv` keeps only the
 * first ones and gives the rows again, one at a time, as often as they are asked for (the command
 * line's bulk run: a full sheet, 1,048,576 rows, is held once, as its text, never as cells).
 */
import { csvRecords, csvText, openQuoteProblem, type CsvFound } from './csv';
import {
  dataRowsAfter,
  headerRowOf,
  isFilled,
  limitHeaderRows,
  maxSheetRows,
  rowProblem,
  rowsToKeep,
} from './grid';
import { headerSearchRows } from './header';
import type { Limits } from './limits';
import { tooManyLines, tooManyRows } from './problem';
import type { Cell, CsvEncoding, ReadProblem } from './types';

type Refusal = { ok: false; problem: ReadProblem };

interface Scan {
  encoding: CsvEncoding;
  delimiter: string;
  body: string;
  /** Records up to the last non-empty one. */
  records: number;
}

/** What `scanCsv` tells `keep` of each row. */
interface RowSeen {
  index: number;
  /** The index of the first non-empty row so far; -1 before it. */
  first: number;
  /** Whether the row holds more than white space (`isFilled`). */
  filled: boolean;
}

/**
 * One walk through the file; every row goes to `keep`. Refusals, in this order: a quote never
 * closed, too many data rows, more lines than a sheet holds, only blank lines, then the first row
 * over a limit.
 */
function scanCsv(
  bytes: Uint8Array,
  limits: Limits,
  keep: (row: Cell[], seen: RowSeen) => void,
): { ok: true; value: Scan } | Refusal {
  const decoded = csvText(bytes);
  if (!decoded.ok) return decoded;
  const { encoding, delimiter, body } = decoded;
  const found: CsvFound = { openQuoteRecord: null };
  let records = 0;
  let first = -1;
  let firstFilled = false;
  // Filled rows, in all and among the rows the header is looked for in (`headerRowOf`).
  let filledRows = 0;
  let filledInHead = 0;
  let problem: ReadProblem | null = null;
  let index = 0;
  const head: Cell[][] = [];
  for (const row of csvRecords(body, delimiter, found)) {
    const filled = isFilled(row);
    if (index < limitHeaderRows) {
      head.push(row);
      if (filled) filledInHead += 1;
    }
    if (filled) filledRows += 1;
    if (row.length > 0) {
      records = index + 1;
      if (first < 0) [first, firstFilled] = [index, filled];
    }
    keep(row, { index, first, filled });
    problem ??= rowProblem(row, index, limits);
    index += 1;
  }
  if (found.openQuoteRecord !== null) {
    return { ok: false, problem: openQuoteProblem(found.openQuoteRecord) };
  }
  // The filled rows after the header are data; a first non-empty row below the head is the header.
  const dataRows =
    first >= limitHeaderRows
      ? filledRows - (firstFilled ? 1 : 0)
      : dataRowsAfter(head, headerRowOf(head)) + filledRows - filledInHead;
  if (dataRows > limits.maxRows) return { ok: false, problem: tooManyRows(dataRows, limits) };
  if (records > maxSheetRows) return { ok: false, problem: tooManyLines(records, maxSheetRows) };
  if (filledRows === 0) {
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

/** One row shared by the blank lines (there may be millions). */
const blankRow: Cell[] = Object.freeze([]) as unknown as Cell[];

/**
 * Decodes and parses a CSV file and applies the limits: every row, or the problem. Rows are kept
 * until `rowsToKeep` filled rows are, with the blank lines among them (past it the file is
 * refused anyway, so a huge one is never held whole), and never past `maxSheetRows` lines (a
 * file that long is refused too).
 */
export function readCsv(bytes: Uint8Array, limits: Limits): { ok: true; value: CsvRead } | Refusal {
  const rows: Cell[][] = [];
  let filledKept = 0;
  const scan = scanCsv(bytes, limits, (row, { index, filled }) => {
    if (filled) filledKept += 1;
    if (index < maxSheetRows && filledKept <= rowsToKeep(limits))
      rows.push(row.length === 0 ? blankRow : row);
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
  const scan = scanCsv(bytes, limits, (row, { index }) => {
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
