import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBatch } from '../bulk/batch';
import { openHistory, type Db } from '../store/db';
import { leaseRepo, type LeaseOwner } from './batch-lease';
import { claimLease, startHeartbeat } from './lease-claim';

let dir = '';
let db: Db;
beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-lease-'));
  const opened = await openHistory(dir);
  if (!opened.ok) throw new Error(opened.error.message);
  db = opened.value.db;
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const timing = { heartbeatMs: 10, staleAfterMs: 1000 };
// Two cores on the same host; `ghost` ran in a process that no longer exists.
const app: LeaseOwner = { id: 'here:100:aaaa', host: 'here', pid: process.pid };
const cli: LeaseOwner = { id: 'here:100:bbbb', host: 'here', pid: process.pid };
const ghost: LeaseOwner = { id: 'here:99999999:cccc', host: 'here', pid: 99_999_999 };

function storedBatch(): string {
  return createBatch(db, {
    sourceName: 'x.csv',
    sourceSha256: 'a'.repeat(64),
    environment: 'sandbox',
    baseUrl: 'embedded',
    rows: [],
  }).id;
}

describe('claimLease', () => {
  it('refuses a second owner while the first lives, and runs `under` only for the winner', () => {
    const id = storedBatch();
    const under = vi.fn();
    expect(claimLease(db, leaseRepo(db), id, app, 1000, timing, under)).toEqual({
      ok: true,
      value: undefined,
    });
    const refused = claimLease(db, leaseRepo(db), id, cli, 1500, timing, under);
    expect(refused).toMatchObject({ ok: false, error: { code: 'busy' } });
    expect(refused.ok ? '' : refused.error.message).toMatch(
      new RegExp(
        `^Batch ${id} is being run by another process \\(pid ${String(process.pid)} on host here, last seen 1 s ago\\)`,
      ),
    );
    expect(under).toHaveBeenCalledTimes(1);
    // Its own lease again (a resume in the same core) is fine.
    expect(claimLease(db, leaseRepo(db), id, app, 1600, timing).ok).toBe(true);
    // After the stale limit with no heartbeat, the other owner takes over.
    expect(claimLease(db, leaseRepo(db), id, cli, 2601, timing).ok).toBe(true);
    expect(leaseRepo(db).get(id)?.owner).toBe(cli.id);
  });

  it('takes over at once from an owner on this host whose process is gone', () => {
    const id = storedBatch();
    expect(claimLease(db, leaseRepo(db), id, ghost, 1000, timing).ok).toBe(true);
    expect(claimLease(db, leaseRepo(db), id, app, 1001, timing).ok).toBe(true);
  });
});

describe('startHeartbeat', () => {
  it('renews the lease on a timer, and reports it lost once another owner took it', async () => {
    const id = storedBatch();
    const leases = leaseRepo(db);
    expect(claimLease(db, leases, id, app, Date.now(), timing).ok).toBe(true);
    const first = leases.get(id)?.heartbeatAt ?? 0;
    const lost = vi.fn();
    const beat = startHeartbeat(leases, id, app, () => Date.now() + 50, timing, lost);
    try {
      await expect.poll(() => leases.get(id)?.heartbeatAt ?? 0).toBeGreaterThan(first);
      leases.take(id, cli, Date.now());
      await expect.poll(() => lost.mock.calls.length).toBe(1);
      expect(leases.get(id)?.owner).toBe(cli.id);
    } finally {
      beat.stop();
    }
  });
});

describe('a heartbeat while another process holds the history for writing', () => {
  it('gives up within one short attempt, keeping the thread free, and the next beat renews', () => {
    const id = storedBatch();
    const leases = leaseRepo(db);
    expect(claimLease(db, leases, id, app, 1000, timing).ok).toBe(true);
    const other = new Database(db.name);
    other.exec('BEGIN IMMEDIATE');
    const started = Date.now();
    try {
      // The connection's own wait is 5 s: a beat on the window's thread must not take it.
      expect(() => leases.beat(id, app, 2000)).toThrow(/locked|busy/i);
      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      other.exec('COMMIT');
      other.close();
    }
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(leases.beat(id, app, 3000)).toBe(true);
    expect(leases.get(id)?.heartbeatAt).toBe(3000);
  });
});
