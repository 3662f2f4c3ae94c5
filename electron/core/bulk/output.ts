import { once } from 'node:events';
import { streamAtomically } from '../write-atomically';
import { writeXlsx } from '../xlsx-writer/xlsx-writer';
import type { Writable } from 'node:stream';
import { describeFieldProblem } from '../../../shared/domain/field-problem';
import { csvRow, listCell, type OutValue } from '../../../shared/spreadsheet';
import type { DeviceRisk, ReviewOutcome, Transaction } from '../../../shared/domain/types';
import type { RowStatusName } from '../../../shared/contract/results';
import type { StoredRow } from '../store/rows.repo';

/** One input row and its answer, as the output files carry it (absent values are null). */
export interface OutputRecord {
  row: number;
  externalID: string | null;
  sessionID: string | null;
  status: RowStatusName | null;
  httpStatus: number | null;
  deviceID: string | null;
  insights: string[] | null;
  alertQuantity: number | null;
  deviceAge: number | null;
  deviceRisk: DeviceRisk | null;
  score: number | null;
  smartID: string | null;
  similarDevices: string[] | null;
  maximumScore: number[] | null;
  messages: string[] | null;
  /**
   * The analyst's outcome of the transaction, under the name the response-variable file gives it
   * (so the export can be imported back as an outcomes spreadsheet); null when not reviewed.
   * `Legítima` is the local review state: the import takes it for no outcome, as it should.
   */
  Resultado: ReviewOutcome | null;
  /** When that outcome was set (ISO); null when not reviewed. */
  outcomeSetAt: string | null;
}

export function toOutputRecord(row: StoredRow): OutputRecord {
  const result = row.result;
  const messages = row.status === 'invalid' ? row.problems.map(describeFieldProblem) : row.messages;
  return {
    row: row.sourceRow,
    externalID: row.externalId,
    sessionID: row.sessionId,
    status: row.status,
    httpStatus: row.httpStatus,
    deviceID: result?.deviceID ?? null,
    insights: result?.insights ?? null,
    alertQuantity: result?.alertQuantity ?? null,
    deviceAge: result?.deviceAge ?? null,
    deviceRisk: result?.deviceRisk ?? null,
    score: result?.score ?? null,
    smartID: result?.smartID ?? null,
    similarDevices: result?.similarityResult?.similarDevices ?? null,
    maximumScore: result?.similarityResult?.maximumScore ?? null,
    messages: messages.length > 0 ? messages : null,
    Resultado: row.outcome,
    outcomeSetAt: row.outcomeSetAt,
  };
}

/** The columns of the output files, in order; the app's exports use the same ones. */
export const outputColumns: Array<keyof OutputRecord> = [
  'row',
  'externalID',
  'sessionID',
  'status',
  'httpStatus',
  'deviceID',
  'insights',
  'alertQuantity',
  'deviceAge',
  'deviceRisk',
  'score',
  'smartID',
  'similarDevices',
  'maximumScore',
  'messages',
  'Resultado',
  'outcomeSetAt',
];

/** One output line: each list in one cell by `listCell`, so its items can be told apart. */
export function outputCells(record: OutputRecord): OutValue[] {
  return outputColumns.map((column) => {
    const value = record[column];
    if (Array.isArray(value)) return listCell(value);
    return value;
  });
}

export type OutputKind = 'json' | 'csv' | 'xlsx';

export function outputKind(file: string): OutputKind | null {
  const match = /\.(json|csv|xlsx)$/i.exec(file);
  return match?.[1] ? (match[1].toLowerCase() as OutputKind) : null;
}

/**
 * What an output file holds: its rows, and the cells too long for an xlsx cell, cut where a list
 * item ends and marked (0 for JSON and CSV, which hold everything).
 */
export interface WrittenOutput {
  rows: number;
  cutCells: number;
}

/**
 * Writes every row of a batch, in input order. JSON and CSV are streamed a row at a time; CSV neutralises
 * fields that a spreadsheet would run as formulas; xlsx keeps them exact in text cells.
 */
export async function writeOutput(file: string, rows: Iterable<StoredRow>): Promise<WrittenOutput> {
  const kind = outputKind(file);
  if (!kind) throw new Error('The output file must end in .json, .csv or .xlsx.');
  // Through a temporary file: a failure part-way leaves the previous file, not half of one.
  return streamAtomically(file, (stream) => writeOutputStream(kind, stream, rows));
}

/** The same output on a stream that stays open, such as standard output (`--output -`). */
export async function writeOutputStream(
  kind: OutputKind,
  stream: Writable,
  rows: Iterable<StoredRow>,
): Promise<WrittenOutput> {
  if (kind === 'json') return { rows: await writeJsonOutput(stream, rows), cutCells: 0 };
  if (kind === 'csv') return { rows: await writeCsvOutput(stream, rows), cutCells: 0 };
  return writeXlsxOutput(stream, rows);
}

/** The xlsx output streamed a row at a time (see xlsx-writer): a million rows in little memory. */
async function writeXlsxOutput(
  stream: Writable,
  rows: Iterable<StoredRow>,
): Promise<WrittenOutput> {
  const cells = (function* () {
    for (const row of rows) yield outputCells(toOutputRecord(row));
  })();
  const written = await writeXlsx(stream, {
    sheetName: 'Results',
    header: outputColumns,
    rows: cells,
  });
  return { rows: written.rows, cutCells: written.cutCells };
}

async function writeJsonOutput(stream: Writable, rows: Iterable<StoredRow>): Promise<number> {
  let count = 0;
  const write = async (text: string) => {
    if (!stream.write(text)) await once(stream, 'drain');
  };
  await write('[');
  for (const row of rows) {
    await write(`${count === 0 ? '\n' : ',\n'}  ${JSON.stringify(toOutputRecord(row))}`);
    count += 1;
  }
  await write(count === 0 ? ']\n' : '\n]\n');
  return count;
}

/**
 * The CSV output a row at a time (the bytes `encodeTable` would give: BOM, `,`, CRLF, formulas
 * neutralised), in pieces of about 64 KB, so a million rows never sit in memory together.
 */
async function writeCsvOutput(stream: Writable, rows: Iterable<StoredRow>): Promise<number> {
  let count = 0;
  let chunk = '\ufeff' + csvRow(outputColumns);
  for (const row of rows) {
    chunk += csvRow(outputCells(toOutputRecord(row)));
    count += 1;
    if (chunk.length > 64 * 1024) {
      if (!stream.write(chunk)) await once(stream, 'drain');
      chunk = '';
    }
  }
  if (!stream.write(chunk)) await once(stream, 'drain');
  return count;
}

/**
 * Headers of a file of rows to import again: names the import maps on its own (autoMapColumns).
 * The phone goes as country code and `(DDD) number`, not as `+55 (11) …`: a cell starting with
 * `+` gets a leading `'` in a CSV export. The import takes that quote off again (formula.ts), but
 * the analyst who opens the file sees the phone without it.
 */
export const reimportColumns = [
  'externalID',
  'sessionID',
  'cpf',
  'email',
  'countryCode',
  'phone',
  'zipCode',
];

/** A sent request's values under `reimportColumns`. */
export function reimportCells(request: Transaction): OutValue[] {
  const { phone } = request;
  return [
    request.externalID,
    request.sessionID,
    request.cpf ?? null,
    request.email ?? null,
    phone?.countryCode ?? null,
    phone ? `(${phone.cityCode}) ${phone.number}` : null,
    request.zipCode ?? null,
  ];
}
