/**
 * Reading a response-variable file back: one the analyst chose to upload, or one stored in the
 * upload ledger. Stricter than reading a transaction list: this file goes to the service as it
 * is, so what this reader refuses is what the service would have refused, said sooner.
 */
import { detectDelimiter } from '../spreadsheet/csv';
import { checkResponseRows, confirmRows } from './response-checks';
import { responseRecords, type ResponseRecord } from './response-records';
import { unzipOne, type Unpacking } from './response-zip';
import { maxUploadBytes, responseColumns } from './types';
import {
  hasLoneCr,
  unquotedDrafts,
  unquotedHeader,
  type ColumnsAt,
  type DraftRecords,
} from './unquoted-rows';
import type { FileProblem, ReadResult, ResponseFileKind, ResponseSeparator } from './types';

type ResponseColumn = (typeof responseColumns)[number];

/**
 * The rows of a `.csv` file, or of the one CSV in a `.zip` (the name's ending decides, as it does
 * for the service). The text must be UTF-8 (a byte order mark is allowed); the separator, `,` or
 * `;`, is the one the header line uses; records are read as `responseRecords` reads them (strict
 * quoting, wholly empty lines skipped). The header must name exactly the three columns, in any
 * order; then every row must hold as many fields as the header and pass `checkResponseRows`.
 * Lines are numbered as an editor shows them. `unpacking` unpacks a zip's CSV and checks it
 * (fflate's and JavaScript's unless said: the core passes Node's zlib).
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
  let header: ResponseRecord = { line: 1, fields: [] };
  let next = 0;
  let records: ResponseRecord[] = [];
  if (straight) {
    const read = unquotedHeader(text, separator);
    header = { line: read.line, fields: read.header };
    next = read.next;
  } else {
    const parsed = responseRecords(text, separator);
    if (!parsed.ok) return refuse(parsed.problem);
    [header = header, ...records] = parsed.records;
  }
  const columns = headerColumns(header, separator);
  if (!columns.ok) return { ok: false, problems: columns.problems };

  const { 'ID Transacional': id, DeviceId: device, Resultado: outcome } = columns.at;
  const at = { id, device, outcome };
  const width = header.fields.length;
  const { drafts, lines, misfits } = straight
    ? unquotedDrafts(text, separator, next, header.line + 1, at, width)
    : recordDrafts(records, at, width);
  const problems = misfits.map((misfit) => fieldCount(misfit, width));
  const confirmed = confirmRows(drafts);
  if (problems.length === 0 && confirmed.ok) return { ok: true, rows: confirmed.rows, separator };
  // Rows of the wrong width are said as such; with none of the right width, nothing else is.
  if (drafts.length > 0 || problems.length === 0)
    // One by one: a spread of 130,000 problems overflows the call stack.
    for (const problem of checkResponseRows(drafts, lines)) problems.push(problem);
  return { ok: false, problems: problems.sort((a, b) => a.line - b.line) };
}

/** Records as drafts, and those with another number of fields than `width` as misfits. */
function recordDrafts(records: ResponseRecord[], at: ColumnsAt, width: number): DraftRecords {
  const read: DraftRecords = { drafts: [], lines: [], misfits: [] };
  for (const { line, fields } of records) {
    if (fields.length !== width) read.misfits.push({ line, fields: fields.length });
    else {
      read.drafts.push({
        transactionId: fields[at.id] ?? null,
        deviceId: fields[at.device] ?? null,
        outcome: fields[at.outcome] ?? null,
      });
      read.lines.push(line);
    }
  }
  return read;
}

/** A record with more or fewer fields than the header. */
function fieldCount(
  { line, fields }: { line: number; fields: number },
  width: number,
): FileProblem {
  return {
    code: 'field_count',
    line,
    value: String(fields),
    expected: width,
    message: `Line ${line}: has ${fields} ${fields === 1 ? 'field' : 'fields'}; the header has ${width}.`,
  };
}

/**
 * Where each of the three columns is, or what is wrong with the header line: one problem for the
 * whole line, saying what it reads and with which separator (a wrong header is wrong once, not once
 * per column: `Pedido;Device;Status` listed six lines alike), and one per name with spaces around.
 */
function headerColumns(
  { line, fields }: ResponseRecord,
  separator: ResponseSeparator,
): { ok: true; at: Record<ResponseColumn, number> } | { ok: false; problems: FileProblem[] } {
  const problems: FileProblem[] = [];
  const wrong: string[] = [];
  const at: Partial<Record<ResponseColumn, number>> = {};
  const problem = (message: string) => headerProblem(line, `Line ${line}: ${message}`);
  fields.forEach((field, column) => {
    const name = field ?? '';
    // Spaces or an invisible character (a second byte order mark) around a right name: the
    // name looks right on screen, so the problem is named instead of the name.
    const bare = name.replace(/^[\s\uFEFF]+|[\s\uFEFF]+$/g, '');
    if (name === '') {
      wrong.push(`column ${column + 1} has no name (does the line end with a separator?)`);
    } else if (bare !== name && isResponseColumn(bare)) {
      problems.push({
        ...problem(
          `column ${bare} has spaces or an invisible character (such as a second byte order mark) around its name.`,
        ),
        code: 'header_spacing',
        value: bare,
      });
      if (at[bare] === undefined) at[bare] = column;
    } else if (!isResponseColumn(name)) {
      wrong.push(`column '${name}' is not one of them`);
    } else if (at[name] !== undefined) {
      wrong.push(`column ${name} appears twice`);
    } else {
      at[name] = column;
    }
  });
  for (const name of responseColumns) {
    if (at[name] === undefined) wrong.push(`column ${name} is missing`);
  }
  if (wrong.length > 0) {
    const found = fields.map((field) => field ?? '').join(separator);
    problems.push({
      ...problem(
        `the header reads '${found}' (separated by ${separator}); it must be exactly the columns ID Transacional, DeviceId and Resultado: ${wrong.join('; ')}.`,
      ),
      value: found,
    });
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

function headerProblem(line: number, message: string): FileProblem {
  return { code: 'header', line, message };
}

function unreadable(message: string, line = 0): FileProblem {
  return { code: 'unreadable', line, message };
}

function refuse(problem: FileProblem): { ok: false; problems: FileProblem[] } {
  return { ok: false, problems: [problem] };
}
