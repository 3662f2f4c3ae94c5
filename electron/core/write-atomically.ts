import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { lstat, realpath, rename, rm, writeFile } from 'node:fs/promises';
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
 * Where the new content goes: the file itself when it is new, the file a link points to (so the
 * link stays a link), or null when the path is no regular file (a device such as /dev/stdout or
 * /dev/full, a pipe): those are written in place, since a rename would replace them.
 */
async function renamedOnto(file: string): Promise<string | null> {
  try {
    const target = await realpath(file);
    return (await lstat(target)).isFile() ? target : null;
  } catch (caught) {
    if ((caught as NodeJS.ErrnoException).code !== 'ENOENT') throw caught;
    // A link to nothing is written through, as before; a new path is created.
    return (await lstat(file).catch(() => null)) === null ? file : null;
  }
}

/**
 * Writes a file through a temporary file in the same folder and a rename, so the path holds
 * either its old content or the whole new file, never half of one.
 */
export async function writeAtomically(file: string, bytes: Uint8Array): Promise<void> {
  const target = await renamedOnto(file);
  if (target === null) return writeFile(file, bytes);
  const temporary = temporaryBeside(target);
  try {
    await writeFile(temporary, bytes, { flag: 'wx' });
    await rename(temporary, target);
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
  const target = await renamedOnto(file);
  const temporary = target === null ? null : temporaryBeside(target);
  const stream = createWriteStream(temporary ?? file, {
    encoding: 'utf8',
    flags: temporary === null ? 'w' : 'wx',
  });
  // An error (a full disk) surfaces through the next write or `finish`; this keeps it handled.
  const failed = once(stream, 'error').then(([error]) => Promise.reject(error as Error));
  failed.catch(() => undefined);
  try {
    const result = await Promise.race([write(stream), failed]);
    stream.end();
    await Promise.race([once(stream, 'finish'), failed]);
    if (temporary !== null && target !== null) await rename(temporary, target);
    return result;
  } catch (caught) {
    // Closed before it is removed: a stream still opening would create the file again.
    // (A stream that failed has closed already: its 'close' came and will not come again.)
    const closed = stream.closed ? null : once(stream, 'close').catch(() => undefined);
    stream.destroy();
    await closed;
    if (temporary !== null) await rm(temporary, { force: true });
    throw caught;
  }
}
