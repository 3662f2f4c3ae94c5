import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewService } from '../../electron/core/review/review-service';
import { reviewOutcomes } from '../../shared/domain/types';
import { testResultHandlers } from '../support/result-handlers';
import { batchRowsOf } from './outcome-rows';
import { outcomesFixture, type OutcomesFixture } from './outcomes-fixture';
import { unwrap } from './results-fixture';

/**
 * The Review summary said "Reviewed: 4" while five rows of the queue had a review state: the one
 * marked Legítima was left out, though the queue's Review state filter shows it. Legítima is
 * never in a file, so the counts to send stay without it; the summary counts it apart.
 */
let fixture: OutcomesFixture;
beforeAll(async () => {
  fixture = await outcomesFixture(20);
});
afterAll(() => fixture.close());

describe('the review summary beside the queue', () => {
  it('counts every reviewed transaction the queue shows, Legítima apart from the file counts', async () => {
    const review = reviewService(fixture.db);
    const answered = batchRowsOf(fixture.db, fixture.batchId).filter((row) => row.deviceId);
    const [a, b, c, d, e] = answered.map((row) => [{ batchId: fixture.batchId, seq: row.seq }]);
    review.set(a!, 'Fraude Confirmada');
    review.set(b!, 'Fraude Confirmada');
    review.set(c!, 'Suspeito');
    review.set(d!, 'Device Positivado');
    review.set(e!, 'Legítima');

    const page = unwrap(
      await testResultHandlers(fixture.db)['results.page']({
        batchId: fixture.batchId,
        filter: { outcomes: [...reviewOutcomes] },
        sort: 'row',
        direction: 'asc',
        offset: 0,
        limit: 100,
      }),
    );
    expect(page.total).toBe(5);
    const summary = review.summary('sandbox', fixture.batchId);
    // What a file would carry: Legítima is never sent.
    expect(summary).toMatchObject({ total: 4, unsent: 4, legitimate: 1 });
    expect(summary.total + summary.legitimate).toBe(page.total);
    expect(review.summary('sandbox')).toMatchObject({ total: 4, legitimate: 1 });
    // Another environment's summary counts none of them, Legítima included.
    expect(review.summary('test')).toMatchObject({ total: 0, legitimate: 0, elsewhere: 4 });
  });
});
