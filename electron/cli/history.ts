import { openHistory } from '../core/store/db';
import { defaultDataDir } from '../core/data-dir';
import { purgeOlderThan } from '../core/store/retention';
import { settingsRepo } from '../core/store/settings.repo';
import type { Db } from '../core/store/db';
import { reportError, type Io } from './io';

export function dataDirFrom(value: string | undefined, io: Io): string {
  return value ?? io.env.DCDESK_DATA_DIR ?? defaultDataDir(io.env);
}

/**
 * Opens the history for a command, purging what is past retention as the app does at start.
 * Returns null after printing the error when it cannot be opened.
 */
export async function openCliHistory(
  dataDir: string,
  io: Io,
): Promise<{ db: Db; close: () => void } | null> {
  const opened = await openHistory(dataDir);
  if (!opened.ok) {
    reportError(io, opened.error);
    return null;
  }
  for (const notice of opened.value.notices) io.err(`dcdesk: ${notice}`);
  const { db } = opened.value;
  purgeOlderThan(db, settingsRepo(db).read().retentionDays);
  return { db, close: () => db.close() };
}
