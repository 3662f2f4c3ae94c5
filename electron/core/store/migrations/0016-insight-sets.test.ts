import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sourceRows } from '../../../../tests/support/bulk';
import { createBatch } from '../../bulk/batch';
import { migrate } from '../migrate';
import { rowsRepo, type RowResult } from '../rows.repo';
import { insightSets } from './0016-insight-sets';
import { migrations } from './index';

let dir = '';
let db: Database.Database;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-0016-'));
  db = new Database(path.join(dir, 'history.sqlite3'));
  db.pragma('foreign_keys = ON');
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** An answer with the given codes (null: a row the service had nothing for), as the runner stores it. */
function answered(seq: number, insights: string[] | null): RowResult {
  const base = { seq, errorCode: null, messages: [], attempts: 1, durationMs: 5 };
  if (insights === null) return { ...base, status: 'no_content', httpStatus: 204, result: null };
  return {
    ...base,
    status: 'ok',
    httpStatus: 200,
    result: {
      deviceID: `dev-${String(seq)}`,
      insights,
      alertQuantity: insights.length,
      deviceAge: 3,
      deviceRisk: 'high',
      score: 0.75,
      smartID: null,
      similarityResult: null,
    },
  };
}

function storeBatch(rows: number, answers: RowResult[]): string {
  const batch = createBatch(db, {
    sourceName: 'b.csv',
    sourceSha256: 'e'.repeat(64),
    environment: 'sandbox',
    baseUrl: 'embedded',
    rows: sourceRows(rows),
  });
  store(batch.id, answers);
  return batch.id;
}

function store(batchId: string, answers: RowResult[]): void {
  db.transaction(() => rowsRepo(db).complete(batchId, answers, 'now')).immediate();
}

/**
 * Each entry's set of codes, as the set's codes in upper case, next to the codes its answer has
 * in `lookup_insights` (the truth); both by batch and row.
 */
function setsAndTruth() {
  const named = `SELECT group_concat(upper(c.code), ' ' ORDER BY upper(c.code)) FROM insight_codes c`;
  return {
    kept: db
      .prepare(
        `SELECT b.id AS batch, ri.seq AS seq,
           (${named} WHERE ' ' || s.codes || ' ' LIKE '% ' || c.id || ' %') AS codes
         FROM result_index ri JOIN batches b ON b.key = ri.batch_key
         LEFT JOIN insight_sets s ON s.id = ri.insight_set ORDER BY 1, 2`,
      )
      .all(),
    truth: db
      .prepare(
        `SELECT b.id AS batch, ri.seq AS seq,
           (${named} JOIN lookup_insights li ON li.code_id = c.id
            WHERE li.batch_key = ri.batch_key AND li.seq = ri.seq) AS codes
         FROM result_index ri JOIN batches b ON b.key = ri.batch_key ORDER BY 1, 2`,
      )
      .all(),
  };
}

describe('migration 0016 (insight sets)', () => {
  it('gives every stored answer its set of codes, then keeps the sets as answers come and go', async () => {
    await migrate(
      db,
      migrations.filter((migration) => migration.version < insightSets.version),
      () => '',
    );
    const first = storeBatch(5, [
      answered(1, ['DEV0003', 'GER0002']),
      answered(2, ['ger0002', 'DEV0003']),
      answered(3, []),
      answered(4, null),
    ]);
    await migrate(db, migrations, () => path.join(dir, 'before.sqlite3'));

    let { kept, truth } = setsAndTruth();
    expect(kept).toEqual([
      { batch: first, seq: 1, codes: 'DEV0003 GER0002' },
      { batch: first, seq: 2, codes: 'DEV0003 GER0002' },
      { batch: first, seq: 3, codes: null },
      { batch: first, seq: 4, codes: null },
      // Not answered yet.
      { batch: first, seq: 5, codes: null },
    ]);
    expect(kept).toEqual(truth);
    // The same codes in any order or case are one set.
    expect(db.prepare('SELECT COUNT(*) FROM insight_sets').pluck().get()).toBe(1);

    // New answers, an answer stored again with other codes, one that has none now, a second
    // batch and an answer removed.
    store(first, [answered(5, ['ABC0001']), answered(1, ['GER0002']), answered(2, null)]);
    const second = storeBatch(2, [answered(1, ['GER0002', 'ABC0001']), answered(2, ['DEV0003'])]);
    db.prepare(
      'DELETE FROM lookups WHERE batch_key = (SELECT key FROM batches WHERE id = ?) AND seq = 2',
    ).run(second);
    ({ kept, truth } = setsAndTruth());
    expect(kept).toEqual(truth);
    expect(kept).toContainEqual({ batch: first, seq: 1, codes: 'GER0002' });
    expect(kept).toContainEqual({ batch: second, seq: 1, codes: 'ABC0001 GER0002' });
    expect(kept).toContainEqual({ batch: second, seq: 2, codes: null });

    // The charts read the sets from their index alone.
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT insight_set, COUNT(*) FROM result_index
         WHERE batch_key = 1 AND risk = 3 GROUP BY insight_set`,
      )
      .all()
      .map((row) => (row as { detail: string }).detail)
      .join(' ');
    expect(plan).toContain('COVERING INDEX result_index_chart');
  });
});
