import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewService } from '../../electron/core/review/review-service';
import { batchRowsOf } from './outcome-rows';
import { outcomesFixture, type OutcomesFixture } from './outcomes-fixture';

let fixture: OutcomesFixture;
beforeAll(async () => {
  fixture = await outcomesFixture(24);
});
afterAll(() => fixture.close());

/** The transaction of the first answered row, marked again from another connection. */
function remarkFirst(outcome: string): void {
  const other = new Database(fixture.db.name);
  try {
    other
      .prepare(
        'UPDATE outcomes SET outcome = ?, set_at = ? WHERE id = (SELECT min(id) FROM outcomes)',
      )
      .run(outcome, new Date(Date.now() + 60_000).toISOString());
  } finally {
    other.close();
  }
}

describe('the rows of a response file are read as the history was when the reading began', () => {
  it('reads an outcome changed elsewhere mid-read once, as it was, with the count of the same moment', async () => {
    const review = reviewService(fixture.db);
    const answered = batchRowsOf(fixture.db, fixture.batchId).filter((row) => row.deviceId);
    await review.setFiltered(fixture.batchId, {}, 'Suspeito');
    let remarked = false;
    const rows = await review.fileRows(
      'sandbox',
      { batchId: fixture.batchId, scope: 'all' },
      {
        sliceRows: 4,
        snapshot: true,
        // The app marks a case again (on the core's connection) while the task thread reads.
        progress: () => {
          if (remarked) return;
          remarked = true;
          remarkFirst('Fraude Confirmada');
        },
      },
    );
    const ids = rows.map((row) => row.transactionId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(answered.length);
    expect(rows.every((row) => row.outcome === 'Suspeito')).toBe(true);
    // Once read, the change is there.
    const after = await review.fileRows('sandbox', { batchId: fixture.batchId, scope: 'all' });
    expect(after.filter((row) => row.outcome === 'Fraude Confirmada')).toHaveLength(1);
  });
});
