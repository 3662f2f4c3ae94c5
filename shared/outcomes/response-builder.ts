/**
 * Writing a response-variable file as its rows arrive: each slice checked, then written as CSV
 * lines and, for a zip, handed to the deflater at once, so the core deflates (on another thread)
 * while it still reads the history. The result is the one `buildResponseFile` gives for all the
 * rows at once.
 */
import { outcomes } from '../domain/types';
import type { Outcome, ResponseVariableRow } from '../domain/types';
import { shortStem } from '../file-names';
import { checkResponseRows, rowConfirmer } from './response-checks';
import { responseCsv, responseLines } from './response-csv';
import { previewResponseFile } from './response-preview';
import { maxUploadBytes } from './types';
import type {
  BuildResult,
  BuiltResponseFile,
  DraftResponseRow,
  FileProblem,
  ResponseFilePreview,
  ResponseFileKind,
  ResponseSeparator,
} from './types';
import { fflateDeflater, zipArchive, type Deflater } from './zip-one';

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

/** A file being built: `add` each slice of rows in order, then `finish`. */
export interface ResponseFileBuilder {
  /** Checks the rows and, while every row so far is fine, writes them. */
  add(rows: DraftResponseRow[]): void;
  /** The file, or every problem that stops it. */
  finish(): Promise<BuildResult>;
}

/** What `StreamedResponseFile.finish` gives: the file without its rows, or why it was not built. */
export type StreamedBuild =
  | { ok: true; file: Omit<BuiltResponseFile, 'rows'> }
  | { ok: false; problems: FileProblem[] }
  /** A row has a problem, or an ID repeats: `checkResponseRows` of the rows lists them. */
  | { ok: false; problems: null };

/** `ResponseFileBuilder` that keeps none of the rows: for rows that can be read again. */
export interface StreamedResponseFile {
  add(rows: DraftResponseRow[]): void;
  finish(): Promise<StreamedBuild>;
}

/**
 * The builder, keeping every row: the problems of a refused file are listed from them, and a
 * built file carries them.
 */
export function responseFileBuilder(options: BuildOptions): ResponseFileBuilder {
  const streamed = streamedResponseFile(options);
  const drafts: DraftResponseRow[] = [];
  return {
    add(rows) {
      for (const row of rows) drafts.push(row);
      streamed.add(rows);
    },
    async finish() {
      const built = await streamed.finish();
      if (built.ok) {
        const rows = drafts.map(({ transactionId, deviceId, outcome }) => ({
          transactionId: transactionId ?? '',
          deviceId: deviceId ?? '',
          outcome: outcome as Outcome,
        }));
        return { ok: true, file: { ...built.file, rows } };
      }
      return { ok: false, problems: built.problems ?? checkResponseRows(drafts) };
    },
  };
}

/**
 * The builder that holds no rows: each slice is checked, written and dropped, and the preview
 * is kept up as they come. A million rows held to the end, twice (as given and as confirmed), were
 * a second and more of the collector's time in the core's build.
 */
export function streamedResponseFile(options: BuildOptions): StreamedResponseFile {
  const separator = options.separator ?? ',';
  const maxBytes = options.maxBytes ?? maxUploadBytes;
  const zip = options.kind === 'zip';
  const stem = fileStem(options.fileName);
  const confirm = rowConfirmer();
  const preview = previewInSlices();
  const encoder = new TextEncoder();
  const deflating = zip ? (options.deflater ?? fflateDeflater)() : null;
  const parts: Uint8Array[] = [];
  let size = 0;
  let given = 0;
  /** Rows written; a CSV stops at the first piece that takes it past `maxBytes`. */
  let written = 0;
  let fine = true;

  function write(piece: Uint8Array): void {
    size += piece.length;
    if (deflating) deflating.push(piece);
    else parts.push(piece);
  }
  write(encoder.encode(responseCsv([], separator)));
  const header = size;

  return {
    add(rows) {
      given += rows.length;
      const slice = fine ? confirm.add(rows) : null;
      fine = slice !== null;
      if (slice === null) return;
      preview.add(slice);
      if (deflating === null && size > maxBytes) return;
      write(encoder.encode(responseLines(slice, separator)));
      written += slice.length;
    },
    async finish() {
      const packed = await deflating?.end();
      if (given === 0) return { ok: false, problems: checkResponseRows([]) };
      if (!fine || !confirm.distinct()) return { ok: false, problems: null };
      // A CSV stopped early: the rest at the size of the lines written (47 MB of a million rows
      // was 7 s of writing, to be refused).
      const wouldBe =
        written === given ? size : header + ((size - header) / Math.max(written, 1)) * given;
      if (deflating === null && wouldBe > maxBytes)
        return { ok: false, problems: [tooLarge(wouldBe, zip)] };
      const bytes = packed ? zipArchive(`${stem}.csv`, size, packed) : joined(parts);
      if (bytes.length > maxBytes) return { ok: false, problems: [tooLarge(bytes.length, zip)] };
      return {
        ok: true,
        file: {
          fileName: `${stem}.${options.kind}`,
          kind: options.kind,
          mimeType: zip ? 'application/zip' : 'text/csv',
          bytes,
          preview: preview.of(bytes.length),
        },
      };
    },
  };
}

/**
 * `previewResponseFile` of all the rows, from the slices as they come: totals added up, the
 * first rows and the first formula-like lines kept (each slice's lines counted from its start).
 */
function previewInSlices() {
  const firstRows = 10;
  let whole = previewResponseFile([], 0, firstRows);
  return {
    add(slice: ResponseVariableRow[]) {
      const part = previewResponseFile(slice, 0, firstRows - whole.firstRows.length);
      const before = whole.total;
      whole = {
        total: before + part.total,
        counts: Object.fromEntries(
          outcomes.map((outcome) => [outcome, whole.counts[outcome] + part.counts[outcome]]),
        ) as Record<Outcome, number>,
        firstRows: [...whole.firstRows, ...part.firstRows],
        sizeBytes: 0,
        formulaLike: {
          count: whole.formulaLike.count + part.formulaLike.count,
          lines: [
            ...whole.formulaLike.lines,
            ...part.formulaLike.lines.map((line) => line + before),
          ].slice(0, 10),
        },
      };
    },
    of: (sizeBytes: number): ResponseFilePreview => ({ ...whole, sizeBytes }),
  };
}

function joined(parts: Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
}

/** A built file over the most the app sends: a CSV that big is a zip of about a third. */
export function tooLarge(size: number, zip: boolean): FileProblem {
  const megabytes = (size / 1024 / 1024).toFixed(1);
  return {
    code: 'too_large',
    line: 0,
    value: megabytes,
    message: `The file would be ${megabytes} MB, more than the 20 MB the app sends: ${zip ? 'send fewer rows (one batch, or only the rows not sent yet)' : 'build it as a zip, or send fewer rows'}.`,
  };
}

/**
 * `C:\out\respostas.CSV` → `respostas`; a name with nothing left becomes the default stem, and a
 * name too long for a file system is cut (`shortStem`; the preview shows the name kept).
 */
function fileStem(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const stem = shortStem(base.replace(/\.(csv|zip)$/i, '').trim());
  return stem === '' ? 'variaveis-resposta' : stem;
}
