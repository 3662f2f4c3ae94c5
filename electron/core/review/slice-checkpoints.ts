import type { Db } from '../store/db';

/** Transaction time between two checkpoints of a bulk outcome run with `ownCheckpoints`. */
const checkpointEveryMs = 200;

/**
 * SQLite checkpoints the WAL inside the commit that takes it past 1,000 pages: a bulk outcome's
 * slice writes more (an index ordered by score takes a page per row), so each commit also copied
 * its pages to the database and synced it, 41 of a 1,024-row slice's 85 ms on a loaded machine,
 * and the slices, sized by time, shrank to a few hundred rows. With its own checkpoints, the
 * connection checkpoints (PASSIVE: nobody waits for it, nor it for anybody) between slices, once
 * about `checkpointEveryMs` of transactions have gone by, so a page rewritten by several slices
 * is copied once; the automatic checkpoint is back when the outcome ends.
 */
export function betweenSlices(db: Db) {
  const automatic = db.pragma('wal_autocheckpoint', { simple: true }) as number;
  db.pragma('wal_autocheckpoint = 0');
  let sinceMs = 0;
  const checkpoint = () => {
    db.pragma('wal_checkpoint(PASSIVE)');
    sinceMs = 0;
  };
  return {
    after(transactionMs: number): void {
      sinceMs += transactionMs;
      if (sinceMs >= checkpointEveryMs) checkpoint();
    },
    end(): void {
      db.pragma(`wal_autocheckpoint = ${String(automatic)}`);
      checkpoint();
    },
  };
}
