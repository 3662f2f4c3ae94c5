import { noBatch } from '../store/batches.repo';
import { fail, ok, type Result } from '../../../shared/result';
import type { Db } from '../store/db';
import {
  leaseIsGone,
  type Lease,
  type LeaseOwner,
  type LeaseRepo,
  type LeaseTiming,
} from './batch-lease';

/** "pid 4242 on host ws-17, last seen 3 s ago", for the message that refuses a second runner. */
export function holderText(lease: Lease, now = Date.now()): string {
  const seen =
    lease.heartbeatAt === null
      ? ''
      : `, last seen ${String(Math.max(0, Math.round((now - lease.heartbeatAt) / 1000)))} s ago`;
  return `pid ${String(lease.pid ?? '?')} on host ${lease.host ?? '?'}${seen}`;
}

/**
 * The refusal when a living owner other than `owner` holds the lease, or null. Asked before the
 * claim too: a batch another process is still storing must be said to be running there, not
 * to have stopped half-stored.
 */
export function heldElsewhere(
  lease: Lease | null | undefined,
  batchId: string,
  owner: LeaseOwner,
  now: number,
  timing: LeaseTiming,
): Result<never> | null {
  if (!lease || lease.owner === owner.id || leaseIsGone(lease, owner, now, timing)) return null;
  return fail(
    'busy',
    `Batch ${batchId} is being run by another process (${holderText(lease, now)}). Wait for it to end, or stop that process and resume the batch; a runner that died is taken over at once on this machine, or ${String(Math.round(timing.staleAfterMs / 1000))} s after its last sign of life.`,
  );
}

/**
 * Takes the lease of a batch in one IMMEDIATE transaction (the write lock is held from the first
 * read, so two processes cannot both see the lease free), unless a living owner holds it. `under`
 * runs inside the same transaction, while the lease is ours and nobody else's.
 */
export function claimLease(
  db: Db,
  leases: LeaseRepo,
  batchId: string,
  owner: LeaseOwner,
  now: number,
  timing: LeaseTiming,
  under?: () => void,
): Result<void> {
  return db
    .transaction((): Result<void> => {
      const lease = leases.get(batchId);
      if (!lease) return noBatch(batchId);
      const busy = heldElsewhere(lease, batchId, owner, now, timing);
      if (busy) return busy;
      leases.take(batchId, owner, now);
      under?.();
      return ok(undefined);
    })
    .immediate();
}

/**
 * Renews the lease on a timer (never per row: the runner's commit path stays one write per turn).
 * The timer does not keep the process alive. When the lease turns out to be someone else's (this
 * process was frozen longer than the stale limit and another took over), `onLost` stops the run.
 */
export function startHeartbeat(
  leases: LeaseRepo,
  batchId: string,
  owner: LeaseOwner,
  now: () => number,
  timing: LeaseTiming,
  onLost: () => void,
): { stop: () => void } {
  const timer = setInterval(() => {
    let kept: boolean;
    try {
      kept = leases.beat(batchId, owner, now());
    } catch {
      // A busy or failing disk: the next beat tries again; staleAfterMs allows several misses.
      return;
    }
    if (!kept) {
      clearInterval(timer);
      onLost();
    }
  }, timing.heartbeatMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
