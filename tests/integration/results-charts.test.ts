import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultHandlers } from '../../electron/core/handlers/results.handlers';
import { filterSql } from '../../electron/core/store/result-filter';
import type { ResultFilter } from '../../shared/contract/results';
import { resultsFixture, unwrap, type ResultsFixture } from './results-fixture';

/**
 * The top insight codes of a filter, counted by set of codes (migration 0016), from the rows kept
 * or, when the filter keeps most of the batch, from the rows left out, are those counted code by
 * code from `lookup_insights`.
 */
let fixture: ResultsFixture;
beforeAll(async () => (fixture = await resultsFixture()));
afterAll(() => fixture.close());

const filters: ResultFilter[] = [
  { risks: ['high'] },
  { risks: ['low', 'medium'], statuses: ['ok'] },
  { scoreMin: 0.2, scoreMax: 0.8 },
  { scoreMin: 0.5 },
  { statuses: ['ok', 'no_content', 'failed', 'invalid', 'rejected'] },
  { insight: 'DEV0001' },
  { alertMin: 1 },
  { outcomes: ['none'] },
  { outcomes: ['none'], scoreMax: 0.9 },
];

/** Every code of the filtered rows, counted over `lookup_insights`; and how many rows matched. */
function bruteForce(filter: ResultFilter) {
  const { where, params } = filterSql(fixture.batchId, filter);
  const db = fixture.history.db;
  const matching = db
    .prepare(`SELECT COUNT(*) FROM result_index ri WHERE ${where}`)
    .pluck()
    .get(params) as number;
  const topInsights = db
    .prepare(
      `SELECT c.code AS code, COUNT(*) AS count
       FROM result_index ri JOIN lookup_insights li ON li.batch_key = ri.batch_key AND li.seq = ri.seq
       JOIN insight_codes c ON c.id = li.code_id
       WHERE ${where} GROUP BY c.id ORDER BY count DESC, c.code LIMIT 10`,
    )
    .all(params);
  return { matching, topInsights };
}

describe('the charts of a filtered batch', () => {
  it.each(filters)('count the codes of the rows kept (%j)', async (filter) => {
    const handlers = resultHandlers({ db: fixture.history.db });
    const charts = unwrap(
      await handlers['results.aggregates']({ batchId: fixture.batchId, filter }),
    );
    const expected = bruteForce(filter);
    expect(expected.topInsights.length).toBeGreaterThan(0);
    expect(charts.topInsights).toEqual(expected.topInsights);
  });

  it.each(filters)(
    'count statuses, risks and scores along either index as row by row (%j)',
    async (filter) => {
      const handlers = resultHandlers({ db: fixture.history.db });
      const charts = unwrap(
        await handlers['results.aggregates']({ batchId: fixture.batchId, filter }),
      );
      const { where, params } = filterSql(fixture.batchId, filter);
      const rows = fixture.history.db
        .prepare(`SELECT ri.status, ri.risk, ri.score FROM result_index ri WHERE ${where}`)
        .all(params) as Array<{ status: string; risk: number | null; score: number | null }>;
      const histogram = Array.from({ length: 10 }, () => 0);
      const statuses: Record<string, number> = {};
      let answeredWithRisk = 0;
      // 'None' is an answer that gave no risk: not an invalid, refused, failed or 204 row.
      let answeredWithoutRisk = 0;
      for (const { status, risk, score } of rows) {
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status !== 'pending' && risk !== null) answeredWithRisk += 1;
        if (status === 'ok' && risk === null) answeredWithoutRisk += 1;
        if (score !== null && score >= 0 && score <= 1) {
          const bin = Math.min(Math.trunc(score * 10), 9);
          histogram[bin] = (histogram[bin] ?? 0) + 1;
        }
      }
      expect(rows.length).toBeGreaterThan(0);
      expect(charts.scoreHistogram).toEqual(histogram);
      expect(Object.entries(charts.statuses).filter(([, n]) => n > 0)).toEqual(
        Object.entries(statuses).sort(
          ([a], [b]) =>
            Object.keys(charts.statuses).indexOf(a) - Object.keys(charts.statuses).indexOf(b),
        ),
      );
      const { none, ...ranked } = charts.risks;
      expect(Object.values(ranked).reduce((sum, n) => sum + n, 0)).toBe(answeredWithRisk);
      expect(none).toBe(answeredWithoutRisk);
    },
  );

  it('are counted both ways among these filters: from the rows kept and from those left out', () => {
    const half = fixture.rows.length / 2;
    const kept = filters.map((filter) => bruteForce(filter).matching);
    expect(kept.some((n) => n < half)).toBe(true);
    expect(kept.some((n) => n > half)).toBe(true);
  });

  it('answers a page asked at the same moment first', async () => {
    const handlers = resultHandlers({ db: fixture.history.db });
    const done: string[] = [];
    const filter: ResultFilter = { risks: ['high'] };
    await Promise.all([
      handlers['results.aggregates']({ batchId: fixture.batchId, filter }).then(() =>
        done.push('charts'),
      ),
      handlers['results.page']({
        batchId: fixture.batchId,
        filter,
        sort: 'row',
        direction: 'asc',
        offset: 0,
        limit: 50,
      }).then(() => done.push('page')),
    ]);
    expect(done).toEqual(['page', 'charts']);
  });
});
