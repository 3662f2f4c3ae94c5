import { randomBytes } from 'node:crypto';
import {
  closeSync,
  createWriteStream,
  fsyncSync,
  openSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import {
  chmod,
  lstat,
  open,
  readdir,
  realpath,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
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
 * A temporary this long untouched is a killed writer's (`kill -9`, a power cut): a live writer
 * writes to it all along, and a stalled one this long has nothing left to lose.
 */
const staleAfterMs = 15 * 60_000;

/**
 * Removes the temporaries of `file` that a killed writer left (named as `temporaryBeside` names
 * them, and stale): otherwise each kill left one more hidden file beside the output, for ever.
 * Best effort: a temporary that cannot be read or removed is left, never a reason to fail.
 */
async function removeStaleTemporaries(file: string): Promise<void> {
  const folder = path.dirname(file);
  const prefix = `.${path.basename(file)}.`;
  const names = await readdir(folder).catch(() => [] as string[]);
  const now = Date.now();
  for (const name of names) {
    if (!name.startsWith(prefix) || !/^[0-9a-f]{12}\.tmp$/.test(name.slice(prefix.length)))
      continue;
    const left = path.join(folder, name);
    const info = await lstat(left).catch(() => null);
    if (info?.isFile() && now - info.mtimeMs > staleAfterMs)
      await rm(left, { force: true }).catch(() => undefined);
  }
}

/** The permissions of the file a write replaces (an analyst's chmod 600), null for a new one. */
async function modeToKeep(target: string): Promise<number | null> {
  const info = await stat(target).catch(() => null);
  return info ? info.mode & 0o7777 : null;
}

/**
 * Makes the temporary's content durable before the rename puts it in place: otherwise a power cut
 * could leave the path renamed onto a file whose blocks never reached the disk (an empty output).
 */
async function syncFile(file: string): Promise<void> {
  const handle = await open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Makes the rename itself durable where a folder can be synced (not on Windows). */
async function syncFolder(file: string): Promise<void> {
  const handle = await open(path.dirname(file), 'r').catch(() => null);
  if (!handle) return;
  await handle.sync().catch(() => undefined);
  await handle.close().catch(() => undefined);
}

/** Puts the finished temporary in the target's place, with the target's permissions. */
async function replaceWith(temporary: string, target: string, mode: number | null): Promise<void> {
  if (mode !== null) await chmod(temporary, mode);
  await syncFile(temporary);
  await rename(temporary, target);
  await syncFolder(target);
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
  await removeStaleTemporaries(target);
  const mode = await modeToKeep(target);
  const temporary = temporaryBeside(target);
  try {
    await writeFile(temporary, bytes, { flag: 'wx' });
    await replaceWith(temporary, target, mode);
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
  if (target !== null) await removeStaleTemporaries(target);
  const mode = target === null ? null : await modeToKeep(target);
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
    if (temporary !== null && target !== null) await replaceWith(temporary, target, mode);
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

/**
 * `writeAtomically` for a handler that cannot wait (a window closing, whose app may quit before a
 * promise settles): the same temporary beside the file, synced before and after the rename.
 */
export function writeAtomicallySync(file: string, text: string): void {
  const temporary = temporaryBeside(file);
  try {
    const handle = openSync(temporary, 'wx');
    try {
      writeSync(handle, text);
      fsyncSync(handle);
    } finally {
      closeSync(handle);
    }
    renameSync(temporary, file);
  } catch (caught) {
    rmSync(temporary, { force: true });
    throw caught;
  }
  try {
    const folder = openSync(path.dirname(file), 'r');
    try {
      fsyncSync(folder);
    } finally {
      closeSync(folder);
    }
  } catch {
    // A folder cannot be synced on Windows: the rename is as durable as the system makes it.
  }
}
