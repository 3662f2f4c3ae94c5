import type { Db } from './db';
import { historyStamp } from './history-stamp';

/**
 * Counts kept until the history changes: a table scrolled through a million rows asks for a page,
 * and so for the same count, ten times a second (about 40 ms each at a million rows).
 *
 * A count is given again only while SQLite says nothing changed: `total_changes()` (every row
 * this connection inserted, updated or deleted, triggers included) and `PRAGMA data_version`
 * (moves when another connection, a `dcdesk` run say, commits). Both are read before the count,
 * inside the caller's read transaction, so a count is never older than the state it is kept
 * for. Writes here are synchronous transactions, so no read runs inside an uncommitted write
 * that could still roll back.
 */
export function countCache(db: Db, size = 32): (key: string, count: () => number) => number {
  return keptUntilChange<number>(db, size);
}

/**
 * Any value read from the history, kept as `countCache` keeps counts: given again only while
 * nothing changed. The value is shared by every caller: none may change it.
 */
export function keptUntilChange<T>(db: Db, size = 32) {
  const kept = new Map<string, { stamp: string; value: T }>();
  const stampNow = () => historyStamp(db);
  const cached = (key: string, read: () => T): T => {
    const stamp = stampNow();
    const known = kept.get(key);
    if (known?.stamp === stamp) return known.value;
    const value = read();
    kept.delete(key);
    // The oldest value goes first (a Map keeps insertion order).
    if (kept.size >= size) kept.delete(kept.keys().next().value ?? '');
    kept.set(key, { stamp, value });
    return value;
  };
  /** The value kept for `key` while nothing changed, without reading it when there is none. */
  cached.peek = (key: string): T | undefined => {
    const known = kept.get(key);
    return known?.stamp === stampNow() ? known.value : undefined;
  };
  return cached;
}
