/**
 * The records of a response file without a quote mark, read straight from its text: what
 * `responseRecords` gives and a map of its records to drafts makes of them, without an array and
 * a split per line (a million lines: 0.4 s where those took 1 s). Lines end in LF or CR LF; a text
 * with a CR alone is left to `responseRecords`.
 */
import type { ResponseSeparator } from './types';
import type { DraftResponseRow } from './types';

/** A field's text, or null for an empty one. */
type Field = string | null;

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
 * Reads records of `text` from `from` on, giving each to `take`: its range, how many fields it
 * has, and where each starts and stops (`bounds[2i]`, `bounds[2i + 1]`; reused between records).
 * Trailing empty fields are not counted, as `parseCsv` drops them. `take` returns false to stop.
 */
function eachRecord(
  text: string,
  separator: ResponseSeparator,
  from: number,
  take: (start: number, end: number, fields: number, bounds: number[]) => boolean,
): void {
  const bounds: number[] = [];
  let at = from;
  // The next separator at or after the field's start: kept between lines, so a file with few
  // separators is not searched again to its end for every line.
  let nextSeparator = -1;
  while (at < text.length) {
    let end = text.indexOf('\n', at);
    if (end < 0) end = text.length;
    const lineEnd = end > at && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
    let fields = 0;
    for (let start = at, index = 0; ; index += 1) {
      if (nextSeparator < start) {
        nextSeparator = text.indexOf(separator, start);
        // None left in the text: past every line, never searched for again.
        if (nextSeparator < 0) nextSeparator = text.length;
      }
      const stop = Math.min(nextSeparator, lineEnd);
      bounds[2 * index] = start;
      bounds[2 * index + 1] = stop;
      if (stop > start) fields = index + 1;
      if (stop >= lineEnd) break;
      start = stop + 1;
    }
    if (!take(at, lineEnd, fields, bounds)) return;
    at = end + 1;
  }
}

/** The fields of the first record (the header), and where the next starts. */
export function unquotedHeader(
  text: string,
  separator: ResponseSeparator,
): { header: Field[]; next: number } {
  let header: Field[] = [];
  let next = text.length;
  eachRecord(text, separator, 0, (_start, end, fields, bounds) => {
    header = Array.from({ length: fields }, (_, index) => {
      const start = bounds[2 * index] ?? 0;
      const stop = bounds[2 * index + 1] ?? 0;
      return stop > start ? text.slice(start, stop) : null;
    });
    const newline = text.indexOf('\n', end);
    next = newline < 0 ? text.length : newline + 1;
    return false;
  });
  return { header, next };
}

/**
 * The data records from `from` on as drafts (`at` says which field is which), and the records
 * with more fields than `width` (their number, counted from 0 for the first data record).
 */
export function unquotedDrafts(
  text: string,
  separator: ResponseSeparator,
  from: number,
  at: ColumnsAt,
  width: number,
): { drafts: DraftResponseRow[]; wide: Array<{ record: number; fields: number }> } {
  const drafts: DraftResponseRow[] = [];
  const wide: Array<{ record: number; fields: number }> = [];
  /** Drafts up to the last record that holds a value: empty records at the end are dropped. */
  let kept = 0;
  eachRecord(text, separator, from, (_start, _end, fields, bounds) => {
    if (fields > width) wide.push({ record: drafts.length, fields });
    const value = (index: number): Field => {
      if (index >= fields) return null;
      const start = bounds[2 * index] ?? 0;
      const stop = bounds[2 * index + 1] ?? 0;
      return stop > start ? text.slice(start, stop) : null;
    };
    drafts.push({
      transactionId: value(at.id),
      deviceId: value(at.device),
      outcome: value(at.outcome),
    });
    if (fields > 0) kept = drafts.length;
    return true;
  });
  drafts.length = kept;
  return { drafts, wide: wide.filter((line) => line.record < kept) };
}
