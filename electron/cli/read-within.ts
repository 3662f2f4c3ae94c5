import { open } from 'node:fs/promises';
import path from 'node:path';
import { defaultLimits } from '../../shared/spreadsheet/limits';
import { fileTooLarge } from '../../shared/spreadsheet/problem';
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

/** A spreadsheet, refused with the reader's own sentence when larger than its file limit. */
export function readSpreadsheetFile(file: string): Promise<FileRead> {
  const name = path.basename(file);
  return readFileWithin(
    file,
    defaultLimits.maxFileBytes,
    (bytes) => `${name}: ${fileTooLarge(bytes, defaultLimits).message}`,
  );
}
