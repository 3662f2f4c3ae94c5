import { closeSync, openSync, statSync } from 'node:fs';
import { devNull } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { busyText, isBusy } from './store/busy';
import { fail, type Result } from '../../shared/result';
import { messageOf } from '../../shared/message-of';

/**
 * What went wrong on this machine (a disk, a folder, the history database), said as it is and
 * with what to do, instead of the system's terse code ("ENOSPC", "SQLITE_FULL").
 */

function folderExists(folder: string): boolean {
  try {
    return statSync(folder).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The first folder on the path as written that does not exist, or null. Read without resolving
 * `..` first: the system walks `sub/../out.csv` through `sub`, so a missing `sub` fails the write
 * although the folder the path resolves to is there.
 */
function missingFolderOn(file: string): string | null {
  const parts = file.split(/[\\/]/);
  for (let end = 1; end < parts.length; end += 1) {
    // '' is the root of an absolute path (or a doubled separator), '.' the working folder.
    const last = parts[end - 1];
    if (last === '' || last === '.') continue;
    const folder = parts.slice(0, end).join(path.sep);
    if (!folderExists(folder)) return path.resolve(folder);
  }
  return null;
}

/**
 * Whether this process has as many files open as the system allows it (`EMFILE`; `ENFILE`: the
 * whole system has): asked of the system by opening its null device. Then a connection, the
 * history or a file cannot be opened, whatever else is true of them.
 */
export function outOfFiles(): boolean {
  try {
    closeSync(openSync(devNull, 'r'));
    return false;
  } catch (caught) {
    const code = (caught as NodeJS.ErrnoException).code;
    return code === 'EMFILE' || code === 'ENFILE';
  }
}

/** What to do when this process ran out of open files, as every door says it. */
export const outOfFilesText =
  'this process ran out of open files (the system lets it hold only so many at once: ulimit -n). Send fewer requests at once (a lower concurrency), or raise that limit, then try again.';

const historyFullText =
  'the disk holding the history is full; nothing was half-saved (the history keeps what it had). Free some space on that disk, then try again.';

/**
 * The sentence for a file that could not be written (or read), or null when `caught` is not a
 * system error. `then` is what to do once there is space, as it fits the caller: running the
 * command again is right before anything was sent, not after a batch whose results are stored
 * (running it again would send every row again).
 */
export function fileFailureText(
  caught: unknown,
  file: string,
  then = 'run the command again',
): string | null {
  const code = (caught as NodeJS.ErrnoException | null)?.code;
  const folder = path.dirname(path.resolve(file));
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return `Cannot write ${file}: the disk is full (no space left in ${folder}). Nothing was written there; free some space, or choose a folder on another disk, and ${then}.`;
    case 'ENOENT': {
      const missing = missingFolderOn(file);
      // A folder that exists may still answer "no such file": Linux's /proc and /sys do.
      return missing === null
        ? `Cannot write ${file}: the folder ${folder} exists but does not take new files (a system folder). Choose a folder you can write in.`
        : `Cannot write ${file}: the folder ${missing} does not exist. Create it, or choose a file in a folder that exists.`;
    }
    case 'ENOTDIR':
      return `Cannot write ${file}: part of ${folder} is a file, not a folder. Choose a file in a folder that exists.`;
    case 'EISDIR':
      return `Cannot write ${file}: it is a folder. Give a file name, such as ${path.join(file, 'outcomes.csv')}.`;
    case 'EROFS':
      return `Cannot write ${file}: ${folder} is on a read-only disk. Choose a folder you can write in.`;
    case 'EACCES':
    case 'EPERM':
      return `Cannot write ${file}: you may not write in ${folder}. Choose a folder you can write in, or ask for permission.`;
    case 'EIO':
      return `Cannot write ${file}: the disk reported an error. Check the disk, or choose a folder on another one.`;
    case 'EMFILE':
    case 'ENFILE':
      return `Cannot write ${file}: ${outOfFilesText}`;
    default:
      return null;
  }
}

/** The sentence for a SQLite failure of the history, or null when `caught` is not one. */
export function historyFailureText(caught: unknown): string | null {
  // Said by SQLite's code, never its text: the writer and task threads pass the code along and
  // the host rebuilds a SqliteError (row-writes.ts failureError), and a trigger or extension
  // may raise any text.
  if (!(caught instanceof Database.SqliteError)) return null;
  const code = caught.code;
  if (code === 'SQLITE_FULL') return historyFullText;
  if (isBusy(caught)) return busyText;
  if (code.startsWith('SQLITE_READONLY'))
    return 'the history cannot be written here: its file, its folder or its disk is read-only. Give your user permission to write them (or ask IT to), or use a data folder you can write in.';
  // SQLite does not pass the system's reason along: asked of the system itself.
  if (code.startsWith('SQLITE_CANTOPEN') && outOfFiles())
    return `the history file cannot be opened: ${outOfFilesText}`;
  if (code.startsWith('SQLITE_CANTOPEN'))
    return 'the history file cannot be opened or created in its folder. Check that the data folder exists and that you may write in it.';
  if (code.startsWith('SQLITE_CORRUPT') || code.startsWith('SQLITE_NOTADB'))
    return `the history file is damaged (${caught.message}). Close the app and every dcdesk command, then open it again: the file will be checked and, if it is damaged, kept aside for recovery and a new history started.`;
  if (code.startsWith('SQLITE_IOERR'))
    return 'the disk holding the history reported an error. Check the disk (is it full, or was it removed?), then try again.';
  return caught.message;
}

/**
 * A write of the history that failed, as a result: `busy` (exit 2 in dcdesk) when another process
 * held the lock past the busy timeout, said as every other busy write says it, else `db` with the
 * failure in plain words. `what` says what could not be done ("The batch could not be stored").
 */
export function historyWriteFailure(what: string, caught: unknown): Result<never> {
  const text = historyFailureText(caught) ?? messageOf(caught);
  return fail(isBusy(caught) ? 'busy' : 'db', `${what}: ${text}`);
}

/** What to do when the history cannot be opened for a reason of this machine ('' when unknown). */
export function historyOpenAdvice(caught: unknown): string {
  const code =
    caught instanceof Database.SqliteError
      ? caught.code
      : (caught as NodeJS.ErrnoException | null)?.code;
  if (code === 'SQLITE_FULL' || code === 'ENOSPC')
    return ' The disk holding it is full: free some space there, or use another data folder, and try again.';
  if (
    code?.startsWith('SQLITE_READONLY') ||
    code?.startsWith('SQLITE_CANTOPEN') ||
    code === 'EROFS' ||
    code === 'EACCES' ||
    code === 'EPERM'
  )
    return ' Use a data folder you may write in (its disk may be read-only).';
  return '';
}
