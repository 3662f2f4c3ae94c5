import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBatch } from '../../electron/core/bulk/batch';
import { rowsRepo, type RowCounts, type RowResult } from '../../electron/core/store/rows.repo';
import { sourceRows } from '../support/bulk';
import { tempHistory } from '../support/history';

/**
 * A batch's row counts are read on the narrow indexes (the status mirror and the pending index),
 * not on the rows: they must equal the counts of the rows themselves through every change a
 * batch goes through (claimed, answered, released, failed and reset, invalid from the start).
 */
let history: Awaited<ReturnType<typeof tempHistory>>;
beforeEach(async () => (history = await tempHistory()));
afterEach(() => history.close());

/** The counts straight from `batch_rows`, as they were read before. */
function countedOnRows(batchId: string): RowCounts {
  const totals: RowCounts = {
    total: 0,
    pending: 0,
    inFlight: 0,
    ok: 0,
    noContent: 0,
    invalid: 0,
    rejected: 0,
    failed: 0,
  };
  const rows = history.db
    .prepare(
      `SELECT state, status, COUNT(*) AS n FROM batch_rows WHERE batch_key = (SELECT key FROM batches WHERE id = ?) GROUP BY 1, 2`,
    )
    .all(batchId) as Array<{ state: string; status: string | null; n: number }>;
  for (const { state, status, n } of rows) {
    totals.total += n;
    if (state === 'pending') totals.pending += n;
    else if (state === 'in_flight') totals.inFlight += n;
    else if (status === 'no_content') totals.noContent += n;
    else if (status) totals[status as 'ok'] += n;
  }
  return totals;
}

const answer = (seq: number, status: RowResult['status']): RowResult => ({
  seq,
  status,
  httpStatus: status === 'ok' ? 200 : status === 'no_content' ? 204 : 500,
  errorCode: status === 'failed' ? 'server' : null,
  result: null,
  messages: [],
  attempts: 1,
  durationMs: 1,
});

describe('the row counts of a batch', () => {
  it('equal the rows counted one by one at every step', () => {
    const rows = sourceRows(60);
    rows[3] = { ...rows[3]!, raw: { ...rows[3]!.raw, cpf: '123.456.789-00' } };
    const batch = createBatch(history.db, {
      sourceName: 'counts.csv',
      sourceSha256: 'c'.repeat(64),
      environment: 'sandbox',
      baseUrl: 'embedded',
      rows,
    });
    const repo = rowsRepo(history.db);
    const now = () => new Date().toISOString();
    const check = () => expect(repo.counts(batch.id)).toEqual(countedOnRows(batch.id));
    check();
    const claimed = repo.claim(batch.id, 30, now());
    check();
    repo.complete(
      batch.id,
      claimed.slice(0, 20).map((row, i) => answer(row.seq, i % 4 === 0 ? 'failed' : 'no_content')),
      now(),
    );
    check();
    repo.release(
      batch.id,
      claimed.slice(20, 25).map((row) => row.seq),
      now(),
    );
    check();
    repo.resetFailed(batch.id, now());
    check();
    expect(repo.counts(batch.id)).toMatchObject({ total: 60, invalid: 1, inFlight: 5 });
  });
});
