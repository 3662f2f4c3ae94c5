import { openHistory } from '../core/store/db';
import { defaultDataDir } from '../core/data-dir';
import { purgeOlderThan } from '../core/store/retention';
import { settingsRepo } from '../core/store/settings.repo';
import type { Db } from '../core/store/db';
import type { Engine } from '../core/store/engine';
import { CommandExit, reportError, type Io } from './io';
import { detail } from './verbosity';

export function dataDirFrom(value: string | undefined, io: Io): string {
  return value ?? io.env.DCDESK_DATA_DIR ?? defaultDataDir(io.env);
}

/**
 * Opens the history for a command, purging what is past retention as the app does at start.
 * When it cannot be opened, prints why and throws CommandExit with the error's exit code (4 when
 * the SQLite module cannot load, so a script can tell a broken install from a failed command).
 */
export async function openCliHistory(
  dataDir: string,
  io: Io,
  engine: Engine = {},
): Promise<{ db: Db; close: () => void }> {
  const opened = await openHistory(dataDir, { engine });
  if (!opened.ok) throw new CommandExit(reportError(io, opened.error));
  detail(io, `dcdesk: data folder: ${dataDir}`);
  for (const notice of opened.value.notices) io.err(`dcdesk: ${notice}`);
  const { db, close } = opened.value;
  try {
    purgeOlderThan(db, settingsRepo(db).read().retentionDays);
  } catch (caught) {
    // Closed, not left open: an opening never closed reads as a crash at the next one.
    close();
    throw caught;
  }
  return { db, close };
}
