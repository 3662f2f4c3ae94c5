import type { BatchCounts, PauseReason } from '../../../shared/batch';
import { ok, type Result } from '../../../shared/result';
import { toBatchCounts } from '../bulk/progress';
import { batchesRepo, noBatch, type BatchRecord } from '../store/batches.repo';
import type { Db } from '../store/db';
import { rowsRepo } from '../store/rows.repo';
import {
  defaultLeaseTiming,
  leaseIsGone,
  leaseRepo,
  newLeaseOwner,
  type LeaseOwner,
  type LeaseTiming,
} from './batch-lease';

/** A batch as every door shows it: a batch whose runner died reads `paused` / `interrupted`. */
export interface BatchView {
  record: BatchRecord;
  state: BatchRecord['state'];
  pauseReason: BatchRecord['pauseReason'];
  pauseMessage: string | null;
  /** This process is running it. */
  live: boolean;
  counts: BatchCounts;
}

export const interruptedMessage =
  'The program running this batch stopped before its end (closed, killed or crashed).';

export interface BatchViewsOptions {
  owner?: LeaseOwner;
  leaseTiming?: LeaseTiming;
  now?: () => number;
  /** Whether this process runs the batch (the batch service knows; a listing alone runs none). */
  live?: (batchId: string) => boolean;
  /**
   * Why a run of this process paused when the pause itself could not be written (a full disk):
   * the batch is stored as `running` and would read as a crash.
   */
  unwritten?: (batchId: string) => { reason: PauseReason; message: string } | undefined;
}

/**
 * Reading batches the same way in every door. A batch stored as `running` whose lease owner is
 * gone (killed, crashed, closed) is shown as paused and interrupted, without writing anything,
 * so even a read-only listing tells the truth.
 */
export function batchViews(db: Db, options: BatchViewsOptions = {}) {
  const owner = options.owner ?? newLeaseOwner();
  const timing = options.leaseTiming ?? defaultLeaseTiming;
  const now = options.now ?? Date.now;
  const live = options.live ?? (() => false);
  const batches = batchesRepo(db);
  const rows = rowsRepo(db);
  const leases = leaseRepo(db);

  function isOrphaned(record: BatchRecord): boolean {
    if (record.state !== 'running' || live(record.id)) return false;
    const lease = leases.get(record.id);
    return lease === null || leaseIsGone(lease, owner, now(), timing);
  }

  function view(record: BatchRecord): BatchView {
    const orphaned = isOrphaned(record);
    const pause = orphaned
      ? (options.unwritten?.(record.id) ?? { reason: 'interrupted', message: interruptedMessage })
      : null;
    return {
      record,
      state: pause ? 'paused' : record.state,
      pauseReason: pause ? pause.reason : record.pauseReason,
      pauseMessage: pause ? pause.message : record.pauseMessage,
      live: live(record.id),
      counts: toBatchCounts(rows.counts(record.id)),
    };
  }

  return {
    isOrphaned,
    list(limit?: number): BatchView[] {
      return batches.list(limit).map(view);
    },
    get(batchId: string): Result<BatchView> {
      const batch = batches.get(batchId);
      return batch ? ok(view(batch)) : noBatch(batchId);
    },
  };
}
