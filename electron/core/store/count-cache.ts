import type { Db } from './db';

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
export function countCache(db: Db, size = 32) {
  const changes = db.prepare('SELECT total_changes()').pluck();
  const version = db.prepare('PRAGMA data_version').pluck();
  const kept = new Map<string, { stamp: string; n: number }>();
  return (key: string, count: () => number): number => {
    const stamp = `${String(version.get())}:${String(changes.get())}`;
    const known = kept.get(key);
    if (known?.stamp === stamp) return known.n;
    const n = count();
    kept.delete(key);
    // The oldest count goes first (a Map keeps insertion order).
    if (kept.size >= size) kept.delete(kept.keys().next().value ?? '');
    kept.set(key, { stamp, n });
    return n;
  };
}
