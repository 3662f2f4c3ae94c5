import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sourceRows } from '../../../../tests/support/bulk';
import { createBatch } from '../../bulk/batch';
import { migrate } from '../migrate';
import { rowsRepo, type RowResult } from '../rows.repo';
import { chartCounts } from './0011-chart-counts';
import { migrations } from './index';

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-0011-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** An answer with the given insight codes, as the runner stores it. */
function answered(seq: number, insights: string[]): RowResult {
  return {
    seq,
    status: 'ok',
    httpStatus: 200,
    errorCode: null,
    result: {
      deviceID: `dev-${String(seq)}`,
      insights,
      alertQuantity: insights.length,
      deviceAge: 3,
      deviceRisk: 'low',
      score: 0.25,
      smartID: null,
      similarityResult: null,
    },
    messages: [],
    attempts: 1,
    durationMs: 5,
  };
}

function storeBatch(db: Database.Database, answers: RowResult[]): string {
  const batch = createBatch(db, {
    sourceName: 'b.csv',
    sourceSha256: 'e'.repeat(64),
    environment: 'sandbox',
    baseUrl: 'embedded',
    rows: sourceRows(answers.length),
  });
  db.transaction(() => rowsRepo(db).complete(batch.id, answers, 'now')).immediate();
  return batch.id;
}

/** The counts table next to what counting `lookup_insights` gives, both sorted. */
function countsAndTruth(db: Database.Database) {
  return {
    kept: db.prepare('SELECT batch_id, code, n FROM insight_counts ORDER BY 1, 2').all(),
    counted: db
      .prepare(
        'SELECT batch_id, code, COUNT(*) AS n FROM lookup_insights GROUP BY 1, 2 ORDER BY 1, 2',
      )
      .all(),
  };
}

describe('migration 0011 (chart counts)', () => {
  it('counts the codes already stored, then keeps the counts exact as answers come and go', async () => {
    const db = new Database(path.join(dir, 'history.sqlite3'));
    db.pragma('foreign_keys = ON');
    await migrate(
      db,
      migrations.filter((migration) => migration.version < chartCounts.version),
      () => '',
    );
    const first = storeBatch(db, [
      answered(1, ['DEV0003', 'GER0002']),
      answered(2, ['DEV0003']),
      answered(3, []),
    ]);

    const backup = path.join(dir, 'before.sqlite3');
    expect(await migrate(db, migrations, () => backup)).toMatchObject({
      to: migrations.at(-1)?.version,
      backupPath: backup,
    });
    let { kept, counted } = countsAndTruth(db);
    expect(kept).toEqual([
      { batch_id: first, code: 'DEV0003', n: 2 },
      { batch_id: first, code: 'GER0002', n: 1 },
    ]);
    expect(kept).toEqual(counted);

    // A second batch, and an answer of the first one stored again with other codes.
    const second = storeBatch(db, [answered(1, ['DEV0003']), answered(2, ['ABC0001'])]);
    db.transaction(() =>
      rowsRepo(db).complete(first, [answered(1, ['ABC0001'])], 'later'),
    ).immediate();
    ({ kept, counted } = countsAndTruth(db));
    expect(kept).toEqual(counted);
    expect(kept).toContainEqual({ batch_id: second, code: 'ABC0001', n: 1 });

    // A batch removed takes its counts with it; a count never stays at zero.
    db.prepare('DELETE FROM batches WHERE id = ?').run(first);
    ({ kept, counted } = countsAndTruth(db));
    expect(kept).toEqual(counted);
    expect(kept.every((row) => (row as { batch_id: string }).batch_id === second)).toBe(true);

    // The charts' counts are read from the new index alone.
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT status, risk, score, COUNT(*) FROM result_index
         WHERE batch_id = ? GROUP BY 1, 2, 3`,
      )
      .all(second)
      .map((row) => (row as { detail: string }).detail)
      .join(' ');
    expect(plan).toContain('COVERING INDEX result_index_chart');
    db.close();
  });
});
