import { afterAll, describe, expect, it } from 'vitest';
import { createBatch } from '../../electron/core/bulk/batch';
import { reviewService } from '../../electron/core/review/review-service';
import { rowsRepo, type RowResult } from '../../electron/core/store/rows.repo';
import { sandboxAnswer } from '../../electron/sandbox';
import { parseInsightResult } from '../../shared/domain/insight';
import { dcdesk } from '../support/cli';
import { sourceRows } from '../support/bulk';
import { tempHistory } from '../support/history';

/**
 * Legítima is a review state the queue shows, never sent: `dcdesk outcomes build` with only
 * Legítima reviews said the reviewed transaction "was already accepted by sandbox" (it counted
 * the Legítima among the reviewed), which no upload ever did.
 */
const history = await tempHistory();
afterAll(() => history.close());

/** A batch of 10 rows answered by the sandbox; returns its id and the seq of an answered row. */
function answeredBatch(): { batchId: string; seq: number } {
  const batch = createBatch(history.db, {
    sourceName: 'legit.csv',
    sourceSha256: 'c'.repeat(64),
    environment: 'sandbox',
    baseUrl: 'embedded',
    rows: sourceRows(10),
  });
  const claimed = rowsRepo(history.db).claim(batch.id, 10, batch.createdAt);
  const results = claimed.map((row): RowResult => {
    const base = { seq: row.seq, errorCode: null, messages: [], attempts: 1, durationMs: 1 };
    const answer = sandboxAnswer(row.request);
    const parsed = answer.status === 200 ? parseInsightResult(answer.body) : null;
    if (!parsed?.ok) return { ...base, status: 'no_content', httpStatus: 204, result: null };
    return { ...base, status: 'ok', httpStatus: 200, result: parsed.value };
  });
  rowsRepo(history.db).complete(batch.id, results, new Date().toISOString());
  const answered = results.find((result) => result.status === 'ok');
  if (!answered) throw new Error('The sandbox answered none of the rows.');
  return { batchId: batch.id, seq: answered.seq };
}

describe('dcdesk outcomes build with only Legítima reviews', () => {
  it('says Legítima is never sent, not that the transaction was accepted', async () => {
    const { batchId, seq } = answeredBatch();
    expect(reviewService(history.db).set([{ batchId, seq }], 'Legítima')).toMatchObject({
      value: { changed: 1 },
    });
    for (const scope of [[], ['--all']]) {
      const run = await dcdesk([
        'outcomes',
        'build',
        ...scope,
        '--env',
        'sandbox',
        '--output',
        `${history.dir}/out.csv`,
        '--data-dir',
        history.dir,
      ]);
      expect(run.code).toBe(1);
      expect(run.stderr).not.toMatch(/accepted/);
      expect(run.stderr).toContain(
        "dcdesk: the one reviewed transaction of sandbox's answers is Legítima, a review kept here and never sent; nothing written.",
      );
    }
  });
});
