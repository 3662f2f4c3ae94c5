import { open } from 'node:fs/promises';
import path from 'node:path';
import { defaultLimits } from '../../shared/spreadsheet/limits';
import { fileTooLarge } from '../../shared/spreadsheet/problem';
import type { ReadProblem } from '../../shared/spreadsheet/types';
import { FileError, UsageError } from './io';
import { errorText } from './output-check';

export type FileRead = { ok: true; bytes: Uint8Array } | { ok: false; message: string };

/**
 * Words a refusal: `bytes` is the size found, or null when the file passed the limit as it was
 * read (a pipe, a device, a file that grew), so that all that is known is that it is over.
 */
export type TooLarge = (bytes: number | null) => string;

/** How much a file without a size (a pipe, a device) is read at a time. */
const pieceBytes = 64 * 1024;

/**
 * Reads a whole file only when it is at most `maxBytes`: a regular file's size is checked on the
 * open file before a byte is read, so a 3 GB file costs no memory, and at most `maxBytes + 1`
 * bytes are read even when the file grows meanwhile. Pipes, `<(…)`, `/dev/stdin` and devices have
 * no size and refuse positional reads, so every file is read on from where it stands.
 */
export async function readFileWithin(
  file: string,
  maxBytes: number,
  tooLarge: TooLarge,
): Promise<FileRead> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (caught) {
    const code = (caught as NodeJS.ErrnoException).code;
    return {
      ok: false,
      message: `Cannot read ${file}: ${code === 'ENOENT' ? 'no such file' : errorText(caught)}.`,
    };
  }
  try {
    const stats = await handle.stat();
    if (stats.isFile() && stats.size > maxBytes)
      return { ok: false, message: tooLarge(stats.size) };
    // A regular file comes in one piece of its size (plus a byte, to notice it growing).
    let want = stats.isFile() ? stats.size + 1 : pieceBytes;
    const pieces: Buffer[] = [];
    let filled = 0;
    for (;;) {
      const piece = Buffer.alloc(Math.min(want, maxBytes + 1 - filled));
      const { bytesRead } = await handle.read(piece, 0, piece.length, null);
      if (bytesRead === 0) break;
      filled += bytesRead;
      if (filled > maxBytes) return { ok: false, message: tooLarge(null) };
      pieces.push(piece.subarray(0, bytesRead));
      want = pieceBytes;
    }
    // One piece (a regular file, as a rule) is handed on as it is: no copy of up to 256 MB.
    const whole = pieces.length === 1 ? pieces[0] : undefined;
    return { ok: true, bytes: whole ?? Buffer.concat(pieces, filled) };
  } catch (caught) {
    return { ok: false, message: `Cannot read ${file}: ${errorText(caught)}.` };
  } finally {
    await handle.close();
  }
}

/**
 * A stream read whole, with the same limit: reading stops (and the data is dropped) at the first
 * chunk past `maxBytes`, so a pipe that never ends costs at most the limit.
 */
export async function readStreamWithin(
  stream: NodeJS.ReadableStream,
  maxBytes: number,
  tooLarge: TooLarge,
): Promise<FileRead> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += bytes.length;
      if (size > maxBytes) return { ok: false, message: tooLarge(null) };
      chunks.push(bytes);
    }
  } catch (caught) {
    return { ok: false, message: `Cannot read standard input: ${errorText(caught)}.` };
  }
  return { ok: true, bytes: Buffer.concat(chunks) };
}

/** What `-` reads from: standard input, for `dcdesk bulk -` at the end of a pipeline. */
export const stdinName = 'standard input';

/**
 * A spreadsheet (`-`: standard input), refused with the reader's own sentence when larger than
 * its file limit.
 */
export function readSpreadsheetFile(file: string): Promise<FileRead> {
  const name = file === '-' ? stdinName : path.basename(file);
  const tooLarge: TooLarge = (bytes) => `${name}: ${fileTooLarge(bytes, defaultLimits).message}`;
  if (file === '-') return readStreamWithin(process.stdin, defaultLimits.maxFileBytes, tooLarge);
  return readFileWithin(file, defaultLimits.maxFileBytes, tooLarge);
}

/**
 * The error for a spreadsheet the reader refused, `name: its sentence`: the file's fault (exit 1),
 * except a --sheet naming no sheet of the workbook, which is the command line's (exit 2).
 */
export function readRefusal(name: string, problem: ReadProblem, sheet: string | undefined): Error {
  const message = `${name}: ${problem.message}`;
  return problem.code === 'no_sheet' && sheet !== undefined
    ? new UsageError(message)
    : new FileError(message);
}
