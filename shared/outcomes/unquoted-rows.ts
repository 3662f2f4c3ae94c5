/**
 * The records of a response file without a quote mark, read straight from its text: what
 * `responseRecords` gives and a map of its records to drafts makes of them, without an object per
 * record (a million lines: 0.4 s where a split per line and a map took 1 s). Lines end in LF or
 * CR LF; a text with a CR alone is left to `responseRecords`.
 */
import type { Field } from './response-records';
import type { DraftResponseRow, ResponseSeparator } from './types';

/** Where each of the three values is in a record (column numbers). */
export interface ColumnsAt {
  id: number;
  device: number;
  outcome: number;
}

/** True when `text` holds a CR that does not start a CR LF. */
export function hasLoneCr(text: string): boolean {
  for (let at = text.indexOf('\r'); at >= 0; at = text.indexOf('\r', at + 1))
    if (text.charCodeAt(at + 1) !== 10) return true;
  return false;
}

/**
 * Reads records of `text` from `from` (the start of line `line`) on, giving each to `take`: the
 * line it is on, where it ends, how many fields it has (a separator at its end starts an empty
 * one), and where each starts and stops (`bounds[2i]`, `bounds[2i + 1]`; reused between records).
 * A wholly empty line is no record, as `responseRecords` reads it. `take` returns false to stop.
 */
function eachRecord(
  text: string,
  separator: ResponseSeparator,
  from: number,
  line: number,
  take: (line: number, end: number, fields: number, bounds: number[]) => boolean,
): void {
  const bounds: number[] = [];
  let at = from;
  // The next separator at or after the field's start: kept between lines, so a file with few
  // separators is not searched again to its end for every line.
  let nextSeparator = -1;
  for (let lineNumber = line; at < text.length; lineNumber += 1) {
    let end = text.indexOf('\n', at);
    if (end < 0) end = text.length;
    const lineEnd = end > at && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
    if (lineEnd === at) {
      at = end + 1;
      continue;
    }
    let fields = 0;
    for (let start = at; ; fields += 1) {
      if (nextSeparator < start) {
        nextSeparator = text.indexOf(separator, start);
        // None left in the text: past every line, never searched for again.
        if (nextSeparator < 0) nextSeparator = text.length;
      }
      const stop = Math.min(nextSeparator, lineEnd);
      bounds[2 * fields] = start;
      bounds[2 * fields + 1] = stop;
      if (stop >= lineEnd) break;
      start = stop + 1;
    }
    if (!take(lineNumber, lineEnd, fields + 1, bounds)) return;
    at = end + 1;
  }
}

/** The fields of the first record (the header), its line, and where the next line starts. */
export function unquotedHeader(
  text: string,
  separator: ResponseSeparator,
): { header: Field[]; line: number; next: number } {
  let header: Field[] = [];
  let line = 1;
  let next = text.length;
  eachRecord(text, separator, 0, 1, (headerLine, end, fields, bounds) => {
    header = Array.from({ length: fields }, (_, index) => fieldOf(text, bounds, index, fields));
    line = headerLine;
    const newline = text.indexOf('\n', end);
    next = newline < 0 ? text.length : newline + 1;
    return false;
  });
  return { header, line, next };
}

/** Data records read as drafts: see `unquotedDrafts`. */
export interface DraftRecords {
  /** The records with as many fields as the header, as drafts. */
  drafts: DraftResponseRow[];
  /** The line of each draft. */
  lines: number[];
  /** The records with another number of fields: their line and fields. */
  misfits: Array<{ line: number; fields: number }>;
}

/**
 * The data records from `from` (the start of line `line`) on: as drafts (`at` says which field is
 * which) those with `width` fields, and the others as misfits.
 */
export function unquotedDrafts(
  text: string,
  separator: ResponseSeparator,
  from: number,
  line: number,
  at: ColumnsAt,
  width: number,
): DraftRecords {
  const read: DraftRecords = { drafts: [], lines: [], misfits: [] };
  eachRecord(text, separator, from, line, (recordLine, _end, fields, bounds) => {
    if (fields !== width) read.misfits.push({ line: recordLine, fields });
    else {
      read.drafts.push({
        transactionId: fieldOf(text, bounds, at.id, fields),
        deviceId: fieldOf(text, bounds, at.device, fields),
        outcome: fieldOf(text, bounds, at.outcome, fields),
      });
      read.lines.push(recordLine);
    }
    return true;
  });
  return read;
}

/** Field `index` of the record of `fields` fields `bounds` holds, or null when empty or absent. */
function fieldOf(text: string, bounds: number[], index: number, fields: number): Field {
  if (index >= fields) return null;
  const start = bounds[2 * index] ?? 0;
  const stop = bounds[2 * index + 1] ?? 0;
  return stop > start ? text.slice(start, stop) : null;
}
