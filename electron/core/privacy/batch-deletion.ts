import { noBatch } from '../store/batches.repo';
import type { BatchDeletion as Removal } from '../../../shared/purge';
import { fail, ok, type Result } from '../../../shared/result';
import {
  defaultLeaseTiming,
  leaseIsGone,
  leaseRepo,
  type LeaseOwner,
} from '../batches/batch-lease';
import { holderText } from '../batches/lease-claim';
import type { Db } from '../store/db';
import { holdersSql, rehomeOutcomes } from '../store/outcome-rehome';
import { scrub } from '../store/retention';
import {
  deleteRowsInSlices,
  deletingMark,
  deletionOwner,
  leaseForDeletion,
  type Slicing,
} from '../store/row-slices';

/** The batch's key as a query, for `rehomeOutcomes` and the deletes. */
/** What deleting the batch removes from the history (the copies beside it: privacy-service). */
type BatchDeletion = Omit<Removal, 'copies'>;

const theBatch = 'SELECT key FROM batches WHERE id = @batchId';

/**
 * Outcomes set on the batch whose review no other batch holds (no other batch of its environment
 * has the transaction answered with the reviewed device): they go with it, as the purge deletes a
 * deleted batch's. The others move (`rehomeOutcomes`).
 */
const ownOutcomes = `SELECT o.id FROM outcomes o WHERE o.batch_id = @batchId
  AND NOT EXISTS (${holdersSql('o', theBatch)})`;

/** Why the batch cannot be deleted now by `self`, or null. */
function refusal(db: Db, batchId: string, self: LeaseOwner): Result<never> | null {
  const exists = db.prepare('SELECT 1 FROM batches WHERE id = ?').get(batchId);
  if (exists === undefined) return noBatch(batchId);
  const lease = leaseRepo(db).get(batchId);
  const now = Date.now();
  // Judged as every runner judges a lease: a run still sending would fail at its next answer.
  // A lease of `self` is this deletion's own, taken while the rows go slice by slice.
  if (lease && lease.owner !== self.id && !leaseIsGone(lease, self, now, defaultLeaseTiming))
    return fail(
      'busy',
      `Batch ${batchId} is running (${holderText(lease, now)}): pause or cancel it, then delete it. Nothing was deleted.`,
    );
  return null;
}

function measure(db: Db, batchId: string): BatchDeletion {
  const count = (sql: string) =>
    db.prepare<{ batchId: string }, number>(sql).pluck().get({ batchId }) ?? 0;
  return {
    rows: count(`SELECT COUNT(*) FROM batch_rows WHERE batch_key = (${theBatch})`),
    outcomes: count(`SELECT COUNT(*) FROM (${ownOutcomes})`),
    shared: count(
      `SELECT COUNT(*) FROM outcomes o WHERE o.id IN (${ownOutcomes}) AND EXISTS (
         SELECT 1 FROM outcome_changes c WHERE c.external_id = o.external_id
           AND c.environment = o.environment AND c.origin = 'here' AND c.pushed = 1)`,
    ),
    wiped: true,
  };
}

/**
 * Deleting one batch, asked by the analyst (a test run, a file imported by mistake): its rows,
 * answers and results go, with the reviews set on it that no other batch of its environment
 * holds, and their trail lines the team database already has. The upload ledger stays: what was
 * sent was sent. A batch a live process is running is refused; a paused, interrupted or
 * half-stored one may go (its storing, if any process resumes it, stops at the missing batch).
 */
export function batchDeletion(db: Db, slicing: Slicing = {}) {
  const self = deletionOwner;
  return {
    /** What `delete` would remove, removing nothing. */
    preview(batchId: string): Result<BatchDeletion> {
      return refusal(db, batchId, self) ?? ok(measure(db, batchId));
    },
    /**
     * Leases the batch, deletes its rows in short transactions (row-slices.ts: a big batch never
     * holds the lock for long), then the batch with its reviews in one.
     */
    delete(batchId: string): Result<BatchDeletion> {
      const leased = db
        .transaction((): Result<{ key: number; removed: BatchDeletion }> => {
          // Under the write lock (IMMEDIATE): no runner can take the batch between this and the lease.
          const refused = refusal(db, batchId, self);
          if (refused) return refused;
          const key = db.prepare<[string], number>('SELECT key FROM batches WHERE id = ?').pluck();
          const found = key.get(batchId) ?? 0;
          leaseForDeletion(db, [found], self);
          return ok({ key: found, removed: measure(db, batchId) });
        })
        .immediate();
      if (!leased.ok) return leased;
      deleteRowsInSlices(db, leased.value.key, self, slicing);
      const deleted = db
        .transaction((): Result<BatchDeletion> => {
          // Taken over meanwhile (this process stalled past the lease's life): refused as then.
          const refused = refusal(db, batchId, self);
          if (refused) return refused;
          const removed = leased.value.removed;
          const params = { batchId };
          const own = db.prepare(ownOutcomes).pluck().all(params);
          rehomeOutcomes(db, theBatch, params);
          db.prepare('DELETE FROM batches WHERE id = @batchId').run(params);
          const ids = JSON.stringify(own);
          // Their trail goes once the team database has it; a change still waiting stays.
          db.prepare(
            `DELETE FROM outcome_changes WHERE pushed = 1 AND EXISTS (
               SELECT 1 FROM outcomes o WHERE o.id IN (SELECT value FROM json_each(@ids))
               AND o.external_id = outcome_changes.external_id
               AND o.environment = outcome_changes.environment)`,
          ).run({ ids });
          db.prepare('DELETE FROM outcomes WHERE id IN (SELECT value FROM json_each(@ids))').run({
            ids,
          });
          db.prepare(
            'DELETE FROM insight_codes WHERE id NOT IN (SELECT code_id FROM insight_counts)',
          ).run();
          return ok(removed);
        })
        .immediate();
      // Freed pages are zeroed (`secure_delete`); the WAL's old copies of them go too, unless
      // another program reads the history (said in the result: `wiped`).
      return deleted.ok ? ok({ ...deleted.value, wiped: scrub(db) }) : deleted;
    },
  };
}

/**
 * Ends the deletions a process started and did not finish (killed, crashed, its machine stopped:
 * `deletingMark`), each as `batchDeletion` does; a deletion whose process is alive is left to it.
 * Returns how many batches and of their remaining rows went.
 */
export function finishStoppedDeletions(db: Db): { batches: number; rows: number } {
  const marked = db
    .prepare<[string], string>('SELECT id FROM batches WHERE pause_reason = ?')
    .pluck()
    .all(deletingMark);
  const done = { batches: 0, rows: 0 };
  if (marked.length === 0) return done;
  const deletion = batchDeletion(db);
  for (const id of marked) {
    // Refused while the lease of the process deleting it is alive (`refusal`): it goes on there.
    const deleted = deletion.delete(id);
    if (!deleted.ok) continue;
    done.batches += 1;
    done.rows += deleted.value.rows;
  }
  return done;
}
