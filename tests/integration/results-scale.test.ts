import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBatch } from '../../electron/core/bulk/batch';
import { reviewService } from '../../electron/core/review/review-service';
import { filterSql, orderBy } from '../../electron/core/store/result-filter';
import { rowsRepo, type RowResult } from '../../electron/core/store/rows.repo';
import { sandboxAnswer } from '../../electron/sandbox';
import type { ResultFilter } from '../../shared/contract/results';
import { parseInsightResult } from '../../shared/domain/insight';
import { outcomes } from '../../shared/domain/types';
import { sourceRows } from '../support/bulk';
import { tempHistory } from '../support/history';
import { unwrap } from './results-fixture';
import { testResultHandlers } from '../support/result-handlers';

const size = 100_000;
let history: Awaited<ReturnType<typeof tempHistory>>;
let batchId: string;
let handlers: ReturnType<typeof testResultHandlers>;

/**
 * A 100,000-row batch in a real history. The answers are the sandbox's own (`sandboxAnswer`,
 * the function its HTTP server answers with) stored with `complete()` as the runner does; sending
 * 100,000 requests over loopback would only make this test slower, not truer. One row in 50 is
 * left pending.
 */
beforeAll(async () => {
  history = await tempHistory();
  let started = performance.now();
  const batch = createBatch(history.db, {
    sourceName: 'big.csv',
    sourceSha256: 'b'.repeat(64),
    environment: 'sandbox',
    baseUrl: 'embedded',
    rows: sourceRows(size),
  });
  const stored = performance.now() - started;
  started = performance.now();
  const rows = rowsRepo(history.db);
  history.db.transaction(() => {
    const claimed = rows.claim(batch.id, size, batch.createdAt);
    const results = claimed
      .filter((row) => row.seq % 50 !== 0)
      .map((row): RowResult => {
        const answer = sandboxAnswer(row.request);
        const parsed = answer.status === 200 ? parseInsightResult(answer.body) : null;
        return {
          seq: row.seq,
          status: answer.status === 200 ? 'ok' : 'no_content',
          httpStatus: answer.status,
          errorCode: null,
          result: parsed?.ok ? parsed.value : null,
          messages: [],
          attempts: 1,
          durationMs: 5,
        };
      });
    rows.complete(batch.id, results, new Date().toISOString());
    rows.release(
      batch.id,
      claimed.filter((row) => row.seq % 50 === 0).map((row) => row.seq),
      batch.createdAt,
    );
  })();
  console.log(
    `100,000 rows: stored in ${String(Math.round(stored))} ms, answers in ${String(Math.round(performance.now() - started))} ms`,
  );
  batchId = batch.id;
  handlers = testResultHandlers(history.db);
}, 180_000);
afterAll(() => history.close());

/** The median of `runs` timed calls, after one warm-up. */
async function medianMs(call: () => Promise<unknown>, runs = 11): Promise<number> {
  await call();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

describe('results of a 100,000-row batch', () => {
  it('pages at offset 50,000 sorted by score in well under 50 ms, count included', async () => {
    const query = {
      batchId,
      filter: {},
      sort: 'score',
      direction: 'desc',
      offset: 50_000,
      limit: 100,
    } as const;
    const page = unwrap(await handlers['results.page'](query));
    expect(page.total).toBe(size);
    // The same page as sorting the joined tables directly (the slow way).
    const direct = history.db
      .prepare(
        `SELECT r.seq FROM batch_rows r LEFT JOIN lookups l ON l.batch_key = r.batch_key AND l.seq = r.seq
         WHERE r.batch_key = (SELECT key FROM batches WHERE id = ?) ORDER BY l.score DESC, r.seq DESC LIMIT 100 OFFSET 50000`,
      )
      .pluck()
      .all(batchId);
    expect(page.rows.map((row) => row.seq)).toEqual(direct);

    const ms = await medianMs(() => handlers['results.page'](query));
    console.log(`results.page, offset 50,000, by score: ${ms.toFixed(1)} ms (median of 11)`);
    expect(ms).toBeLessThan(50);
  });

  it('walks the score index for that page instead of sorting the batch', () => {
    const { where } = filterSql(batchId, {});
    const sql = `SELECT ri.seq FROM result_index ri WHERE ${where} ORDER BY ${orderBy('score', 'desc')} LIMIT 100 OFFSET 50000`;
    const plan = history.db
      .prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .all({ batchId })
      .map((step) => (step as { detail: string }).detail)
      .join('\n');
    expect(plan).toContain('COVERING INDEX result_index_score');
    expect(plan).not.toContain('TEMP B-TREE');
  });

  it('pages at offset 50,000 sorted by outcome along its index, outcomes on 3 rows in 7', async () => {
    const review = reviewService(history.db);
    const started = performance.now();
    outcomes.forEach((outcome, index) => {
      const targets = [];
      for (let seq = index + 1; seq <= size; seq += 7) targets.push({ batchId, seq });
      review.set(targets, outcome);
    });
    const setMs = performance.now() - started;
    const byOutcome = (filter: ResultFilter) =>
      ({
        batchId,
        filter,
        sort: 'outcome',
        direction: 'desc',
        offset: 50_000,
        limit: 100,
      }) as const;
    const reviewedOrNot = byOutcome({ outcomes: ['Suspeito', 'none'] });
    const page = unwrap(await handlers['results.page'](reviewedOrNot));
    // The same page as joining the outcomes and sorting (the slow way).
    const rank = `CASE o.outcome WHEN 'Suspeito' THEN 0 WHEN 'Fraude Confirmada' THEN 1 WHEN 'Device Positivado' THEN 2 END`;
    const direct = history.db.prepare(
      `SELECT r.seq FROM batch_rows r LEFT JOIN outcomes o ON o.external_id = r.external_id
       WHERE r.batch_key = (SELECT key FROM batches WHERE id = ?) AND (o.outcome IS NULL OR o.outcome = 'Suspeito')
       ORDER BY ${rank} DESC, r.seq DESC LIMIT 100 OFFSET 50000`,
    );
    expect(page.rows.map((row) => row.seq)).toEqual(direct.pluck().all(batchId));
    const matching = history.db
      .prepare(
        `SELECT COUNT(*) FROM batch_rows r LEFT JOIN outcomes o ON o.external_id = r.external_id
         WHERE r.batch_key = (SELECT key FROM batches WHERE id = ?) AND (o.outcome IS NULL OR o.outcome = 'Suspeito')`,
      )
      .pluck()
      .get(batchId);
    expect(page.total).toBe(matching);
    expect(new Set(page.rows.map((row) => row.outcome))).toEqual(new Set([null]));

    const { where } = filterSql(batchId, {});
    const sql = `SELECT ri.seq FROM result_index ri WHERE ${where} ORDER BY ${orderBy('outcome', 'desc')} LIMIT 100 OFFSET 50000`;
    const plan = history.db
      .prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .all({ batchId })
      .map((step) => (step as { detail: string }).detail)
      .join('\n');
    expect(plan).toContain('COVERING INDEX result_index_outcome');
    expect(plan).not.toContain('TEMP B-TREE');

    const sortedMs = await medianMs(() => handlers['results.page'](byOutcome({})));
    const filteredMs = await medianMs(() => handlers['results.page'](reviewedOrNot));
    const directMs = await medianMs(() => Promise.resolve(direct.all(batchId)), 3);
    console.log(
      `outcomes set on ${String(Math.ceil((3 * size) / 7))} targets in ${setMs.toFixed(0)} ms; offset 50,000 by outcome: ${sortedMs.toFixed(1)} ms, filtered by review state ${filteredMs.toFixed(1)} ms, joined and sorted directly ${directMs.toFixed(1)} ms`,
    );
    expect(sortedMs).toBeLessThan(50);
    expect(filteredMs).toBeLessThan(250);
  });

  it('reports how long filtered pages and the charts take', async () => {
    const filtered = {
      batchId,
      filter: { risks: ['high' as const], insight: 'DEV0003' },
      sort: 'deviceAge' as const,
      direction: 'asc' as const,
      offset: 1000,
      limit: 100,
    };
    const pageMs = await medianMs(() => handlers['results.page'](filtered), 5);
    const chartsMs = await medianMs(
      () => handlers['results.aggregates']({ batchId, filter: {} }),
      3,
    );
    const filteredChartsMs = await medianMs(
      () => handlers['results.aggregates']({ batchId, filter: filtered.filter }),
      3,
    );
    console.log(
      `filtered page ${pageMs.toFixed(1)} ms, charts ${chartsMs.toFixed(1)} ms, filtered charts ${filteredChartsMs.toFixed(1)} ms`,
    );
    const aggregates = unwrap(await handlers['results.aggregates']({ batchId, filter: {} }));
    expect(aggregates.statuses.pending).toBe(size / 50);
    expect(aggregates.scoreHistogram.reduce((sum, n) => sum + n, 0)).toBe(aggregates.statuses.ok);
    expect(pageMs).toBeLessThan(250);
    expect(chartsMs).toBeLessThan(1000);
  });
});
