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

/** A batch of answered rows as version 10 stored them (its repositories' statements). */
function writeVersion10Batch(db: Database.Database, id: string, answers: RowResult[]): void {
  db.prepare(
    `INSERT INTO batches (id, created_at, updated_at, source_name, source_sha256, environment, base_url, settings_json, state, total)
     VALUES (?, '2026-11-01T10:00:00.000Z', 'u', 'b.csv', 'ee', 'sandbox', 'embedded', '{}', 'finished', ?)`,
  ).run(id, answers.length);
  for (const { seq, result } of answers) {
    db.prepare(
      `INSERT INTO batch_rows (batch_id, seq, source_row, external_id, state, status, updated_at)
       VALUES (?, ?, ?, ?, 'done', 'ok', 'u')`,
    ).run(id, seq, seq + 1, `order-${String(seq)}`);
    db.prepare(
      `INSERT INTO result_index (batch_id, seq, source_row, external_id, status) VALUES (?, ?, ?, ?, 'ok')`,
    ).run(id, seq, seq + 1, `order-${String(seq)}`);
    db.prepare(
      `INSERT INTO lookups (batch_id, seq, looked_up_at, status, device_id, insights, result_json, attempts)
       VALUES (?, ?, 'then', 'ok', ?, ?, ?, 1)`,
    ).run(id, seq, result?.deviceID, result?.insights.join(' '), JSON.stringify(result));
  }
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

/** The counts table next to what counting `lookup_insights` gives, both sorted (version 11). */
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

/** The same since migration 0013 (batch keys, numbered codes), by batch ID and code. */
function countsAndTruthNow(db: Database.Database) {
  const named = (from: string) =>
    `SELECT b.id AS batch_id, c.code AS code, t.n AS n FROM (${from}) t
     JOIN batches b ON b.key = t.batch_key JOIN insight_codes c ON c.id = t.code_id ORDER BY 1, 2`;
  return {
    kept: db.prepare(named('SELECT batch_key, code_id, n FROM insight_counts')).all(),
    counted: db
      .prepare(
        named(
          'SELECT batch_key, code_id, COUNT(*) AS n FROM lookup_insights GROUP BY batch_key, code_id',
        ),
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
    const first = 'b10';
    writeVersion10Batch(db, first, [
      answered(1, ['DEV0003', 'GER0002']),
      answered(2, ['DEV0003']),
      answered(3, []),
    ]);

    const backup = path.join(dir, 'before.sqlite3');
    // Up to this migration only, so later ones do not change what this test is about.
    const upToThis = migrations.filter((migration) => migration.version <= chartCounts.version);
    expect(await migrate(db, upToThis, () => backup)).toMatchObject({
      to: chartCounts.version,
      backupPath: backup,
    });
    const { kept, counted } = countsAndTruth(db);
    expect(kept).toEqual([
      { batch_id: first, code: 'DEV0003', n: 2 },
      { batch_id: first, code: 'GER0002', n: 1 },
    ]);
    expect(kept).toEqual(counted);
    // The charts' counts are read from the new index alone.
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT status, risk, score, COUNT(*) FROM result_index
         WHERE batch_id = ? GROUP BY 1, 2, 3`,
      )
      .all(first)
      .map((row) => (row as { detail: string }).detail)
      .join(' ');
    expect(plan).toContain('COVERING INDEX result_index_chart');

    // Today's repositories write today's schema (0013 keeps these counts by the same rules).
    await migrate(db, migrations, () => path.join(dir, 'before-latest.sqlite3'));
    let now = countsAndTruthNow(db);
    expect(now.kept).toEqual(kept);
    expect(now.kept).toEqual(now.counted);

    // A second batch, and an answer of the first one stored again with other codes.
    const second = storeBatch(db, [answered(1, ['DEV0003']), answered(2, ['ABC0001'])]);
    db.transaction(() =>
      rowsRepo(db).complete(first, [answered(1, ['ABC0001'])], 'later'),
    ).immediate();
    now = countsAndTruthNow(db);
    expect(now.kept).toEqual(now.counted);
    expect(now.kept).toContainEqual({ batch_id: second, code: 'ABC0001', n: 1 });
    expect(now.kept).toContainEqual({ batch_id: first, code: 'ABC0001', n: 1 });

    // A batch removed takes its counts with it; a count never stays at zero.
    db.prepare('DELETE FROM batches WHERE id = ?').run(first);
    now = countsAndTruthNow(db);
    expect(now.kept).toEqual(now.counted);
    expect(now.kept.every((row) => (row as { batch_id: string }).batch_id === second)).toBe(true);
    db.close();
  });
});
