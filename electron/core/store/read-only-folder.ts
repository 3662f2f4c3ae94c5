import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { fail, type Result } from '../../../shared/result';

/**
 * The nearest folder of `dataDir` that exists, when it cannot be written; else null. Asked after
 * the data folder could not be made or opened: mkdir on a read-only disk can fail as ENOENT, which
 * reads as a folder missing when the folder that exists is read-only.
 */
export function unwritableFolder(dataDir: string): string | null {
  let folder = path.resolve(dataDir);
  while (!existsSync(folder) && path.dirname(folder) !== folder) folder = path.dirname(folder);
  try {
    accessSync(folder, constants.W_OK);
    return null;
  } catch {
    return folder;
  }
}

/**
 * The failure for a data folder that cannot be written because `locked` (it, or the nearest
 * folder of its path that exists) is read-only: its own code, so the window can say it in the
 * analyst's language, and this English sentence with the folders.
 */
export function readOnlyFolderFailure<T>(dataDir: string, locked: string): Result<T> {
  return fail(
    'data_folder_read_only',
    `The data folder ${dataDir} cannot be written: ${locked} is read-only (or not yours to write in). Use a data folder you can write in.`,
  );
}

/**
 * The failure for a history SQLite opened but may not write (SQLITE_READONLY): its folder, said
 * as above, when the folder is read-only; else the history file itself (a mode of 444, an
 * immutable flag, another user's file), which SQLite opens read-only without a word and refuses
 * at the first write. Null for any other failure.
 */
export function readOnlyHistoryFailure<T>(
  dataDir: string,
  file: string,
  caught: unknown,
): Result<T> | null {
  if (!(caught instanceof Database.SqliteError) || !caught.code.startsWith('SQLITE_READONLY'))
    return null;
  const locked = unwritableFolder(dataDir);
  if (locked !== null) return readOnlyFolderFailure(dataDir, locked);
  return fail('history_read_only', readOnlyFileText(file));
}

/** The history file is read-only, and what to do (the CLI adds nothing: the fix is the same). */
export function readOnlyFileText(file: string): string {
  return `The history file ${file} is read-only: nothing can be saved in it. Give your user permission to write it (or ask IT to), then start again.`;
}
