import { openHistory } from '../core/store/db';
import { defaultDataDir } from '../core/data-dir';
import { openingPurgeNotice, purgeAtOpening } from '../core/privacy/privacy-service';
import { settingsRepo } from '../core/store/settings.repo';
import type { Db } from '../core/store/db';
import type { Engine } from '../core/store/engine';
import { readOnlyHistoryFailure, unwritableFolder } from '../core/store/read-only-folder';
import { CommandExit, exitCodes, reportError, type Io } from './io';
import { shown } from './terminal-text';
import { detail } from './verbosity';

export function dataDirFrom(value: string | undefined, io: Io): string {
  return value ?? io.env.DCDESK_DATA_DIR ?? defaultDataDir(io.env);
}

/**
 * Opens the history for a command, purging what is past retention as the app does at start (when
 * no other process is writing it: see purgeAtOpening).
 * When it cannot be opened, prints why and throws CommandExit with the error's exit code (4 when
 * the SQLite module cannot load, so a script can tell a broken install from a failed command).
 */
export async function openCliHistory(
  dataDir: string,
  io: Io,
  engine: Engine = {},
): Promise<{ db: Db; close: () => void }> {
  const opened = await openHistory(dataDir, { engine });
  if (!opened.ok) {
    const locked = unwritableFolder(dataDir);
    if (locked === null) throw new CommandExit(reportError(io, opened.error));
    // The core's sentence (data_folder_read_only), with the options that choose another data
    // folder here; asked after any failure, as a read-only folder explains most of them.
    io.err(
      `dcdesk: The data folder ${shown(dataDir)} cannot be written: ${shown(locked)} is read-only (or not yours to write in). Use a data folder you can write in (--data-dir or DCDESK_DATA_DIR).`,
    );
    throw new CommandExit(exitCodes.failed);
  }
  detail(io, `dcdesk: data folder: ${shown(dataDir)}`);
  for (const notice of opened.value.notices) io.err(`dcdesk: ${shown(notice)}`);
  const { db, close } = opened.value;
  try {
    // Put off while another process writes: a command that only reads needs no write lock.
    const purged = purgeAtOpening(db, dataDir, settingsRepo(db).read().retentionDays);
    if ('putOff' in purged && purged.putOff === 'busy')
      detail(io, 'dcdesk: the history is busy (another process is writing it): purge put off');
    const notice = openingPurgeNotice(purged);
    if (notice) io.err(`dcdesk: ${notice}`);
  } catch (caught) {
    // Closed, not left open: an opening never closed reads as a crash at the next one.
    close();
    // A history file SQLite opened read-only (its folder can be written) fails at its first
    // write: said with the file, as the app says it.
    const readOnly = readOnlyHistoryFailure(dataDir, db.name, caught);
    if (readOnly && !readOnly.ok) throw new CommandExit(reportError(io, readOnly.error));
    throw caught;
  }
  return { db, close };
}
