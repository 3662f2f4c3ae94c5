import { open } from 'node:fs/promises';
import path from 'node:path';
import { defaultLimits } from '../../shared/spreadsheet/limits';
import { fileTooLarge } from '../../shared/spreadsheet/problem';
import type { ReadProblem } from '../../shared/spreadsheet/types';
import { FileError, UsageError } from './io';
import { errorText } from './output-check';

export type FileRead = { ok: true; bytes: Uint8Array } | { ok: false; message: string };

/**
 * Reads a whole file only when it is at most `maxBytes`: the size is checked on the open file
 * before a byte is read, so a 3 GB file costs no memory, and at most `maxBytes + 1` bytes are read
 * even when the file grows meanwhile. `tooLarge` words the refusal from the size found.
 */
export async function readFileWithin(
  file: string,
  maxBytes: number,
  tooLarge: (bytes: number) => string,
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
    const { size } = await handle.stat();
    if (size > maxBytes) return { ok: false, message: tooLarge(size) };
    const buffer = Buffer.alloc(size + 1);
    let filled = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
      if (filled === buffer.length) return { ok: false, message: tooLarge(filled) };
    }
    return { ok: true, bytes: buffer.subarray(0, filled) };
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
  tooLarge: (bytes: number) => string,
): Promise<FileRead> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += bytes.length;
      if (size > maxBytes) return { ok: false, message: tooLarge(size) };
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
  const tooLarge = (bytes: number) => `${name}: ${fileTooLarge(bytes, defaultLimits).message}`;
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
