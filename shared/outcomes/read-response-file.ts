/**
 * Reading a response-variable file back: one the analyst chose to upload, or one stored in the
 * upload ledger. Stricter than reading a transaction list: this file goes to the service as it
 * is, so what this reader refuses is what the service would have refused, said sooner.
 */
import { detectDelimiter, parseCsv } from '../spreadsheet/csv';
import { checkResponseRows, confirmRows } from './response-checks';
import { unzipOne, type Unpacking } from './response-zip';
import { maxUploadBytes, responseColumns } from './types';
import { hasLoneCr, unquotedDrafts, unquotedHeader, type ColumnsAt } from './unquoted-rows';
import type {
  DraftResponseRow,
  FileProblem,
  ReadResult,
  ResponseFileKind,
  ResponseSeparator,
} from './types';

type ResponseColumn = (typeof responseColumns)[number];

/**
 * The rows of a `.csv` file, or of the one CSV in a `.zip` (the name's ending decides, as it does
 * for the service). The text must be UTF-8 (a byte order mark is allowed); the separator, `,` or
 * `;`, is the one the header line uses; quoting is RFC 4180's. The header must name exactly the
 * three columns, in any order; then every row must pass `checkResponseRows`, and hold no more
 * fields than the header. A line is a CSV record: the header is line 1. `inflate` unpacks a zip's
 * CSV and checks it (fflate's and JavaScript's unless said: the core passes Node's zlib).
 */
export function readResponseFile(
  bytes: Uint8Array,
  fileName: string,
  unpacking: Unpacking = {},
): ReadResult {
  const kind = kindOf(fileName);
  if (kind === null) return refuse(unreadable('The file name must end in .csv or .zip.'));
  if (bytes.length > maxUploadBytes)
    return refuse({
      code: 'too_large',
      line: 0,
      value: (bytes.length / 1024 / 1024).toFixed(1),
      message: 'The file is larger than 20 MB, the most the app sends.',
    });
  let csv = bytes;
  if (kind === 'zip') {
    const inner = unzipOne(bytes, unpacking);
    if (!inner.ok) return refuse(inner.problem);
    csv = inner.bytes;
  }
  const read = readCsvBytes(csv);
  return read.ok ? { ...read, kind } : read;
}

function readCsvBytes(
  bytes: Uint8Array,
): Exclude<ReadResult, { ok: true }> | Omit<Extract<ReadResult, { ok: true }>, 'kind'> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return refuse(
      unreadable('The file is not UTF-8 text. Save it as "CSV UTF-8" and choose it again.'),
    );
  }
  if (text.trim() === '') return refuse({ code: 'empty', line: 0, message: 'The file is empty.' });
  const separator: ResponseSeparator = detectDelimiter(text) === ';' ? ';' : ',';
  // Most files hold no quote mark: read straight from the text (see unquoted-rows).
  const straight = !text.includes('"') && !hasLoneCr(text);
  let header: Field[] = [];
  let next = 0;
  let records: Field[][] = [];
  if (straight) {
    ({ header, next } = unquotedHeader(text, separator));
  } else {
    const parsed = responseRecords(text, separator);
    if (parsed.openQuoteRecord !== null) {
      const line = parsed.openQuoteRecord;
      return refuse(unreadable(`Line ${line}: a quoted field is never closed.`, line));
    }
    [header = [], ...records] = parsed.rows;
  }
  const columns = headerColumns(header);
  if (!columns.ok) return { ok: false, problems: columns.problems };

  const { 'ID Transacional': id, DeviceId: device, Resultado: outcome } = columns.at;
  const at = { id, device, outcome };
  const { drafts, wide } = straight
    ? unquotedDrafts(text, separator, next, at, header.length)
    : recordDrafts(records, at, header.length);
  const problems = wide.map(({ record, fields }) => {
    const line = record + 2;
    return unreadable(`Line ${line}: has ${fields} fields; the header has ${header.length}.`, line);
  });
  const confirmed = confirmRows(drafts);
  if (problems.length === 0 && confirmed.ok) return { ok: true, rows: confirmed.rows, separator };
  // One by one: a spread of 130,000 problems overflows the call stack.
  for (const problem of checkResponseRows(drafts)) problems.push(problem);
  return { ok: false, problems: problems.sort((a, b) => a.line - b.line) };
}

/** A field's text, or null for an empty one. */
type Field = string | null;

/** Records as drafts, and those with more fields than `width` (see `unquotedDrafts`). */
function recordDrafts(
  records: Field[][],
  at: ColumnsAt,
  width: number,
): { drafts: DraftResponseRow[]; wide: Array<{ record: number; fields: number }> } {
  const wide: Array<{ record: number; fields: number }> = [];
  const drafts = records.map((cells, record): DraftResponseRow => {
    if (cells.length > width) wide.push({ record, fields: cells.length });
    return {
      transactionId: cells[at.id] ?? null,
      deviceId: cells[at.device] ?? null,
      outcome: cells[at.outcome] ?? null,
    };
  });
  return { drafts, wide };
}

/**
 * The records of the file as fields, as `parseCsv` reads them (RFC 4180; a blank line is an empty
 * record; trailing empty fields, and empty records at the end, dropped). A file without a quote
 * mark, as most are, is split by line ends and separators instead: the same records, in a
 * fraction of the time over a million lines.
 */
export function responseRecords(
  text: string,
  separator: ResponseSeparator,
): { rows: Field[][]; openQuoteRecord: number | null } {
  if (text.includes('"')) {
    const parsed = parseCsv(text, separator);
    return {
      rows: parsed.rows.map((cells) => cells.map((cell) => cell?.text ?? null)),
      openQuoteRecord: parsed.openQuoteRecord,
    };
  }
  const lines = text.split(/\r\n|\r|\n/);
  // A line end closes its record: the empty text after the last one is no record.
  if (lines.at(-1) === '') lines.pop();
  const rows = lines.map((line) => {
    const fields: Field[] = line.split(separator);
    let end = fields.length;
    while (end > 0 && fields[end - 1] === '') end -= 1;
    fields.length = end;
    for (let at = 0; at < end; at += 1) if (fields[at] === '') fields[at] = null;
    return fields;
  });
  while (rows.length > 0 && rows[rows.length - 1]?.length === 0) rows.pop();
  return { rows, openQuoteRecord: null };
}

/** Where each of the three columns is, or what is wrong with the header line. */
function headerColumns(
  header: Field[],
): { ok: true; at: Record<ResponseColumn, number> } | { ok: false; problems: FileProblem[] } {
  const problems: FileProblem[] = [];
  const at: Partial<Record<ResponseColumn, number>> = {};
  const expected = responseColumns.join(', ');
  header.forEach((field, column) => {
    const name = field ?? '';
    if (!isResponseColumn(name)) {
      problems.push(headerProblem(`Line 1: column '${name}' is not one of ${expected}.`));
    } else if (at[name] !== undefined) {
      problems.push(headerProblem(`Line 1: column ${name} appears twice.`));
    } else {
      at[name] = column;
    }
  });
  for (const name of responseColumns) {
    if (at[name] === undefined) problems.push(headerProblem(`Line 1: column ${name} is missing.`));
  }
  const [id, device, outcome] = responseColumns.map((name) => at[name]);
  if (problems.length > 0 || id === undefined || device === undefined || outcome === undefined) {
    return { ok: false, problems };
  }
  return { ok: true, at: { 'ID Transacional': id, DeviceId: device, Resultado: outcome } };
}

function isResponseColumn(name: string): name is ResponseColumn {
  return (responseColumns as readonly string[]).includes(name);
}

function kindOf(fileName: string): ResponseFileKind | null {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.zip')) return 'zip';
  return null;
}

function headerProblem(message: string): FileProblem {
  return { code: 'header', line: 1, message };
}

function unreadable(message: string, line = 0): FileProblem {
  return { code: 'unreadable', line, message };
}

function refuse(problem: FileProblem): { ok: false; problems: FileProblem[] } {
  return { ok: false, problems: [problem] };
}
