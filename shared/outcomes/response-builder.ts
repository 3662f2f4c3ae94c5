/**
 * Writing a response-variable file as its rows arrive: each slice checked, then written as CSV
 * lines and, for a zip, handed to the deflater at once, so the core deflates (on another thread)
 * while it still reads the history. The result is the one `buildResponseFile` gives for all the
 * rows at once.
 */
import type { ResponseVariableRow } from '../domain/types';
import { checkResponseRows, rowConfirmer } from './response-checks';
import { responseCsv, responseLines } from './response-csv';
import { previewResponseFile } from './response-preview';
import { maxUploadBytes } from './types';
import type {
  BuildResult,
  DraftResponseRow,
  FileProblem,
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

export function responseFileBuilder(options: BuildOptions): ResponseFileBuilder {
  const separator = options.separator ?? ',';
  const maxBytes = options.maxBytes ?? maxUploadBytes;
  const zip = options.kind === 'zip';
  const stem = fileStem(options.fileName);
  const confirm = rowConfirmer();
  const drafts: DraftResponseRow[] = [];
  const confirmed: ResponseVariableRow[] = [];
  const encoder = new TextEncoder();
  const deflating = zip ? (options.deflater ?? fflateDeflater)() : null;
  const parts: Uint8Array[] = [];
  let size = 0;
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
      for (const row of rows) drafts.push(row);
      const slice = fine ? confirm.add(rows) : null;
      fine = slice !== null;
      if (slice === null) return;
      for (const row of slice) confirmed.push(row);
      if (deflating === null && size > maxBytes) return;
      write(encoder.encode(responseLines(slice, separator)));
      written += slice.length;
    },
    async finish() {
      const packed = await deflating?.end();
      if (!fine || drafts.length === 0 || !confirm.distinct())
        return { ok: false, problems: checkResponseRows(drafts) };
      // A CSV stopped early: the rest at the size of the lines written (47 MB of a million rows
      // was 7 s of writing, to be refused).
      const wouldBe =
        written === confirmed.length
          ? size
          : header + ((size - header) / Math.max(written, 1)) * confirmed.length;
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
          rows: confirmed,
          preview: previewResponseFile(confirmed, bytes.length),
        },
      };
    },
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

/** `C:\out\respostas.CSV` → `respostas`; a name with nothing left becomes the default stem. */
function fileStem(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const stem = base.replace(/\.(csv|zip)$/i, '').trim();
  return stem === '' ? 'variaveis-resposta' : stem;
}
