import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { leaseRepo, type LeaseOwner } from '../../electron/core/batches/batch-lease';
import { claimLease } from '../../electron/core/batches/lease-claim';
import { createBatch } from '../../electron/core/bulk/batch';
import { runBatch } from '../../electron/core/bulk/runner';
import { batchesRepo } from '../../electron/core/store/batches.repo';
import { rowsRepo } from '../../electron/core/store/rows.repo';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { sandboxClient, sourceRows } from '../support/bulk';
import { tempHistory } from '../support/history';

/**
 * A runner that stopped answering (a laptop suspended longer than the lease's stale limit) and
 * was taken over must not write over the new runner when it wakes up: neither its rows nor the
 * batch's state. Every write of a run checks, in its transaction, that the lease is still its own.
 */
let sandbox: SandboxHandle;
let history: Awaited<ReturnType<typeof tempHistory>>;

beforeAll(async () => (sandbox = await startSandbox()));
afterAll(() => sandbox.close());
beforeEach(async () => {
  history = await tempHistory();
  sandbox.configure({ latencyMs: 10, faults: {}, tokenTtlSeconds: 3600 });
});
afterEach(() => history.close());

const timing = { heartbeatMs: 60_000, staleAfterMs: 15_000 };
const ownerA: LeaseOwner = { id: 'host-a:1:aaaa', host: 'host-a', pid: 1 };
const ownerB: LeaseOwner = { id: 'host-b:2:bbbb', host: 'host-b', pid: 2 };

async function until(condition: () => boolean): Promise<void> {
  for (let tries = 0; tries < 1000 && !condition(); tries += 1)
    await new Promise((resolve) => setTimeout(resolve, 10));
  if (!condition()) throw new Error('The condition never held.');
}

describe('a runner that lost its lease', () => {
  it('stores nothing more and leaves the batch to the runner that took it over', async () => {
    const leases = leaseRepo(history.db);
    const holds = (owner: LeaseOwner, batchId: string) => () =>
      leases.get(batchId)?.owner === owner.id;
    const rows = rowsRepo(history.db);
    // Runner A: takes the lease, then "freezes" (its heartbeat never beats in this test).
    const batch = createBatch(history.db, {
      sourceName: 'fence.csv',
      sourceSha256: 'e'.repeat(64),
      environment: 'sandbox',
      baseUrl: sandbox.url,
      settings: { concurrency: 4 },
      rows: sourceRows(600),
    });
    expect(claimLease(history.db, leases, batch.id, ownerA, Date.now(), timing).ok).toBe(true);
    const runA = runBatch(batch.id, {
      db: history.db,
      client: sandboxClient(sandbox),
      onEvent: () => undefined,
      holds: holds(ownerA, batch.id),
    });
    await until(() => rows.counts(batch.id).ok + rows.counts(batch.id).noContent > 20);

    // 16 s later by the lease's clock, runner B takes the batch over and runs it.
    const later = Date.now() + 16_000;
    expect(claimLease(history.db, leases, batch.id, ownerB, later, timing).ok).toBe(true);
    const runB = runBatch(batch.id, {
      db: history.db,
      client: sandboxClient(sandbox),
      onEvent: () => undefined,
      holds: holds(ownerB, batch.id),
    });

    // A wakes up: it learns it lost the lease (as its next heartbeat would tell it) and pauses.
    runA.pause();
    const endA = await runA.ended;
    expect(endA.state).toBe('failed');
    expect(endA.state === 'failed' ? endA.message : '').toMatch(/another process took/i);
    expect(batchesRepo(history.db).get(batch.id)?.state).toBe('running');

    const endB = await runB.ended;
    expect(endB).toMatchObject({ state: 'finished', counts: { total: 600, done: 600 } });
    expect(batchesRepo(history.db).get(batch.id)?.state).toBe('finished');
    expect(rows.counts(batch.id)).toMatchObject({ pending: 0, inFlight: 0 });
  });
});
