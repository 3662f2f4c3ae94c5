import type { Db } from './db';

/**
 * What another process's change to the history moves, in three reads: the batches (a batch
 * deleted, purged or added: their IDs, never used twice, where keys are; a CPF erased shrinks a
 * batch's total; a run started, paused or ended elsewhere: its state, the stamp written with its
 * pause reason and message, the process holding it and whether its rows are still being stored),
 * the outcome trail (every outcome set or cleared, here or pulled from the team, writes a line)
 * and the upload ledger (a few rows a file sent). A batch's rows being answered move none of them:
 * the batch screen asks again for a batch running elsewhere, rather than every view being
 * refreshed every two seconds. The batches are a few hundred at most (retention): reading them
 * all costs well under a millisecond (history-follower.test.ts measures 500).
 */
const signatureSql = `SELECT
  (SELECT COUNT(*) || '.' || COALESCE(SUM(total), 0) || '.' || COALESCE(group_concat(
      id || ':' || state || ':' || updated_at || ':' || COALESCE(pause_reason, '') || ':' ||
      storing || ':' || COALESCE(lease_owner, '') || ':' || COALESCE(pause_message, '')),
      '')
    FROM (SELECT id, total, state, updated_at, pause_reason, pause_message, storing, lease_owner
      FROM batches ORDER BY key)) AS batches,
  (SELECT COALESCE(MAX(rowid), 0) FROM outcome_changes) AS outcomes,
  (SELECT COUNT(*) || '.' || COALESCE(MAX(id), 0) || '.' || COALESCE(SUM(status = 'sent'), 0)
    FROM uploads) AS uploads`;

interface Signature {
  batches: string;
  outcomes: number;
  uploads: string;
}

/** How a check reads what moved. */
export interface FollowCheck {
  /**
   * The outcomes are this core's own doing: its task thread is writing them (a bulk outcome),
   * and the operation that asked announces them when it ends. Batches and uploads another process
   * changes meanwhile are still told.
   */
  quietOutcomes?: boolean;
}

/**
 * The history followed across processes: `dcdesk purge --batch`, `dcdesk outcomes …` or another
 * app process on the same data folder change what an open window shows, and the window hears of
 * it within a check. `PRAGMA data_version` moves only when another connection commits (the task
 * thread's and the row writer's included), so an idle check is one pragma; when it has moved,
 * `onChange` is told if what it moved differs. This connection's own changes are announced where
 * they are made: `ownDone`, after each, takes them as seen while no other connection has
 * committed, so a batch created here and deleted elsewhere is told. When another has (a run
 * storing its rows), an own change is told again at the next check: at most once a check.
 */
export function followHistory(db: Db, onChange: () => void) {
  const version = db.prepare('PRAGMA data_version').pluck();
  const signature = db.prepare<[], Signature>(signatureSql);
  const ownChanges = db.prepare('SELECT total_changes()').pluck();
  let seen = version.get();
  let last = signature.get();
  let own = ownChanges.get();

  return {
    check({ quietOutcomes = false }: FollowCheck = {}): void {
      try {
        const now = version.get();
        if (now === seen) return;
        const current = signature.get();
        const moved =
          current?.batches !== last?.batches ||
          current?.uploads !== last?.uploads ||
          (!quietOutcomes && current?.outcomes !== last?.outcomes);
        seen = now;
        last = current;
        if (!moved) return;
      } catch {
        // A history that cannot be read now (busy, a disk error): the next check reads again.
        return;
      }
      onChange();
    },
    ownDone(): void {
      try {
        // Asked after every call: most change nothing, and cost one count of this connection's.
        const changes = ownChanges.get();
        if (changes === own) return;
        own = changes;
        if (version.get() === seen) last = signature.get();
      } catch {
        // Read again at the next check.
      }
    },
  };
}
