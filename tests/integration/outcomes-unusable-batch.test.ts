import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newLeaseOwner } from '../../electron/core/batches/batch-lease';
import { batchDeletion } from '../../electron/core/privacy/batch-deletion';
import { reviewService } from '../../electron/core/review/review-service';
import { leaseForDeletion } from '../../electron/core/store/row-slices';
import { testOutcomeHandlers } from './outcome-handlers';
import { batchRowsOf } from './outcome-rows';
import { outcomesFixture, type OutcomesFixture } from './outcomes-fixture';

/**
 * A key pressed (or a bulk outcome asked) on a batch another window or a `dcdesk purge` deleted,
 * or is deleting: the window still shows its rows. Nothing is stored, and the answer says why,
 * with a code of its own, never a success that stored nothing (a deleted batch) or an outcome the
 * deletion's next step removes while the trail keeps it (a batch being deleted).
 */
let fixture: OutcomesFixture;
beforeAll(async () => (fixture = await outcomesFixture(12)));
afterAll(() => fixture.close());
beforeEach(() => fixture.db.prepare('DELETE FROM outcomes').run());

const count = (sql: string) => fixture.db.prepare<[], number>(sql).pluck().get();

const handlers = () => testOutcomeHandlers(fixture.db);

/** A second batch of the fixture's rows, and one of its answered rows. */
async function anotherBatch(): Promise<{ batchId: string; seq: number }> {
  const batchId = await fixture.runBatch(fixture.rows);
  const row = batchRowsOf(fixture.db, batchId).find((each) => each.deviceId !== null);
  return { batchId, seq: row!.seq };
}

describe('an outcome set on a batch that is not usable', () => {
  it('fails on a deleted batch, as a batch not in the history, and stores nothing', async () => {
    const { batchId, seq } = await anotherBatch();
    expect(batchDeletion(fixture.db).delete(batchId).ok).toBe(true);
    const trail = count('SELECT COUNT(*) FROM outcome_changes');

    const answer = await handlers()['outcomes.set']({
      targets: [{ batchId, seq }],
      outcome: 'Fraude Confirmada',
    });
    expect(answer).toMatchObject({ ok: false, error: { code: 'no_batch' } });
    expect(answer.ok ? '' : answer.error.message).toMatch(/deleted/);
    expect(count('SELECT COUNT(*) FROM outcomes')).toBe(0);
    expect(count('SELECT COUNT(*) FROM outcome_changes')).toBe(trail);
  });

  it('fails on a batch being deleted, saying so, and stores neither outcome nor trail line', async () => {
    const { batchId, seq } = await anotherBatch();
    const key = count(`SELECT key FROM batches WHERE id = '${batchId}'`);
    fixture.db
      .transaction(() => leaseForDeletion(fixture.db, [key ?? 0], newLeaseOwner()))
      .immediate();
    const trail = count('SELECT COUNT(*) FROM outcome_changes');

    const answer = await handlers()['outcomes.set']({
      targets: [{ batchId, seq }],
      outcome: 'Fraude Confirmada',
    });
    expect(answer).toMatchObject({ ok: false, error: { code: 'deleting' } });
    expect(count('SELECT COUNT(*) FROM outcomes')).toBe(0);
    expect(count('SELECT COUNT(*) FROM outcome_changes')).toBe(trail);

    const filtered = await reviewService(fixture.db).setFiltered(batchId, {}, 'Suspeito');
    expect(filtered).toMatchObject({ ok: false, error: { code: 'deleting' } });
    expect(count('SELECT COUNT(*) FROM outcomes')).toBe(0);
  });

  it('still sets outcomes on a usable batch, skipping a row it does not have', () => {
    const row = batchRowsOf(fixture.db, fixture.batchId).find((each) => each.deviceId !== null)!;
    expect(
      reviewService(fixture.db).set(
        [
          { batchId: fixture.batchId, seq: row.seq },
          { batchId: fixture.batchId, seq: 9999 },
        ],
        'Suspeito',
      ),
    ).toEqual({
      ok: true,
      value: { changed: 1, withoutTransactionId: 0, withoutDevice: 0, otherDevice: 0 },
    });
  });
});
