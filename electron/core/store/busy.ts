import Database from 'better-sqlite3';

/** The history's connection (db.ts's `Db`, named here so db.ts, which reports this, is not imported). */
type Db = Database.Database;

/**
 * The history's write lock held by another connection past the busy timeout (`SQLITE_BUSY`):
 * another dcdesk or the app writing. Said by SQLite's code, which crosses the writer thread.
 */
export function isBusy(caught: unknown): boolean {
  return caught instanceof Database.SqliteError && caught.code.startsWith('SQLITE_BUSY');
}

/**
 * What the analyst is told when a write still could not get the lock after waiting: in dcdesk
 * and in the window alike (through historyFailureText), so it names no door.
 */
export const busyText =
  'the history is busy: another dcdesk or the app is writing the history, and held it longer than the 5 s this waits. Nothing was changed; try again when it is done.';

/**
 * Runs `write` (one transaction) again each time it finds the lock held past the busy timeout,
 * which each attempt waits first: a run's writes wait for another process's long write (a purge,
 * a bulk outcome) rather than stopping the batch. Nothing was written by an attempt that failed
 * so: `BEGIN IMMEDIATE` takes the lock before anything else.
 */
export function waitWhileBusy<T>(write: () => T): T {
  for (;;) {
    try {
      return write();
    } catch (caught) {
      if (!isBusy(caught)) throw caught;
    }
  }
}

/**
 * Runs `write` only if the lock is free now, without the busy timeout's wait; null when another
 * process holds it. For work that can wait for another time (the purge at an opening).
 */
export function unlessBusy<T>(db: Db, write: () => T): T | null {
  const patience = db.pragma('busy_timeout', { simple: true }) as number;
  db.pragma('busy_timeout = 0');
  try {
    return write();
  } catch (caught) {
    if (isBusy(caught)) return null;
    throw caught;
  } finally {
    db.pragma(`busy_timeout = ${String(patience)}`);
  }
}
