/**
 * Building a response-variable file (spec 2.7, 4.3) from reviewed rows: checked, written as CSV,
 * zipped on request, with the preview the analyst sees before saving or sending it.
 */
import { outcomes } from '../domain/types';
import type { Outcome, ResponseVariableRow } from '../domain/types';
import { looksLikeFormula } from '../spreadsheet/formula';
import { confirmRows } from './response-checks';
import { responseCsv, responseLines } from './response-csv';
import { maxUploadBytes } from './types';
import { fflateDeflater, zipArchive, type Deflater } from './zip-one';
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
  /**
   * The largest file built (`maxUploadBytes`, the most the app sends, unless said). A CSV stops
   * being written as soon as it passes it, and the size it would have is told from its lines.
   */
  maxBytes?: number;
  /**
   * Deflates a zip's CSV (fflate's, unless said). The core and `dcdesk` pass Node's zlib
   * (`nodeDeflater`), so a file built by either has the same bytes.
   */
  deflater?: Deflater;
}

/** Resolves after the events waiting (input, other requests) have had their turn. */
const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Writes the CSV as UTF-8 pieces, `rowsPerTurn` rows each after the header, to `take`, until it
 * says no more (false). Returns how many rows went out.
 */
async function writeCsv(
  rows: ResponseVariableRow[],
  separator: ResponseSeparator,
  rowsPerTurn: number,
  take: (piece: Uint8Array) => boolean,
): Promise<number> {
  const encoder = new TextEncoder();
  if (!take(encoder.encode(responseCsv([], separator)))) return 0;
  for (let from = 0; from < rows.length; from += rowsPerTurn) {
    await nextTurn();
    const to = Math.min(from + rowsPerTurn, rows.length);
    if (!take(encoder.encode(responseLines(rows.slice(from, to), separator)))) return to;
  }
  return rows.length;
}

/** The CSV's bytes, or the size it would have when it passes `maxBytes` (then it stops there). */
async function csvBytes(
  rows: ResponseVariableRow[],
  separator: ResponseSeparator,
  rowsPerTurn: number,
  maxBytes: number,
): Promise<{ bytes: Uint8Array } | { wouldBe: number }> {
  const parts: Uint8Array[] = [];
  let size = 0;
  const written = await writeCsv(rows, separator, rowsPerTurn, (piece) => {
    parts.push(piece);
    size += piece.length;
    return size <= maxBytes;
  });
  if (size <= maxBytes) return { bytes: joined(parts) };
  // The rest at the size of the lines written: 47 MB of a million rows is 7 s of writing.
  const header = parts[0]?.length ?? 0;
  return {
    wouldBe: written === 0 ? size : header + ((size - header) / written) * rows.length,
  };
}

/** The zip of the CSV, deflated as it is written: Node's zlib does that on another thread. */
async function zipBytes(
  entryName: string,
  rows: ResponseVariableRow[],
  separator: ResponseSeparator,
  rowsPerTurn: number,
  deflater: Deflater,
): Promise<Uint8Array> {
  const deflating = deflater();
  let size = 0;
  await writeCsv(rows, separator, rowsPerTurn, (piece) => {
    deflating.push(piece);
    size += piece.length;
    return true;
  });
  return zipArchive(entryName, size, await deflating.end());
}

function joined(parts: Uint8Array[]): Uint8Array {
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
 * the same rows, separator, name and deflater always give the same bytes.
 */
export async function buildResponseFile(
  rows: DraftResponseRow[],
  options: BuildOptions,
): Promise<BuildResult> {
  const confirmed = confirmRows(rows);
  if (!confirmed.ok) return confirmed;
  const stem = fileStem(options.fileName);
  const separator = options.separator ?? ',';
  const rowsPerTurn = options.rowsPerTurn ?? 65_536;
  const maxBytes = options.maxBytes ?? maxUploadBytes;
  const zip = options.kind === 'zip';
  let bytes: Uint8Array;
  if (zip) {
    const deflater = options.deflater ?? fflateDeflater;
    bytes = await zipBytes(`${stem}.csv`, confirmed.rows, separator, rowsPerTurn, deflater);
  } else {
    const csv = await csvBytes(confirmed.rows, separator, rowsPerTurn, maxBytes);
    if ('wouldBe' in csv) return { ok: false, problems: [tooLarge(csv.wouldBe, zip)] };
    bytes = csv.bytes;
  }
  if (bytes.length > maxBytes) return { ok: false, problems: [tooLarge(bytes.length, zip)] };
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
