import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewService } from '../../electron/core/review/review-service';
import { fileRowsSql } from '../../electron/core/store/outcomes.repo';
import { buildFile, type BuildFileTask } from '../../electron/core/tasks/build-file';
import { checkResponseRows } from '../../shared/outcomes/response-checks';
import { outcomesFixture, type OutcomesFixture } from './outcomes-fixture';

let fixture: OutcomesFixture;
let dir: string;
beforeAll(async () => {
  fixture = await outcomesFixture(24);
  dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-build-rows-'));
  const review = reviewService(fixture.db);
  await review.setFiltered(fixture.batchId, {}, 'Suspeito');
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await fixture.close();
});

const query = () => ({ batchId: fixture.batchId, scope: 'all' as const });

/** The rows as stored, in the file's order: what `fileRows` must give, whatever they hold. */
function stored() {
  return fixture.db
    .prepare(
      `SELECT external_id AS transactionId, device_id AS deviceId, outcome FROM outcomes
       WHERE device_id IS NOT NULL ORDER BY set_at, id`,
    )
    .all();
}

/** Changes the outcome at `place` (in id order) to hold these values. */
function change(place: number, values: { external_id?: string; device_id?: string }): void {
  const [column, value] = Object.entries(values)[0] ?? [];
  fixture.db
    .prepare(
      `UPDATE outcomes SET ${column ?? ''} = ? WHERE id = (SELECT id FROM outcomes ORDER BY id LIMIT 1 OFFSET ?)`,
    )
    .run(value, place);
}

const task = (fileKind: 'csv' | 'zip'): BuildFileTask => ({
  environment: 'sandbox',
  ...query(),
  exclude: [],
  fileKind,
  separator: ',',
  fileName: `rv.${fileKind}`,
  path: path.join(dir, `rv.${fileKind}`),
});

describe('the rows of a response file, read from the history', () => {
  it('gives each value as stored, across slices, with the outcomes in turn', async () => {
    const review = reviewService(fixture.db);
    const ids = fixture.db.prepare('SELECT id FROM outcomes ORDER BY id').pluck().all();
    fixture.db
      .prepare("UPDATE outcomes SET outcome = 'Fraude Confirmada' WHERE id = ?")
      .run(ids[2]);
    fixture.db
      .prepare("UPDATE outcomes SET outcome = 'Device Positivado' WHERE id = ?")
      .run(ids[5]);
    const rows = await review.fileRows('sandbox', query(), { sliceRows: 4 });
    expect(rows).toEqual(stored());
    expect(new Set(rows.map((row) => row.outcome)).size).toBe(3);
  });

  it('reads a value holding the separator the reading uses (U+001F) as it is', async () => {
    change(3, { device_id: 'dev\u001fone' });
    change(6, { external_id: 'PED\u001f\u001ftwo' });
    const rows = await reviewService(fixture.db).fileRows('sandbox', query(), { sliceRows: 4 });
    expect(rows).toEqual(stored());
    expect(rows.map((row) => row.deviceId)).toContain('dev\u001fone');
  });

  it('gives the slices only to `progress` when told not to collect them', async () => {
    const slices: number[] = [];
    const rows = await reviewService(fixture.db).fileRows('sandbox', query(), {
      sliceRows: 4,
      collect: false,
      progress: (done, slice) => slices.push(done, slice.length),
    });
    expect(rows).toEqual([]);
    expect(slices.filter((_, at) => at % 2 === 1).reduce((sum, n) => sum + n, 0)).toBe(
      stored().length,
    );
  });

  it('counts them alone, for a zip, as many as measured for a CSV', () => {
    const review = reviewService(fixture.db);
    const { count } = review.fileMeasure('sandbox', query());
    expect(count).toBe(stored().length);
    expect(review.fileMeasure('sandbox', query(), false)).toEqual({ count });
    expect(review.fileMeasure('sandbox', { scope: 'unsent' }, false)).toEqual({ count });
  });

  it('names every problem of a refused file, read in one snapshot, each on its line', async () => {
    const told: Array<[number, number]> = [];
    const built = await buildFile(
      fixture.db,
      task('zip'),
      (done, total) => told.push([done, total]),
      { snapshot: true },
    );
    const rows = await reviewService(fixture.db).fileRows('sandbox', query());
    expect(built.file).toBeNull();
    expect(built.rows).toBe(rows.length);
    expect(built.problems).toEqual(checkResponseRows(rows));
    expect(built.problems.map((problem) => problem.code)).toContain('unsafe_value');
    expect(told).toEqual([
      [0, rows.length],
      [rows.length, rows.length],
    ]);
  });
});

describe('the slices of a response file whose outcomes share one time', () => {
  // A bulk outcome gives every row it sets the same `set_at`.
  const sameTime = () =>
    fixture.db.prepare("UPDATE outcomes SET set_at = '2026-11-27T07:00:00.000Z'").run();

  it('gives every row once, in order, across slices', async () => {
    sameTime();
    for (const sliceRows of [1, 3, 4, 7]) {
      const rows = await reviewService(fixture.db).fileRows('sandbox', query(), { sliceRows });
      expect(rows).toEqual(stored());
    }
  });

  it.each([
    ['a batch', 'B', false],
    ['a batch, unsent only', 'B', true],
    ['every batch', undefined, false],
  ] as const)(
    'seeks the place after a slice in %s, never walking the rows before it',
    (...[, batch, unsent]) => {
      const sql = fileRowsSql([['o.id', 'id']], batch, unsent, true);
      const plan = fixture.db
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .all({ environment: 'sandbox', batchId: 'B', afterAt: '', afterId: 0, limit: 4 }) as Array<{
        detail: string;
      }>;
      const seeks = plan
        .map((step) => step.detail)
        .filter((detail) => detail.includes('outcomes_set_at'));
      // With a row value, `(set_at, id) > (?, ?)`, SQLite seeks only `set_at>?`: every earlier row
      // of the same time is read and dropped, slice after slice (8 s of a million-row zip).
      expect(seeks).toEqual([
        expect.stringContaining('(set_at=? AND rowid>?)'),
        expect.stringContaining('(set_at>?)'),
      ]);
    },
  );
});
