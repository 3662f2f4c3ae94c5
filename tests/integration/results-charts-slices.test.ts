import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultHandlers } from '../../electron/core/handlers/results.handlers';
import { resultsRepo } from '../../electron/core/store/results.repo';
import type { ResultFilter } from '../../shared/contract/results';
import { resultsFixture, unwrap, type ResultsFixture } from './results-fixture';

/**
 * The charts of a filter, counted in slices with a turn of the event loop between (so a million
 * rows never hold the core for seconds), are the charts counted in one query.
 */
let fixture: ResultsFixture;
beforeAll(async () => (fixture = await resultsFixture()));
afterAll(() => fixture.close());

const filters: ResultFilter[] = [
  {},
  { risks: ['high'] },
  { risks: ['low', 'medium'], statuses: ['ok'] },
  { scoreMin: 0.2, scoreMax: 0.8 },
  { insight: 'DEV0001' },
];

describe('the charts of a filtered batch', () => {
  it.each(filters)('are the same counted in slices of 7 rows (%j)', async (filter) => {
    const sliced = resultHandlers({ db: fixture.history.db }, 7);
    const whole = resultsRepo(fixture.history.db).aggregates(fixture.batchId, filter);
    const charts = unwrap(await sliced['results.aggregates']({ batchId: fixture.batchId, filter }));
    expect(charts).toEqual(whole);
    if (filter.risks) expect(charts.topInsights.length).toBeGreaterThan(0);
  });

  it('answers a page asked at the same moment first', async () => {
    const handlers = resultHandlers({ db: fixture.history.db }, 7);
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
