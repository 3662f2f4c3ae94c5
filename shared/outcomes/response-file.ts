/**
 * Building a response-variable file (spec 2.7, 4.3) from reviewed rows: checked, written as CSV,
 * zipped on request, with the preview the analyst sees before saving or sending it.
 */
import { outcomes } from '../domain/types';
import type { Outcome, ResponseVariableRow } from '../domain/types';
import { looksLikeFormula } from '../spreadsheet/formula';
import { confirmRows } from './response-checks';
import { responseCsv, responseLines } from './response-csv';
import { zipOne } from './response-zip';
import { maxUploadBytes } from './types';
import type {
  BuildResult,
  DraftResponseRow,
  FileProblem,
  ResponseFileKind,
  ResponseFilePreview,
  ResponseSeparator,
} from './types';

export interface BuildOptions {
  kind: ResponseFileKind;
  /** `,` unless the setting says `;`. */
  separator?: ResponseSeparator;
  /** The name to give the file; any `.csv` or `.zip` ending is replaced by the right one. */
  fileName: string;
  /**
   * Rows written between two turns of the event loop (65,536 unless said): a million rows are
   * seconds of writing, which would freeze the window, or hold the main process, in one piece.
   */
  rowsPerTurn?: number;
  /** The largest file built (`maxUploadBytes`, the most the app sends, unless said). */
  maxBytes?: number;
}

/** Resolves after the events waiting (input, other requests) have had their turn. */
const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The CSV as UTF-8 bytes, written and encoded `rowsPerTurn` rows at a time. */
async function csvBytes(
  rows: ResponseVariableRow[],
  separator: ResponseSeparator,
  rowsPerTurn: number,
): Promise<Uint8Array> {
  const encoder = new TextEncoder();
  const parts = [encoder.encode(responseCsv([], separator))];
  for (let from = 0; from < rows.length; from += rowsPerTurn) {
    await nextTurn();
    parts.push(encoder.encode(responseLines(rows.slice(from, from + rowsPerTurn), separator)));
  }
  const bytes = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
}

/** A built file over the most the app sends: a CSV that big is a zip of about a third. */
function tooLarge(size: number, zip: boolean): FileProblem {
  const megabytes = (size / 1024 / 1024).toFixed(1);
  return {
    code: 'too_large',
    line: 0,
    value: megabytes,
    message: `The file would be ${megabytes} MB, more than the 20 MB the app sends: ${zip ? 'send fewer rows (one batch, or only the rows not sent yet)' : 'build it as a zip, or send fewer rows'}.`,
  };
}

/**
 * The file, or every problem that stops it (see `checkResponseRows`). A CSV is UTF-8 without a
 * byte order mark; a zip holds it as its one entry `<stem>.csv`, deflated, with a fixed date, so
 * the same rows, separator and name always give the same bytes.
 */
export async function buildResponseFile(
  rows: DraftResponseRow[],
  options: BuildOptions,
): Promise<BuildResult> {
  const confirmed = confirmRows(rows);
  if (!confirmed.ok) return confirmed;
  const stem = fileStem(options.fileName);
  const csv = await csvBytes(
    confirmed.rows,
    options.separator ?? ',',
    options.rowsPerTurn ?? 65_536,
  );
  const zip = options.kind === 'zip';
  const bytes = zip ? await zipOne(`${stem}.csv`, csv) : csv;
  if (bytes.length > (options.maxBytes ?? maxUploadBytes))
    return { ok: false, problems: [tooLarge(bytes.length, zip)] };
  return {
    ok: true,
    file: {
      fileName: `${stem}.${options.kind}`,
      kind: options.kind,
      mimeType: zip ? 'application/zip' : 'text/csv',
      bytes,
      rows: confirmed.rows,
      preview: previewResponseFile(confirmed.rows, bytes.length),
    },
  };
}

/** The totals per outcome and the first rows, exactly as the file carries them. */
export function previewResponseFile(
  rows: ResponseVariableRow[],
  sizeBytes: number,
  first = 10,
): ResponseFilePreview {
  const counts = Object.fromEntries(outcomes.map((outcome) => [outcome, 0])) as Record<
    Outcome,
    number
  >;
  const formulaLike = { count: 0, lines: [] as number[] };
  rows.forEach((row, index) => {
    counts[row.outcome] += 1;
    if (!looksLikeFormula(row.transactionId) && !looksLikeFormula(row.deviceId)) return;
    formulaLike.count += 1;
    if (formulaLike.lines.length < 10) formulaLike.lines.push(index + 2);
  });
  return {
    total: rows.length,
    counts,
    firstRows: rows.slice(0, Math.max(first, 0)),
    sizeBytes,
    formulaLike,
  };
}

/** `C:\out\respostas.CSV` → `respostas`; a name with nothing left becomes the default stem. */
function fileStem(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const stem = base.replace(/\.(csv|zip)$/i, '').trim();
  return stem === '' ? 'variaveis-resposta' : stem;
}
