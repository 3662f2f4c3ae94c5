import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { leaseRepo, type LeaseOwner } from '../../electron/core/batches/batch-lease';
import { createBatch } from '../../electron/core/bulk/batch';
import { batchesRepo, type BatchState } from '../../electron/core/store/batches.repo';
import { purgeOlderThan, purgePreview } from '../../electron/core/store/retention';
import { sourceRows } from '../support/bulk';
import { tempHistory } from '../support/history';

/**
 * The retention purge deletes what the analyst is done with: a batch older than the retention
 * that is still running (in this process or another), being stored, or unfinished (paused,
 * interrupted, never started) is kept, with the outcomes, uploads and trail of its transactions,
 * and the report counts it.
 */
let history: Awaited<ReturnType<typeof tempHistory>>;
beforeEach(async () => (history = await tempHistory()));
afterEach(() => history.close());

const created = new Date('2026-01-01T00:00:00Z');
const now = new Date('2026-11-21T00:00:00Z');
let next = 0;

/** An old batch of `n` rows left in `state`. */
function oldBatch(state: BatchState, n = 3) {
  const batch = createBatch(
    history.db,
    {
      sourceName: `${state}.csv`,
      sourceSha256: 'a',
      environment: 'sandbox',
      baseUrl: 'http://127.0.0.1:1',
      rows: sourceRows(n, (next += 100)),
    },
    created,
  );
  batchesRepo(history.db).setState(batch.id, state, created.toISOString());
  return batch;
}

const exists = (id: string) => batchesRepo(history.db).get(id) !== null;

describe('the retention purge keeps what is still at work', () => {
  it('keeps a finished batch whose lease a live process holds, and deletes one whose lease is stale', () => {
    const leases = leaseRepo(history.db);
    // Another machine's runner, last seen 2 s ago: alive as far as this one can tell.
    const elsewhere: LeaseOwner = { id: 'ws-2:77:beef', host: 'ws-2', pid: 77 };
    const held = oldBatch('finished');
    leases.take(held.id, elsewhere, now.getTime() - 2_000);
    // The same runner, silent for a minute: the lease protects nothing any more.
    const stale = oldBatch('finished');
    leases.take(stale.id, elsewhere, now.getTime() - 60_000);

    expect(purgePreview(history.db, 90, now)).toEqual({
      batches: 1,
      rows: 3,
      kept: 1,
      wiped: true,
    });
    const report = purgeOlderThan(history.db, 90, now);
    expect(exists(held.id)).toBe(true);
    expect(exists(stale.id)).toBe(false);
    expect(report).toEqual({ batches: 1, rows: 3, kept: 1, wiped: true });
  });

  it('keeps running, stored-in-part and unfinished batches; deletes finished and cancelled ones', () => {
    const running = oldBatch('running');
    const paused = oldBatch('paused');
    const ready = oldBatch('ready');
    const storing = oldBatch('finished');
    history.db.prepare('UPDATE batches SET storing = 1 WHERE id = ?').run(storing.id);
    const finished = oldBatch('finished', 4);
    const cancelled = oldBatch('cancelled', 2);

    // The question before a purge: the same numbers, nothing deleted.
    expect(purgePreview(history.db, 90, now)).toEqual({
      batches: 2,
      rows: 6,
      kept: 4,
      wiped: true,
    });
    expect(exists(finished.id)).toBe(true);
    const report = purgeOlderThan(history.db, 90, now);
    for (const kept of [running, paused, ready, storing]) expect(exists(kept.id)).toBe(true);
    for (const gone of [finished, cancelled]) expect(exists(gone.id)).toBe(false);
    expect(report).toEqual({ batches: 2, rows: 6, kept: 4, wiped: true });
    // The kept batches keep every row.
    const rows = history.db.prepare('SELECT COUNT(*) FROM batch_rows').pluck().get();
    expect(rows).toBe(12);
  });

  it('keeps the old outcomes, uploads and trail of a kept batch’s transactions', () => {
    const paused = oldBatch('paused');
    const finished = oldBatch('finished');
    const idOf = (batchId: string) =>
      history.db
        .prepare(
          'SELECT external_id FROM batch_rows WHERE batch_key = (SELECT key FROM batches WHERE id = ?) LIMIT 1',
        )
        .pluck()
        .get(batchId) as string;
    const at = created.toISOString();
    const keptId = idOf(paused.id);
    for (const [batchId, external] of [
      [paused.id, keptId],
      [finished.id, idOf(finished.id)],
    ] as const) {
      history.db
        .prepare(
          `INSERT INTO outcomes (external_id, device_id, outcome, batch_id, set_at, environment) VALUES (?, 'd', 'Suspeito', ?, ?, 'sandbox')`,
        )
        .run(external, batchId, at);
      // Set from the review of all transactions, not from the batch: no batch_id.
      history.db
        .prepare(
          `INSERT INTO outcome_changes (change_id, environment, external_id, outcome, analyst, at, source, origin, pushed)
           VALUES (?, 'sandbox', ?, 'Suspeito', 'ana', ?, 'key', 'here', 1)`,
        )
        .run(`c-${external}`, external, at);
      const upload = history.db
        .prepare(
          `INSERT INTO uploads (created_at, file_name, kind, rows, sha256, environment, status, file)
           VALUES (?, 'f.csv', 'csv', 1, 'x', 'sandbox', 'sent', x'00')`,
        )
        .run(at).lastInsertRowid;
      history.db
        .prepare(
          `INSERT INTO upload_transactions (upload_id, external_id, device_id, outcome) VALUES (?, ?, 'd', 'Suspeito')`,
        )
        .run(upload, external);
    }
    // An outcome whose batch is gone (batch_id null) on a transaction the kept batch holds.
    history.db.prepare('UPDATE outcomes SET batch_id = NULL WHERE external_id = ?').run(keptId);

    purgeOlderThan(history.db, 90, now);
    const left = (sql: string) => history.db.prepare(sql).pluck().all();
    expect(left('SELECT external_id FROM outcomes')).toEqual([keptId]);
    expect(left('SELECT external_id FROM outcome_changes')).toEqual([keptId]);
    expect(left('SELECT external_id FROM upload_transactions')).toEqual([keptId]);
  });
});
