import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../store/db';
import { briefly } from '../store/busy';

/** The process (and, inside it, the core) that runs batches: `host:pid:random`. */
export interface LeaseOwner {
  id: string;
  host: string;
  pid: number;
}

export interface LeaseTiming {
  /** How often a running batch renews its heartbeat. */
  heartbeatMs: number;
  /** A heartbeat older than this means the owner stopped answering (several heartbeats missed). */
  staleAfterMs: number;
}

/** Renewed every 2 s; given up after 15 s, so a suspended laptop or a stuck disk is not mistaken for a dead owner at once. */
export const defaultLeaseTiming: LeaseTiming = { heartbeatMs: 2_000, staleAfterMs: 15_000 };

/** The lease of a batch as stored; `owner` null when nobody holds it. */
export interface Lease {
  owner: string | null;
  host: string | null;
  pid: number | null;
  heartbeatAt: number | null;
}

export function newLeaseOwner(): LeaseOwner {
  const host = hostname();
  return {
    id: `${host}:${String(process.pid)}:${randomBytes(4).toString('hex')}`,
    host,
    pid: process.pid,
  };
}

/** Whether a process with this pid exists on this host (EPERM: it exists, owned by someone else). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (caught) {
    return (caught as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether a lease no longer protects anything: nobody holds it, its heartbeat is older than
 * `staleAfterMs`, or its owner ran on this host and its process is gone (killed, crashed).
 */
export function leaseIsGone(
  lease: Lease,
  self: LeaseOwner,
  now: number,
  timing: LeaseTiming,
  alive: (pid: number) => boolean = processAlive,
): boolean {
  if (lease.owner === null || lease.heartbeatAt === null) return true;
  if (now - lease.heartbeatAt > timing.staleAfterMs) return true;
  if (lease.host === self.host && lease.pid !== null && lease.pid !== self.pid)
    return !alive(lease.pid);
  return false;
}

interface LeaseRow {
  lease_owner: string | null;
  lease_host: string | null;
  lease_pid: number | null;
  lease_heartbeat_at: number | null;
}

/** The lease columns of the batches table (migration 0006). */
export function leaseRepo(db: Db) {
  const read = db.prepare<[string], LeaseRow>(
    'SELECT lease_owner, lease_host, lease_pid, lease_heartbeat_at FROM batches WHERE id = ?',
  );
  const take = db.prepare(
    `UPDATE batches SET lease_owner = @owner, lease_host = @host, lease_pid = @pid, lease_heartbeat_at = @now
     WHERE id = @id`,
  );
  const beat = db.prepare(
    'UPDATE batches SET lease_heartbeat_at = @now WHERE id = @id AND lease_owner = @owner',
  );
  const release = db.prepare(
    `UPDATE batches SET lease_owner = NULL, lease_host = NULL, lease_pid = NULL, lease_heartbeat_at = NULL
     WHERE id = @id AND lease_owner = @owner`,
  );

  return {
    get(batchId: string): Lease | null {
      const row = read.get(batchId);
      if (!row) return null;
      return {
        owner: row.lease_owner,
        host: row.lease_host,
        pid: row.lease_pid,
        heartbeatAt: row.lease_heartbeat_at,
      };
    },
    /** Sets the owner; the caller has checked, in the same write transaction, that it may. */
    take(batchId: string, owner: LeaseOwner, now: number): void {
      take.run({ id: batchId, owner: owner.id, host: owner.host, pid: owner.pid, now });
    },
    /**
     * Renews the heartbeat; false when the lease is no longer this owner's (it was taken over).
     * Waits for a lock another process holds no longer than one attempt (busy.ts), then throws
     * `SQLITE_BUSY`: it runs on the thread that answers the window, every few seconds, and a
     * missed beat is tried again at the next one.
     */
    beat(batchId: string, owner: LeaseOwner, now: number): boolean {
      return briefly(db, () => beat.run({ id: batchId, owner: owner.id, now }).changes === 1);
    },
    release(batchId: string, owner: LeaseOwner): void {
      release.run({ id: batchId, owner: owner.id });
    },
  };
}

export type LeaseRepo = ReturnType<typeof leaseRepo>;
