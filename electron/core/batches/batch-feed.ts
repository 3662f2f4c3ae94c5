/**
 * A batch whose rows come from a window slice by slice (the import screen): its first rows are
 * stored with it, the others arrive in `batches.storeRows` calls small enough that neither the
 * window nor the core stops for long, while its lookups already run.
 */
import { fail, ok, type Result } from '../../../shared/result';
import type { StoredRows } from '../../../shared/contract/results';
import { prepareRow, type NewBatchInput, type SourceRow } from '../bulk/batch';
import { createBatchInSlices } from '../bulk/batch-slices';
import { reuseRecentLookups } from '../bulk/reuse';
import { batchesRepo, noBatch, refuseDeleting, type BatchRecord } from '../store/batches.repo';
import type { Db } from '../store/db';
import { rowsRepo } from '../store/rows.repo';

interface Feed {
  stored: number;
  /** When its last slice (or its first rows) arrived, ms on the feeds' monotonic clock. */
  at: number;
}

/** A window that sent nothing for this long is taken to be gone (closed, reloaded). */
export const feedSilentMs = 30_000;

/** A slice of a batch's rows: `after` rows came before them in the input. */
export interface RowSlice {
  after: number;
  rows: readonly SourceRow[];
  last: boolean;
}

/**
 * Batches being fed by a window in this process: how many rows each has. The recent-answer reuse
 * to apply once its last row is stored (reuse reads the whole batch, so it waits for it) is kept
 * with the batch (migration 0017), so it outlives the process.
 */
export function batchFeeds(db: Db, clock: () => number = () => performance.now()) {
  const batches = batchesRepo(db);
  const rows = rowsRepo(db);
  const fed = new Map<string, Feed>();

  return {
    /** Stores the batch with its first rows (all of `input.rows`), marked storing. */
    begin(input: NewBatchInput & { rows: readonly SourceRow[]; total: number }, now: Date) {
      const { skipLookedUpWithinDays: skipRecentDays, ...rest } = input;
      const { batch } = createBatchInSlices(
        db,
        { ...rest, rowsFollow: true, ...(skipRecentDays === undefined ? {} : { skipRecentDays }) },
        now,
        input.rows.length,
      );
      fed.set(batch.id, { stored: input.rows.length, at: clock() });
      return batch;
    },
    /** Whether the run must wait for the last row (recent answers are reused first). */
    waitsForAllRows(batchId: string): boolean {
      const batch = batches.get(batchId);
      return batch?.storing === true && batch.skipRecentDays !== null;
    },
    /** Whether a window of this process is still sending the batch's rows. */
    feeding: (batchId: string) => fed.has(batchId),
    /** Whether its window sent rows lately: it is still sending them, not gone. */
    sending(batchId: string): boolean {
      // Measured on a monotonic clock: a wall clock set back would keep a closed window sending.
      const feed = fed.get(batchId);
      return feed !== undefined && clock() - feed.at < feedSilentMs;
    },
    /**
     * Stores one slice after the rows already stored (a slice sent again is not stored twice);
     * with `last`, marks the batch complete and reuses recent answers if it was asked to.
     */
    add(batchId: string, slice: RowSlice, now: Date): Result<StoredRows> {
      const batch = batches.get(batchId);
      if (!batch) return noBatch(batchId);
      // Its deletion started (a purge of a half-stored batch): rows stored now would outlive it.
      const deleting = refuseDeleting(batch);
      if (deleting) return deleting;
      if (!batch.storing) return fail('validation', allStoredMessage(batch));
      const feed = fed.get(batchId) ?? {
        stored: rows.countsAfter(batchId, 0).last,
        at: clock(),
      };
      feed.at = clock();
      if (slice.after > feed.stored)
        return fail(
          'validation',
          `Batch ${batchId} has ${String(feed.stored)} rows stored: rows after row ${String(slice.after)} cannot come before the ones between.`,
        );
      const fresh = slice.rows.slice(feed.stored - slice.after);
      const at = now.toISOString();
      db.transaction(() => {
        feed.stored += rows.insert(batchId, fresh.map(prepareRow), at, feed.stored + 1);
        if (!slice.last) return;
        batches.storedAll(batchId, feed.stored);
        if (batch.skipRecentDays !== null)
          reuseRecentLookups(db, batchId, batch.skipRecentDays, now);
      }).immediate();
      if (slice.last) fed.delete(batchId);
      else fed.set(batchId, feed);
      return ok({ stored: feed.stored, total: slice.last ? feed.stored : batch.total });
    },
    /**
     * Ends a batch's storing with the rows it has (their sender is gone): it becomes complete,
     * and its recent answers are reused as the analyst chose when it was created, even in an
     * earlier process, so the run that follows sends only the others.
     */
    keep(batchId: string, now: Date): Result<StoredRows> {
      const batch = batches.get(batchId);
      if (!batch) return noBatch(batchId);
      const deleting = refuseDeleting(batch);
      if (deleting) return deleting;
      if (!batch.storing) return fail('validation', allStoredMessage(batch));
      const stored = rows.countsAfter(batchId, 0).last;
      db.transaction(() => {
        batches.storedAll(batchId, stored);
        if (batch.skipRecentDays !== null)
          reuseRecentLookups(db, batchId, batch.skipRecentDays, now);
      }).immediate();
      fed.delete(batchId);
      return ok({ stored, total: stored });
    },
  };
}

export type BatchFeeds = ReturnType<typeof batchFeeds>;

function allStoredMessage(batch: BatchRecord): string {
  return `Batch ${batch.id} already has all its rows: no more can be added to it.`;
}
