import type { Db } from './db';

/**
 * What another process's change to the history moves, in three reads along indexes: the batches
 * (a batch deleted, purged or added; a CPF erased shrinks a batch's total), the outcome trail (every
 * outcome set or cleared, here or pulled from the team, writes a line) and the upload ledger (a
 * few rows a file sent).
 * A batch's rows being stored or answered move none of them: a run elsewhere is followed by its
 * own progress, not by refreshing every view every two seconds.
 */
const signatureSql = `SELECT
  (SELECT COUNT(*) || '.' || COALESCE(SUM(key), 0) || '.' || COALESCE(SUM(total), 0) FROM batches)
  || ':' || (SELECT COALESCE(MAX(rowid), 0) FROM outcome_changes)
  || ':' || (SELECT COUNT(*) || '.' || COALESCE(MAX(id), 0) || '.' || COALESCE(SUM(status = 'sent'), 0)
    FROM uploads)`;

/**
 * The history followed across processes: `dcdesk purge --batch`, `dcdesk outcomes …` or another
 * app process on the same data folder change what an open window shows, and the window hears of
 * it within a check. `PRAGMA data_version` moves only when another connection commits (the task
 * thread's included), so an idle check is one pragma. When it has moved, `onChange` is told if
 * what it moved differs, or if this connection wrote meanwhile too: a batch created here and
 * deleted elsewhere between two checks leaves the batches as they were, but not the window.
 * This connection's own changes are announced where they are made.
 */
export function followHistory(db: Db, onChange: () => void) {
  const version = db.prepare('PRAGMA data_version').pluck();
  const signature = db.prepare(signatureSql).pluck();
  const ownChanges = db.prepare('SELECT total_changes()').pluck();
  let seen = version.get();
  let last = signature.get();
  let own = ownChanges.get();
  return {
    check(): void {
      try {
        const now = version.get();
        const wrote = ownChanges.get() !== own;
        if (now === seen) {
          if (wrote) settle();
          return;
        }
        const current = signature.get();
        const moved = current !== last || wrote;
        settle();
        if (!moved) return;
      } catch {
        // A history that cannot be read now (busy, a disk error): the next check reads again.
        return;
      }
      onChange();
    },
    settle,
  };

  /**
   * Takes the history as it is now as seen, telling nobody: after this connection's own writes,
   * and for this core's own task thread, whose commits move `data_version` like another
   * process's, and whose changes are announced by the operation that asked for them (a bulk
   * outcome would otherwise refresh every view of every window every check, for minutes).
   */
  function settle(): void {
    try {
      seen = version.get();
      last = signature.get();
      own = ownChanges.get();
    } catch {
      // Left as it was: the next check reads again.
    }
  }
}
