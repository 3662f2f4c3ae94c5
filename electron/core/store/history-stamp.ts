import { randomBytes } from 'node:crypto';
import type { Db } from './db';

/** Each connection's reader of its stamp: its statements prepared once, and a name of its own. */
const readers = new WeakMap<Db, () => string>();

/**
 * Where the history stands, as one connection sees it: the same text means nothing was committed
 * since, by anyone. `PRAGMA data_version` moves when another connection (the task thread, a
 * `dcdesk` run, a team pull) commits; `total_changes()` counts every row this connection changed,
 * triggers included; the connection's name keeps two connections' stamps from ever matching.
 * Read inside a read transaction, it is the state that transaction reads.
 */
export function historyStamp(db: Db): string {
  let read = readers.get(db);
  if (read === undefined) {
    const name = randomBytes(6).toString('hex');
    const version = db.prepare('PRAGMA data_version').pluck();
    const changes = db.prepare('SELECT total_changes()').pluck();
    read = () => `${name}:${String(version.get())}:${String(changes.get())}`;
    readers.set(db, read);
  }
  return read();
}
