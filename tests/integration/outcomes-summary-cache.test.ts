import Database from 'better-sqlite3';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewService } from '../../electron/core/review/review-service';
import { outcomesRepo } from '../../electron/core/store/outcomes.repo';
import { batchRowsOf } from './outcome-rows';
import { outcomesFixture, type OutcomesFixture } from './outcomes-fixture';

let fixture: OutcomesFixture;
beforeAll(async () => {
  fixture = await outcomesFixture(12);
});
afterAll(() => fixture.close());

describe('the outcome summary (issue 13)', () => {
  it('is read once until the history changes, by this connection or another', () => {
    const repo = outcomesRepo(fixture.db);
    const review = reviewService(fixture.db);
    const seqs = batchRowsOf(fixture.db, fixture.batchId)
      .filter((row) => row.deviceId !== null)
      .map((row) => row.seq);
    const mark = (seq: number | undefined) =>
      review.set([{ batchId: fixture.batchId, seq: seq ?? 0 }], 'Suspeito');

    mark(seqs[0]);
    const first = repo.byDestination('sandbox');
    // Asked again with nothing changed (the window asks each time a screen comes back): the
    // same reading, not a second pass over the outcomes.
    expect(repo.byDestination('sandbox')).toBe(first);
    expect(repo.byDestination('sandbox', fixture.batchId)).not.toBe(first);
    expect(review.summary('sandbox').total).toBe(1);

    mark(seqs[1]);
    expect(repo.byDestination('sandbox')).not.toBe(first);
    expect(review.summary('sandbox').total).toBe(2);

    // Another connection (a dcdesk run, the task thread) commits: read again.
    const other = new Database(path.join(fixture.history.dir, 'history.sqlite3'));
    try {
      other.prepare("UPDATE outcomes SET outcome = 'Fraude Confirmada'").run();
    } finally {
      other.close();
    }
    expect(review.summary('sandbox').counts).toMatchObject({ Suspeito: 0, 'Fraude Confirmada': 2 });
  });
});
