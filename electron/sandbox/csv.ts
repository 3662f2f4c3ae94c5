import type { Outcome, ResponseVariableRow } from '../../shared/domain/types';

/**
 * Reading of a response-variable CSV (spec 2.7): UTF-8 with an optional BOM, `,` or `;` as the
 * separator (whichever the header line has more of), RFC 4180 quoting, the three columns in any
 * order. Cells are trimmed; wholly empty lines are skipped; line numbers count physical lines
 * from 1 (the header), a quoted line break included.
 *
 * Beyond the published rules, a DeviceId must be one this sandbox could have issued (`dev-` and
 * 20 lowercase hex digits, see answers.ts): the real service's complete rules are not published,
 * so a file that passes the app's own checks can still be refused with several messages.
 */

export type CsvResult =
  { ok: true; rows: ResponseVariableRow[] } | { ok: false; messages: string[] };

const columns = ['ID Transacional', 'DeviceId', 'Resultado'] as const;
const allowedOutcomes: readonly string[] = ['Suspeito', 'Fraude Confirmada', 'Device Positivado'];
/** The form of every DeviceId the sandbox answers with (`sandboxAnswer`). */
const issuedDeviceId = /^dev-[0-9a-f]{20}$/;
/** A Detail of thousands of messages helps nobody; the first ones show the pattern. */
const maxMessages = 100;

interface CsvRecord {
  line: number;
  cells: string[];
}

/**
 * The separator with more occurrences outside quotes on the header line (the first line that is
 * not wholly empty: those are skipped, before the header too); `,` on a tie.
 */
function detectSeparator(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  let started = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) {
      if (started) break;
      continue;
    } else if (!quoted && char === ',') commas += 1;
    else if (!quoted && char === ';') semicolons += 1;
    started = true;
  }
  return semicolons > commas ? ';' : ',';
}

/** Splits the text into records; fails on an unterminated quote or text after a closing quote. */
function readRecords(
  text: string,
  separator: string,
): { records: CsvRecord[] } | { error: string } {
  const records: CsvRecord[] = [];
  const n = text.length;
  let i = 0;
  let line = 1;
  while (i < n) {
    const start = line;
    const cells: string[] = [];
    let blank = true;
    for (;;) {
      let cell = '';
      if (text[i] === '"') {
        blank = false;
        i += 1;
        for (;;) {
          const quote = text.indexOf('"', i);
          if (quote < 0) return { error: `Line ${start}: a quoted value is not closed.` };
          const chunk = text.slice(i, quote);
          cell += chunk;
          // Physical lines: LF, CR LF and a CR alone each end one.
          line += chunk.split(/\r\n|\r|\n/).length - 1;
          i = quote + 1;
          if (text[i] !== '"') break;
          cell += '"';
          i += 1;
        }
        if (i < n && text[i] !== separator && text[i] !== '\r' && text[i] !== '\n') {
          return {
            error: `Line ${line}: a quoted value must be followed by a separator or a line end.`,
          };
        }
      } else {
        const begin = i;
        while (i < n && text[i] !== separator && text[i] !== '\r' && text[i] !== '\n') i += 1;
        cell = text.slice(begin, i);
        if (cell !== '') blank = false;
      }
      cells.push(cell);
      // A separator starts one more cell, even at the end of the line or of the text.
      if (text[i] !== separator) break;
      blank = false;
      i += 1;
    }
    if (text[i] === '\r') i += 1;
    if (text[i] === '\n') i += 1;
    line += 1;
    if (!blank) records.push({ line: start, cells });
  }
  return { records };
}

function headerMessages(names: string[]): string[] {
  const messages: string[] = [];
  for (const column of columns) {
    const count = names.filter((name) => name === column).length;
    if (count === 0) messages.push(`The column '${column}' is missing.`);
    if (count > 1) messages.push(`The column '${column}' is repeated.`);
  }
  for (const name of names) {
    if (!(columns as readonly string[]).includes(name))
      messages.push(`The column '${name}' is not allowed.`);
  }
  return messages;
}

/** The first problem of a data row (one message per line), or its parsed value. */
function readRow(record: CsvRecord, index: number[], width: number): ResponseVariableRow | string {
  const { line, cells } = record;
  if (cells.length !== width)
    return `Line ${line}: expected ${width} values but found ${cells.length}.`;
  const [transactionId = '', deviceId = '', outcome = ''] = index.map((at) =>
    (cells[at] ?? '').trim(),
  );
  if (transactionId === '') return `Line ${line}: ID Transacional is empty.`;
  if (deviceId === '') return `Line ${line}: DeviceId is empty.`;
  if (!allowedOutcomes.includes(outcome))
    return `Line ${line}: Resultado '${outcome}' is not an allowed value.`;
  if (!issuedDeviceId.test(deviceId))
    return `Line ${line}: DeviceId '${deviceId}' is not a device this service identified.`;
  return { transactionId, deviceId, outcome: outcome as Outcome };
}

/** Parses and validates a response-variable CSV: its rows, or one message per bad row. */
export function parseResponseVariables(data: Buffer): CsvResult {
  let text: string;
  try {
    // fatal: refuse mis-encoded files instead of silently storing U+FFFD; the BOM is dropped.
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return { ok: false, messages: ['The file is not valid UTF-8.'] };
  }
  const read = readRecords(text, detectSeparator(text));
  if ('error' in read) return { ok: false, messages: [read.error] };
  const [header, ...body] = read.records;
  if (header === undefined) return { ok: false, messages: ['The file has no header row.'] };
  const names = header.cells.map((cell) => cell.trim());
  const problems = headerMessages(names);
  if (problems.length > 0) return { ok: false, messages: problems };
  if (body.length === 0) return { ok: false, messages: ['The file has no data rows.'] };
  const index = columns.map((column) => names.indexOf(column));
  const rows: ResponseVariableRow[] = [];
  const messages: string[] = [];
  for (const record of body) {
    const row = readRow(record, index, names.length);
    if (typeof row === 'string') messages.push(row);
    else rows.push(row);
  }
  if (messages.length === 0) return { ok: true, rows };
  const shown = messages.slice(0, maxMessages);
  if (messages.length > maxMessages)
    shown.push(`And ${messages.length - maxMessages} more bad rows.`);
  return { ok: false, messages: shown };
}
