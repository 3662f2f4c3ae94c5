import Database from 'better-sqlite3';

/**
 * The disk holding the history is full (`SQLITE_FULL`): a write found no room. Said by SQLite's
 * code, which crosses the writer and task threads. What was read stays readable: only writes fail.
 */
export function isDiskFull(caught: unknown): boolean {
  return caught instanceof Database.SqliteError && caught.code === 'SQLITE_FULL';
}
