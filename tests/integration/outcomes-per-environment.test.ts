import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBatch } from '../../electron/core/bulk/batch';
import { runBatch } from '../../electron/core/bulk/runner';
import { reviewService } from '../../electron/core/review/review-service';
import { resultsRepo } from '../../electron/core/store/results.repo';
import { batchRowsOf } from './outcome-rows';
import { testOutcomeHandlers } from './outcome-handlers';
import { outcomesFixture, type OutcomesFixture } from './outcomes-fixture';

/**
 * The same transactions looked up in the sandbox and in the test environment (the sandbox answers
 * both here), reviewed in each with another outcome: the review screen's paths (a key, a bulk
 * outcome over a filter) keep one outcome per transaction and environment.
 */
let fixture: OutcomesFixture;
let testBatch = '';
beforeAll(async () => {
  fixture = await outcomesFixture(12);
  const batch = createBatch(fixture.db, {
    sourceName: 'test.csv',
    sourceSha256: 'f'.repeat(64),
    environment: 'test',
    baseUrl: fixture.sandbox.url,
    rows: fixture.rows,
  });
  const run = runBatch(batch.id, { db: fixture.db, client: fixture.client, onEvent: () => {} });
  const end = await run.ended;
  if (end.state !== 'finished') throw new Error(`The test batch ended ${end.state}.`);
  testBatch = batch.id;
});
afterAll(() => fixture.close());

/** The outcome of each row of a batch, as the results screen shows it, by transaction id. */
function shown(batchId: string): Record<string, string | null> {
  const page = resultsRepo(fixture.db).page({
    batchId,
    filter: {},
    sort: 'row',
    direction: 'asc',
    offset: 0,
    limit: 100,
  });
  const pairs = page.rows.map((row): [string, string | null] => [
    row.externalId ?? '',
    row.outcome,
  ]);
  return Object.fromEntries(pairs);
}

describe('one transaction, an outcome per environment', () => {
  it('keeps the sandbox review and the test review of the same rows apart', async () => {
    const review = reviewService(fixture.db);
    const answered = batchRowsOf(fixture.db, fixture.batchId).filter((row) => row.deviceId);
    const targets = answered.map((row) => ({ batchId: fixture.batchId, seq: row.seq }));
    expect(review.set(targets, 'Suspeito')).toMatchObject({
      value: { changed: answered.length },
    });
    // The test batch's rows were not reviewed: the whole filter changes every answered row.
    const bulk = await review.setFiltered(testBatch, {}, 'Fraude Confirmada');
    expect(bulk).toMatchObject({ ok: true, value: { changed: answered.length } });

    const ids = answered.map((row) => row.externalId);
    expect(ids.map((id) => shown(fixture.batchId)[id ?? ''])).toEqual(ids.map(() => 'Suspeito'));
    expect(ids.map((id) => shown(testBatch)[id ?? ''])).toEqual(ids.map(() => 'Fraude Confirmada'));
    expect(review.summary('sandbox')).toMatchObject({
      counts: { Suspeito: answered.length, 'Fraude Confirmada': 0 },
      elsewhere: answered.length,
    });
    expect(review.summary('test', testBatch)).toMatchObject({
      counts: { Suspeito: 0, 'Fraude Confirmada': answered.length },
    });
    const sandboxFile = await review.fileRows('sandbox', { scope: 'all' });
    const testFile = await review.fileRows('test', { scope: 'all', batchId: testBatch });
    expect(new Set(sandboxFile.map((row) => row.outcome))).toEqual(new Set(['Suspeito']));
    expect(new Set(testFile.map((row) => row.outcome))).toEqual(new Set(['Fraude Confirmada']));
    expect(testFile.map((row) => row.transactionId).sort()).toEqual(
      sandboxFile.map((row) => row.transactionId).sort(),
    );

    // Cleared in the test environment: the sandbox's review stays, and the trail says where.
    const first = answered[0];
    if (!first) throw new Error('no answered row');
    review.set([{ batchId: testBatch, seq: first.seq }], null);
    expect(shown(testBatch)[first.externalId ?? '']).toBeNull();
    expect(shown(fixture.batchId)[first.externalId ?? '']).toBe('Suspeito');
    const trail = fixture.db
      .prepare(
        'SELECT environment, outcome, previous FROM outcome_changes WHERE external_id = ? ORDER BY at, rowid',
      )
      .all(first.externalId);
    expect(trail).toEqual([
      { environment: 'sandbox', outcome: 'Suspeito', previous: null },
      { environment: 'test', outcome: 'Fraude Confirmada', previous: null },
      { environment: 'test', outcome: null, previous: 'Fraude Confirmada' },
    ]);
  });
});

describe("a batch's review summary", () => {
  it("counts its own destination's outcomes, whatever the active environment", async () => {
    fixture.db.prepare('DELETE FROM outcomes').run();
    const review = reviewService(fixture.db);
    const answered = batchRowsOf(fixture.db, fixture.batchId).filter((row) => row.deviceId);
    // Reviewed in the sandbox only: the test batch's queue shows none of it.
    review.set(
      answered.map((row) => ({ batchId: fixture.batchId, seq: row.seq })),
      'Suspeito',
    );
    expect(Object.values(shown(testBatch)).filter((outcome) => outcome !== null)).toEqual([]);

    const summary = (batchId: string) =>
      testOutcomeHandlers(fixture.db, 'sandbox')['outcomes.summary']({ batchId });
    expect(await summary(testBatch)).toMatchObject({ ok: true, value: { total: 0, unsent: 0 } });
    expect(await summary(fixture.batchId)).toMatchObject({
      ok: true,
      value: { total: answered.length },
    });
    // Nor does the core's summary of the test batch count them in the sandbox's name.
    expect(review.summary('sandbox', testBatch)).toMatchObject({ total: 0 });
  });
});
