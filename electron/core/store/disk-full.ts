import Database from 'better-sqlite3';

/**
 * The disk holding the history is full (`SQLITE_FULL`): a write found no room. Said by SQLite's
 * code, which crosses the writer and task threads. What was read stays readable: only writes fail.
 */
export function isDiskFull(caught: unknown): boolean {
  return caught instanceof Database.SqliteError && caught.code === 'SQLITE_FULL';
}

/**
 * After a write rolled back on a full disk: the pages it had already spilled into the write-ahead
 * log stay in that file (SQLite reuses the space, never gives it back) until a checkpoint
 * truncates it, so the disk stayed full, with the app holding the room the analyst is asked to
 * free. Best effort: a reader of an older snapshot keeps the log, and the log's committed pages
 * may themselves need room in the database file; the caller has said the failure already.
 */
export function giveRoomBack(db: Database.Database): void {
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
  } catch {
    // Still full, or busy: the next checkpoint (SQLite's own, every opening's purge) does it.
  }
}
