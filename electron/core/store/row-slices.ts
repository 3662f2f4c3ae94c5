import { newLeaseOwner, type LeaseOwner } from '../batches/batch-lease';
import type { Db } from './db';

/**
 * Rows deleted per transaction when a batch goes (a purge, a deletion). A million rows with their
 * answers take about 30 s to delete: in one transaction that held the history's write lock that
 * long, and every other process's write (a batch run, the app) gave up. About 2,000 rows take
 * some 60 ms, the order of what a bulk outcome's slice holds (README).
 */
export const deletionSliceRows = 2_000;

export interface Slicing {
  /** Rows per transaction (default `deletionSliceRows`). */
  sliceRows?: number;
  /** Called after each slice is committed, the lock free: for a caller that shows progress. */
  onSlice?: (deleted: number) => void;
}

/**
 * Stored as a batch's `pause_reason` (free text, no CHECK: no migration) once its deletion
 * started, with `state` set to `cancelled`. A process killed between two slices leaves the batch
 * with part of its rows: the mark says so durably, every door refuses to show, resume or write
 * out such a batch as whole (batch-views.ts), and the next opening finishes the deletion
 * (privacy-service's `purgeAtOpening`).
 */
export const deletingMark = 'deleting';

/**
 * Who deletes batches in this process: one owner for every deletion and purge here, so a deletion
 * this process left half done (stopped by a full disk, whose lease could not be released either:
 * releasing is a write) is taken up by its next deletion, not refused as another's still running.
 * Deletions run to their end inside one call, so two of this process never overlap.
 */
export const deletionOwner: LeaseOwner = newLeaseOwner();

/**
 * Marks batches about to be deleted as run by `owner`, and as being deleted (`deletingMark`),
 * inside the caller's write transaction, before their first slice goes: a runner asked to resume
 * one while its rows go slice by slice is refused as busy (the lease rule every runner follows),
 * rather than sending a file whose rows are half gone.
 */
export function leaseForDeletion(db: Db, keys: readonly number[], owner: LeaseOwner): void {
  const take = db.prepare(
    `UPDATE batches SET lease_owner = @owner, lease_host = @host, lease_pid = @pid,
       lease_heartbeat_at = @now, state = 'cancelled', pause_reason = @mark, pause_message = NULL
     WHERE key = @key`,
  );
  for (const key of keys)
    take.run({
      owner: owner.id,
      host: owner.host,
      pid: owner.pid,
      now: Date.now(),
      mark: deletingMark,
      key,
    });
}

/**
 * Deletes the rows of batch `key` (their answers and results go with them: foreign keys) a slice
 * at a time, each slice its own short transaction renewing the lease, while `owner` holds it.
 * Returns how many rows went. The batch's own row, and what must go with it at once, is the
 * caller's final transaction.
 */
export function deleteRowsInSlices(
  db: Db,
  key: number,
  owner: LeaseOwner,
  slicing: Slicing = {},
): number {
  const size = slicing.sliceRows ?? deletionSliceRows;
  const beat = db.prepare(
    'UPDATE batches SET lease_heartbeat_at = @now WHERE key = @key AND lease_owner = @owner',
  );
  const remove = db.prepare(
    `DELETE FROM batch_rows WHERE batch_key = @key AND seq IN (
       SELECT seq FROM batch_rows WHERE batch_key = @key ORDER BY seq LIMIT @size)`,
  );
  let deleted = 0;
  for (;;) {
    const gone = db
      .transaction(() => {
        // Taken over (this process stalled past the lease's life): the rest is not ours to delete.
        if (beat.run({ now: Date.now(), key, owner: owner.id }).changes === 0) return 0;
        return remove.run({ key, size }).changes;
      })
      .immediate();
    if (gone === 0) return deleted;
    deleted += gone;
    slicing.onSlice?.(gone);
  }
}
