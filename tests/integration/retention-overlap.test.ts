import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reviewService } from '../../electron/core/review/review-service';
import { purgeOlderThan } from '../../electron/core/store/retention';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { sourceRows, startBatch } from '../support/bulk';
import { tempHistory } from '../support/history';

/**
 * A transaction looked up in an old batch and again in a recent one (a back-test run twice),
 * reviewed on the old one. The purge deletes the old batch; the review stays with the recent one,
 * which holds the transaction and shows it reviewed: in its summary and its file, as on screen.
 */
let sandbox: SandboxHandle;
let history: Awaited<ReturnType<typeof tempHistory>>;
beforeAll(async () => (sandbox = await startSandbox()));
afterAll(() => sandbox.close());
beforeEach(async () => (history = await tempHistory()));
afterEach(() => history.close());

const now = new Date();
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

async function ranBatch(rows: ReturnType<typeof sourceRows>, createdAt: string) {
  const { batch, run } = startBatch(history.db, sandbox, rows);
  await run.ended;
  history.db.prepare('UPDATE batches SET created_at = ? WHERE id = ?').run(createdAt, batch.id);
  return batch;
}

describe('a review set on a batch the purge deletes, of a transaction a kept batch holds', () => {
  it('stays in the kept batch’s summary and file, as its results show it', async () => {
    const rows = sourceRows(6);
    const old = await ranBatch(rows, daysAgo(200));
    const recent = await ranBatch(rows, daysAgo(1));
    const review = reviewService(history.db);
    const answered = history.db
      .prepare<[string], number>(
        `SELECT r.seq FROM batch_rows r JOIN batches b ON b.key = r.batch_key
         JOIN lookups l ON l.batch_key = r.batch_key AND l.seq = r.seq
         WHERE b.id = ? AND l.status = 'ok' ORDER BY r.seq LIMIT 1`,
      )
      .pluck()
      .get(old.id);
    expect(answered).toBeDefined();
    const seq = answered ?? 0;
    expect(review.set([{ batchId: old.id, seq }], 'Fraude Confirmada')).toMatchObject({
      value: { changed: 1 },
    });
    expect(review.summary('sandbox', recent.id).total).toBe(1);

    purgeOlderThan(history.db, 90, now);

    expect(review.summary('sandbox', recent.id).total).toBe(1);
    const file = await review.fileRows('sandbox', { batchId: recent.id, scope: 'all' });
    expect(file.map((row) => row.outcome)).toEqual(['Fraude Confirmada']);
    const everywhere = await review.fileRows('sandbox', { scope: 'all' });
    expect(everywhere).toHaveLength(1);
  });
});
