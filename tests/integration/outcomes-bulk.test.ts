/**
 * A bulk outcome over a results filter, as the review screen asks for it over a large batch: in
 * slices, each committed, with its failures, progress and checkpoints.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reviewService } from '../../electron/core/review/review-service';
import type { ResultFilter } from '../../shared/contract/results';
import { testResultHandlers } from '../support/result-handlers';
import { batchRowsOf, storedOutcomes } from './outcome-rows';
import { outcomesFixture, type OutcomesFixture } from './outcomes-fixture';
import { unwrap } from './results-fixture';

let fixture: OutcomesFixture;
beforeAll(async () => {
  fixture = await outcomesFixture(40);
});
afterAll(() => fixture.close());
// Each test sets the outcomes it reads: none depends on what an earlier one left.
beforeEach(() => {
  fixture.db.prepare('DELETE FROM outcomes').run();
});

const stored = () => storedOutcomes(fixture.db);
const batchRows = () => batchRowsOf(fixture.db, fixture.batchId);

describe('a bulk outcome over a large filter', () => {
  it('that fails midway says how many rows it changed before stopping', async () => {
    const review = reviewService(fixture.db);
    // The disk gives out after the first slice: the trail's fourth line cannot be written.
    const lines = fixture.db
      .prepare('SELECT COUNT(*) FROM outcome_changes')
      .pluck()
      .get() as number;
    fixture.db.exec(`CREATE TEMP TRIGGER fail_later BEFORE INSERT ON outcome_changes
      WHEN (SELECT COUNT(*) FROM outcome_changes) >= ${String(lines + 3)}
      BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`);
    try {
      const result = await review.setFiltered(fixture.batchId, {}, 'Suspeito', { sliceRows: 3 });
      expect(!result.ok && result.error).toMatchObject({ code: 'db' });
      const changed = stored().size;
      expect(changed).toBeGreaterThan(0);
      expect(changed).toBeLessThan(batchRows().filter((row) => row.deviceId !== null).length);
      expect(!result.ok && result.error.message).toBe(
        `The outcome was set on ${String(changed)} ${changed === 1 ? 'row' : 'rows'}, then stopped: database or disk is full. The other rows keep their outcome; try again to set it on them.`,
      );
    } finally {
      fixture.db.exec('DROP TRIGGER temp.fail_later');
    }
  });

  it('goes slice by slice, each slice committed, other work answered between slices', async () => {
    const review = reviewService(fixture.db);
    const reviewable = batchRows().filter((row) => row.deviceId !== null);
    const progress: Array<[number, number]> = [];
    const running = review.setFiltered(fixture.batchId, {}, 'Suspeito', {
      sliceRows: 10,
      progress: (done, total) => progress.push([done, total]),
    });
    // Asked while the bulk outcome runs: answered before it ends, seeing the slices done so far.
    const between = new Promise<number>((resolve) => setImmediate(() => resolve(stored().size)));
    const seen = await between;
    expect(seen).toBeGreaterThan(0);
    expect(seen).toBeLessThan(reviewable.length);
    expect(unwrap(await running)).toEqual({
      changed: reviewable.length,
      withoutTransactionId: 1,
      withoutDevice: batchRows().filter((row) => row.externalId !== null && row.deviceId === null)
        .length,
      otherDevice: 0,
    });
    expect(progress).toEqual([
      [10, 40],
      [20, 40],
      [30, 40],
      [40, 40],
    ]);
    expect(stored().size).toBe(reviewable.length);
  });

  it('counts a slice in matching rows, so a sparse filter takes few slices of at most that many', async () => {
    const review = reviewService(fixture.db);
    const high: ResultFilter = { risks: ['high'] };
    const handlers = testResultHandlers(fixture.db);
    const matching = unwrap(
      await handlers['results.page']({
        batchId: fixture.batchId,
        filter: high,
        sort: 'row',
        direction: 'asc',
        offset: 0,
        limit: 500,
      }),
    ).rows;
    expect(matching.length).toBeGreaterThan(2);
    expect(matching.length).toBeLessThan(20);
    const progress: number[] = [];
    await review.setFiltered(fixture.batchId, high, 'Suspeito', {
      sliceRows: 2,
      progress: (done) => progress.push(done),
    });
    // Each slice ends at its second match; the last one, short or empty, at the batch's end.
    const ends = matching.filter((_, index) => index % 2 === 1).map((row) => row.seq);
    if (ends.at(-1) !== 40) ends.push(40);
    expect(progress).toEqual(ends);
  });

  it('with its own checkpoints, none runs inside a slice’s commit, and the automatic one comes back', async () => {
    const review = reviewService(fixture.db);
    const automatic = () => fixture.db.pragma('wal_autocheckpoint', { simple: true });
    const during: unknown[] = [];
    const done = await review.setFiltered(fixture.batchId, {}, 'Suspeito', {
      sliceRows: 10,
      ownCheckpoints: true,
      progress: () => during.push(automatic()),
    });
    expect(done.ok).toBe(true);
    expect(during).toEqual([0, 0, 0, 0]);
    expect(automatic()).toBe(1000);
    // The last checkpoint copied every page the outcome wrote.
    const [state] = fixture.db.pragma('wal_checkpoint(PASSIVE)') as Array<{
      log: number;
      checkpointed: number;
    }>;
    expect(state?.checkpointed).toBe(state?.log);
  });

  it('changes nothing when the count confirmed is no longer the count matching', async () => {
    const review = reviewService(fixture.db);
    const refused = await review.setFiltered(fixture.batchId, {}, 'Suspeito', {
      expected: 41,
      sliceRows: 10,
    });
    expect(!refused.ok && refused.error.code).toBe('stale');
    expect(stored().size).toBe(0);
  });
});
