/**
 * The records of a response-variable file, read as strictly as the service reads one: RFC 4180
 * quoting with nothing after a closing quote mark but a separator or the line's end, every field
 * counted (a separator at a line's end starts an empty one), and wholly empty lines skipped. A
 * line is a line as an editor shows it: LF, CR LF and a CR alone each end one, and a line break
 * inside quotes starts the next. (The transaction import reads more leniently: `parseCsv`.)
 */
import type { FileProblem, ResponseSeparator } from './types';

/** A field's text, or null for an empty one. */
export type Field = string | null;

/** One record, with the line it starts on (the header is usually line 1). */
export interface ResponseRecord {
  line: number;
  fields: Field[];
}

export type RecordsRead =
  { ok: true; records: ResponseRecord[] } | { ok: false; problem: FileProblem };

const quote = 34;
const lf = 10;
const cr = 13;

/** The records of `text`, or the first quoting problem met (with its line). */
export function responseRecords(text: string, separator: ResponseSeparator): RecordsRead {
  const records: ResponseRecord[] = [];
  const sep = separator.charCodeAt(0);
  const n = text.length;
  let at = 0;
  let line = 1;
  /** Moves past the line end at `at` (CR LF, LF or CR), counting the line. */
  const passLineEnd = () => {
    if (text.charCodeAt(at) === cr && text.charCodeAt(at + 1) === lf) at += 1;
    at += 1;
    line += 1;
  };
  while (at < n) {
    const code = text.charCodeAt(at);
    if (code === lf || code === cr) {
      passLineEnd();
      continue;
    }
    const start = line;
    const fields: Field[] = [];
    for (;;) {
      let field: string;
      if (text.charCodeAt(at) === quote) {
        const read = quoted(text, at + 1);
        if (read === null) return failure('open_quote', start, null);
        for (let i = at; i < read.end; i += 1) {
          const c = text.charCodeAt(i);
          if (c === lf || (c === cr && text.charCodeAt(i + 1) !== lf)) line += 1;
        }
        field = read.value;
        at = read.end;
        const next = text.charCodeAt(at);
        if (at < n && next !== sep && next !== lf && next !== cr)
          return failure('after_quote', line, text.slice(at, lineEndFrom(text, at, sep)));
      } else {
        const begin = at;
        while (at < n) {
          const c = text.charCodeAt(at);
          if (c === sep || c === lf || c === cr) break;
          at += 1;
        }
        field = text.slice(begin, at);
      }
      fields.push(field === '' ? null : field);
      // A separator starts another field, even at the end of the line or the text.
      if (text.charCodeAt(at) !== sep) break;
      at += 1;
    }
    records.push({ line: start, fields });
    if (at < n) passLineEnd();
  }
  return { ok: true, records };
}

/** A quoted field's value from just after its opening quote, and where its closing quote ends. */
function quoted(text: string, from: number): { value: string; end: number } | null {
  let value = '';
  let at = from;
  for (;;) {
    const close = text.indexOf('"', at);
    if (close < 0) return null;
    value += text.slice(at, close);
    if (text.charCodeAt(close + 1) !== quote) return { value, end: close + 1 };
    value += '"';
    at = close + 2;
  }
}

/** Where the text after a closing quote stops, for the message: a separator or a line end. */
function lineEndFrom(text: string, from: number, sep: number): number {
  let at = from;
  while (at < text.length && at - from < 20) {
    const c = text.charCodeAt(at);
    if (c === sep || c === lf || c === cr) break;
    at += 1;
  }
  return at;
}

function failure(
  code: 'open_quote' | 'after_quote',
  line: number,
  after: string | null,
): RecordsRead {
  const message =
    code === 'open_quote'
      ? `Line ${line}: a quoted field is never closed.`
      : `Line ${line}: a quoted field is followed by '${after ?? ''}'; after its closing quote mark comes a separator or the line's end.`;
  return {
    ok: false,
    problem: { code, line, message, ...(after === null ? {} : { value: after }) },
  };
}
