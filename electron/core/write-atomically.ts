import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import type { Writable } from 'node:stream';

/** A new, unused name in the file's own folder, so the final rename stays on one file system. */
function temporaryBeside(file: string): string {
  return path.join(
    path.dirname(file),
    `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`,
  );
}

/**
 * Writes a file through a temporary file in the same folder and a rename, so the path holds
 * either its old content or the whole new file, never half of one.
 */
export async function writeAtomically(file: string, bytes: Uint8Array): Promise<void> {
  const temporary = temporaryBeside(file);
  try {
    await writeFile(temporary, bytes, { flag: 'wx' });
    await rename(temporary, file);
  } catch (caught) {
    await rm(temporary, { force: true });
    throw caught;
  }
}

/**
 * The same promise for a file written as a stream: `write` fills a temporary file, which takes
 * the file's place only once `write` has finished and the stream has flushed.
 */
export async function streamAtomically<T>(
  file: string,
  write: (stream: Writable) => Promise<T>,
): Promise<T> {
  const temporary = temporaryBeside(file);
  const stream = createWriteStream(temporary, { encoding: 'utf8', flags: 'wx' });
  // An error (a full disk) surfaces through the next write or `finish`; this keeps it handled.
  const failed = once(stream, 'error').then(([error]) => Promise.reject(error as Error));
  failed.catch(() => undefined);
  try {
    const result = await Promise.race([write(stream), failed]);
    stream.end();
    await Promise.race([once(stream, 'finish'), failed]);
    await rename(temporary, file);
    return result;
  } catch (caught) {
    stream.destroy();
    await rm(temporary, { force: true });
    throw caught;
  }
}
