import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewService } from '../../electron/core/review/review-service';
import { purgeOlderThan } from '../../electron/core/store/retention';
import { trailRepo } from '../../electron/core/store/trail.repo';
import { sourceRows } from '../support/bulk';
import { outcomesFixture, type OutcomesFixture } from './outcomes-fixture';

let fixture: OutcomesFixture;
beforeAll(async () => {
  fixture = await outcomesFixture(12);
});
afterAll(() => fixture.close());

const idOf = (seq: number) =>
  (
    fixture.db
      .prepare(
        'SELECT external_id FROM batch_rows WHERE batch_key = (SELECT key FROM batches WHERE id = ?) AND seq = ?',
      )
      .get(fixture.batchId, seq) as { external_id: string }
  ).external_id;

describe('the outcome trail (issue 17)', () => {
  it('records who changed what, from what and from where, with each outcome change', () => {
    const review = reviewService(fixture.db, () => 'Ana');
    const target = (seq: number) => ({ batchId: fixture.batchId, seq });
    review.set([target(3)], 'Suspeito');
    review.set([target(3), target(4)], 'Fraude Confirmada');
    // Setting an outcome a row already has is no change: nothing is written.
    review.set([target(3)], 'Fraude Confirmada');
    reviewService(fixture.db, () => 'Bruno').applyImport(
      [{ row: 2, transactionId: idOf(4), outcome: 'Device Positivado' }],
      true,
      'sandbox',
    );
    review.set([target(3)], null);

    const lines = (seq: number) =>
      trailRepo(fixture.db)
        .ofTransaction(idOf(seq))
        .map(({ analyst, outcome, previous, source, environment, origin }) => ({
          analyst,
          outcome,
          previous,
          source,
          environment,
          origin,
        }));
    const here = { environment: 'sandbox', origin: 'here' };
    expect(lines(3)).toEqual([
      { ...here, analyst: 'Ana', outcome: 'Suspeito', previous: null, source: 'key' },
      {
        ...here,
        analyst: 'Ana',
        outcome: 'Fraude Confirmada',
        previous: 'Suspeito',
        source: 'bulk',
      },
      { ...here, analyst: 'Ana', outcome: null, previous: 'Fraude Confirmada', source: 'key' },
    ]);
    expect(lines(4)).toEqual([
      { ...here, analyst: 'Ana', outcome: 'Fraude Confirmada', previous: null, source: 'bulk' },
      {
        ...here,
        analyst: 'Bruno',
        outcome: 'Device Positivado',
        previous: 'Fraude Confirmada',
        source: 'spreadsheet',
      },
    ]);
    // Every line made here waits for a team, whether or not one is connected.
    expect(trailRepo(fixture.db).waitingCount()).toBe(5);
  });

  it('orders changes made one after the other as they were made, even within a millisecond', () => {
    const review = reviewService(fixture.db, () => 'Ana');
    const target = { batchId: fixture.batchId, seq: 7 };
    const made: Array<string | null> = [];
    // Changes this fast share their millisecond: the trail (and the team, which takes the latest
    // by time, then ID) must still see them in the order they were made.
    for (let turn = 0; turn < 60; turn += 1) {
      const outcome = turn % 2 === 0 ? 'Suspeito' : null;
      review.set([target], outcome);
      made.push(outcome);
    }
    const lines = trailRepo(fixture.db).ofTransaction(idOf(7));
    expect(lines.map((line) => line.outcome)).toEqual(made);
    expect(trailRepo(fixture.db).latest(idOf(7), 'sandbox')?.outcome).toBeNull();
  });

  it('writes nothing when the outcome change fails, and no outcome without its line', () => {
    const review = reviewService(fixture.db, () => 'Ana');
    const before = trailRepo(fixture.db).waitingCount();
    fixture.db.exec(
      "CREATE TEMP TRIGGER refuse_trail BEFORE INSERT ON outcome_changes BEGIN SELECT RAISE(ABORT, 'disk full'); END",
    );
    try {
      expect(() => review.set([{ batchId: fixture.batchId, seq: 5 }], 'Suspeito')).toThrow(
        /disk full/,
      );
    } finally {
      fixture.db.exec('DROP TRIGGER temp.refuse_trail');
    }
    expect(
      fixture.db.prepare('SELECT outcome FROM outcomes WHERE external_id = ?').get(idOf(5)),
    ).toBeUndefined();
    expect(trailRepo(fixture.db).waitingCount()).toBe(before);
  });

  it('is purged with the outcomes past retention, but a change still waiting for the team stays', () => {
    const trail = trailRepo(fixture.db);
    const [first] = trail.waiting(1);
    if (!first) throw new Error('No trail line.');
    trail.markPushed([first.changeId]);
    const waiting = trail.waitingCount();
    purgeOlderThan(fixture.db, 1, new Date(Date.now() + 3 * 86_400_000));
    expect(trail.ofTransaction(first.externalId).map((line) => line.changeId)).not.toContain(
      first.changeId,
    );
    expect(trail.waitingCount()).toBe(waiting);
  });

  it('writes, a slice at a time, one line per changed transaction, with its last row’s device', async () => {
    // A batch whose first and third rows carry one transaction id, looked up with two sessions:
    // two devices. Row by row, the third row changes the device the first one set.
    const [a, b, c] = sourceRows(3, 900) as [
      ReturnType<typeof sourceRows>[number],
      ReturnType<typeof sourceRows>[number],
      ReturnType<typeof sourceRows>[number],
    ];
    const repeated = String(a.raw.externalID);
    const batchId = await fixture.runBatch([
      a,
      b,
      { ...c, raw: { ...c.raw, externalID: repeated } },
    ]);
    const devices = fixture.db
      .prepare(
        `SELECT l.device_id FROM lookups l JOIN batches b ON b.key = l.batch_key
         WHERE b.id = ? ORDER BY l.seq`,
      )
      .pluck()
      .all(batchId) as string[];
    expect(devices[0]).not.toBe(devices[2]);
    const review = reviewService(fixture.db, () => 'Carla');
    const done = await review.setFiltered(batchId, {}, 'Suspeito');
    // A transaction's outcome is of one device, the last row's: the first row is left, and said.
    expect(done).toEqual({
      ok: true,
      value: { changed: 2, withoutTransactionId: 0, withoutDevice: 0, otherDevice: 1 },
    });
    const trail = trailRepo(fixture.db);
    const lines = (id: string) =>
      trail.ofTransaction(id).map(({ analyst, outcome, previous, source, environment }) => ({
        analyst,
        outcome,
        previous,
        source,
        environment,
      }));
    const line = { analyst: 'Carla', source: 'bulk', environment: 'sandbox' };
    // One line: the first row's device, replaced at once, is never written.
    expect(lines(repeated)).toEqual([{ ...line, outcome: 'Suspeito', previous: null }]);
    expect(lines(String(b.raw.externalID))).toEqual([
      { ...line, outcome: 'Suspeito', previous: null },
    ]);
    expect(
      fixture.db
        .prepare('SELECT device_id FROM outcomes WHERE external_id = ?')
        .pluck()
        .get(repeated),
    ).toBe(devices[2]);
    // Again: nothing changes, no line, the first row still left. Cleared: one line each.
    const count = () => fixture.db.prepare('SELECT COUNT(*) FROM outcome_changes').pluck().get();
    const before = count() as number;
    expect(await review.setFiltered(batchId, {}, 'Suspeito')).toMatchObject({
      value: { changed: 0, otherDevice: 1 },
    });
    expect(count()).toBe(before);
    expect(lines(String(b.raw.externalID))).toHaveLength(1);
    expect(await review.setFiltered(batchId, {}, null)).toMatchObject({ value: { changed: 2 } });
    const cleared = trail.ofTransaction(repeated).find((change) => change.outcome === null);
    expect(cleared).toMatchObject({ ...line, outcome: null, previous: 'Suspeito' });
    expect(
      (cleared?.changeId ?? '').match(
        /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ),
    ).not.toBeNull();
    // The results index follows: no row of the batch is left with an outcome.
    expect(
      fixture.db
        .prepare(
          `SELECT COUNT(*) FROM result_index WHERE outcome IS NOT NULL
           AND batch_key = (SELECT key FROM batches WHERE id = ?)`,
        )
        .pluck()
        .get(batchId),
    ).toBe(0);
  });

  it('orders the change IDs as the lines were written: a bulk outcome after what came before', async () => {
    const own = await outcomesFixture(12);
    const review = reviewService(own.db, () => 'Ana');
    review.set([{ batchId: own.batchId, seq: 1 }], 'Legítima');
    await review.setFiltered(own.batchId, {}, 'Device Positivado', { sliceRows: 3 });
    review.set([{ batchId: own.batchId, seq: 2 }], 'Suspeito');
    const ids = own.db
      .prepare<[], string>('SELECT change_id FROM outcome_changes ORDER BY rowid')
      .pluck()
      .all();
    await own.close();
    expect(ids.length).toBeGreaterThan(5);
    // Time-ordered IDs are what keep a million-line bulk outcome's trail writes on the key's last
    // page (change-id.ts); a random ID anywhere would show here as an order broken.
    expect([...ids].sort()).toEqual(ids);
  });
});
