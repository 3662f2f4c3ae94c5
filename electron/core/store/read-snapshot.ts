import type { Db } from './db';

/**
 * Runs `read` in one read transaction of `db`: every statement it runs, across its turns of the
 * event loop, sees the history as it was at the first, whatever other connections write meanwhile
 * (WAL keeps that moment for it; writers do not wait). Only for a connection nothing else uses
 * while `read` runs, such as the history task thread's, which runs one task at a time, or a
 * command's own: a write made on it meanwhile would join the transaction. Inside a transaction
 * already, `read` simply runs in it.
 */
export async function inSnapshot<T>(db: Db, read: () => Promise<T>): Promise<T> {
  if (db.inTransaction) return read();
  db.exec('BEGIN');
  let value: T;
  try {
    value = await read();
  } catch (caught) {
    end(db, 'ROLLBACK');
    throw caught;
  }
  end(db, 'COMMIT');
  return value;
}

/** Ends the transaction `inSnapshot` began, if a failure of SQLite has not ended it already. */
function end(db: Db, how: 'COMMIT' | 'ROLLBACK'): void {
  if (db.inTransaction) db.exec(how);
}
