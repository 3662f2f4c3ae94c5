import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InsightResult } from '../../../../shared/domain/types';
import { createBatch } from '../../bulk/batch';
import { migrate } from '../migrate';
import { rowsRepo, type RowResult } from '../rows.repo';
import { initial } from './0001-initial';
import { settings } from './0002-settings';
import { resultIndex } from './0003-result-index';
import { migrations } from './index';

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-0003-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function answer(score: number, insights: string[], deviceRisk: InsightResult['deviceRisk']) {
  const result: InsightResult = {
    deviceID: `dev-${String(score)}`,
    insights,
    alertQuantity: insights.length,
    deviceAge: 12,
    deviceRisk,
    score,
    smartID: null,
    similarityResult: null,
  };
  return result;
}

function ok(seq: number, result: InsightResult): RowResult {
  const base = { seq, errorCode: null, messages: [], attempts: 1, durationMs: 5 };
  return { ...base, status: 'ok', httpStatus: 200, result };
}

/**
 * Rows as version 2 of the app wrote them (its rowsRepo's statements): two answered, one 204,
 * one invalid, one pending.
 */
function writeVersion2Rows(db: Database.Database): void {
  db.prepare(
    `INSERT INTO batches (id, created_at, updated_at, source_name, source_sha256, environment, base_url, settings_json, state, total)
     VALUES ('b1', '2026-11-01T10:00:00.000Z', 'u', 'v2.csv', 'aa', 'sandbox', 'embedded', '{}', 'paused', 5)`,
  ).run();
  const row = db.prepare(
    `INSERT INTO batch_rows (batch_id, seq, source_row, external_id, session_id, cpf, request_json, problems_json, state, status, updated_at)
     VALUES ('b1', ?, ?, ?, 'session-000000000000000000001', '52998224725', ?, ?, ?, ?, 'u')`,
  );
  const request = (id: string) => JSON.stringify({ externalID: id, sessionID: 's' });
  row.run(1, 2, 'order-1', request('order-1'), null, 'done', 'ok');
  row.run(2, 3, 'order-2', request('order-2'), null, 'done', 'ok');
  row.run(3, 4, 'order-3', request('order-3'), null, 'done', 'no_content');
  row.run(4, 5, 'order-4', null, '[{"field":"cpf","rule":"check_digits"}]', 'done', 'invalid');
  row.run(5, 6, 'order-5', request('order-5'), null, 'pending', null);
  const lookup = db.prepare(
    `INSERT INTO lookups (batch_id, seq, looked_up_at, status, http_status, device_id, device_risk, score,
       alert_quantity, device_age, insights, result_json, attempts)
     VALUES ('b1', @seq, 'then', @status, @http, @deviceID, @deviceRisk, @score, @alertQuantity, @deviceAge,
       @insights, @json, 1)`,
  );
  for (const [seq, result] of [
    [1, answer(0.91, ['DEV0003', 'GER0005'], 'high')],
    [2, answer(0.2, ['DEV0003'], 'low')],
  ] as const) {
    const json = JSON.stringify(result);
    lookup.run({
      seq,
      status: 'ok',
      http: 200,
      ...result,
      insights: result.insights.join(' '),
      json,
    });
  }
  lookup.run({
    seq: 3,
    status: 'no_content',
    http: 204,
    deviceID: null,
    deviceRisk: null,
    score: null,
    alertQuantity: null,
    deviceAge: null,
    insights: null,
    json: null,
  });
}

const indexed = (db: Database.Database) =>
  db
    .prepare('SELECT seq, status, risk, score, alert_quantity FROM result_index ORDER BY seq')
    .all();
const codes = (db: Database.Database) =>
  db.prepare("SELECT seq || ':' || code FROM lookup_insights ORDER BY seq, code").pluck().all();
/** The same since migration 0013, which numbers the codes in `insight_codes`. */
const codesNow = (db: Database.Database) =>
  db
    .prepare(
      `SELECT li.seq || ':' || c.code FROM lookup_insights li JOIN insight_codes c ON c.id = li.code_id
       ORDER BY li.seq, c.code`,
    )
    .pluck()
    .all();

describe('migration 0003 (result index)', () => {
  it('indexes the rows and insight codes of a version-2 history, then keeps them in step', async () => {
    const db = new Database(path.join(dir, 'history.sqlite3'));
    db.pragma('foreign_keys = ON');
    await migrate(db, [initial, settings], () => '');
    writeVersion2Rows(db);

    const backup = path.join(dir, 'before.sqlite3');
    expect(await migrate(db, [initial, settings, resultIndex], () => backup)).toEqual({
      from: 2,
      to: 3,
      backupPath: backup,
    });
    expect(indexed(db)).toEqual([
      { seq: 1, status: 'ok', risk: 3, score: 0.91, alert_quantity: 2 },
      { seq: 2, status: 'ok', risk: 1, score: 0.2, alert_quantity: 1 },
      { seq: 3, status: 'no_content', risk: null, score: null, alert_quantity: null },
      { seq: 4, status: 'invalid', risk: null, score: null, alert_quantity: null },
      { seq: 5, status: 'pending', risk: null, score: null, alert_quantity: null },
    ]);
    expect(codes(db)).toEqual(['1:DEV0003', '1:GER0005', '2:DEV0003']);

    // Today's repositories write the rows below: the later migrations come first (they keep
    // these triggers and add columns those repositories fill).
    await migrate(db, migrations, () => path.join(dir, 'before-latest.sqlite3'));

    expect(codesNow(db)).toEqual(['1:DEV0003', '1:GER0005', '2:DEV0003']);

    // The pending row is answered, then answered again: its codes follow.
    const rows = rowsRepo(db);
    db.transaction(() =>
      rows.complete('b1', [ok(5, answer(0.5, ['DEV0001'], 'undefined'))], 'now'),
    )();
    db.transaction(() => rows.complete('b1', [ok(5, answer(0.6, ['DEV0002'], 'medium'))], 'now'))();
    expect(indexed(db).at(-1)).toEqual({
      seq: 5,
      status: 'ok',
      risk: 2,
      score: 0.6,
      alert_quantity: 1,
    });
    expect(codesNow(db)).toEqual(['1:DEV0003', '1:GER0005', '2:DEV0003', '5:DEV0002']);
    // Codes compare without case.
    const dev3 = db.prepare(
      `SELECT COUNT(*) FROM lookup_insights li JOIN insight_codes c ON c.id = li.code_id
       WHERE c.code = 'dev0003'`,
    );
    expect(dev3.pluck().get()).toBe(2);

    // A failed row re-run loses its answer and goes back to pending.
    db.prepare("UPDATE lookups SET status = 'failed' WHERE seq = 2").run();
    db.prepare("UPDATE batch_rows SET status = 'failed' WHERE seq = 2").run();
    expect(codesNow(db)).toContain('2:DEV0003');
    rows.resetFailed('b1', 'again');
    expect(indexed(db)[1]).toEqual({
      seq: 2,
      status: 'pending',
      risk: null,
      score: null,
      alert_quantity: null,
    });
    expect(codesNow(db)).toEqual(['1:DEV0003', '1:GER0005', '5:DEV0002']);

    // A batch stored now gets its entries with its rows; deleting batches takes every entry.
    const later = createBatch(db, {
      sourceName: 'v3.csv',
      sourceSha256: 'b'.repeat(64),
      environment: 'sandbox',
      baseUrl: 'embedded',
      rows: [{ row: 9, raw: { externalID: 'order-9x', sessionID: 'x'.repeat(24) }, notes: [] }],
    });
    const entry = db.prepare(
      'SELECT source_row, external_id, status FROM result_index WHERE batch_key = (SELECT key FROM batches WHERE id = ?)',
    );
    expect(entry.all(later.id)).toEqual([
      { source_row: 9, external_id: 'order-9x', status: 'pending' },
    ]);
    db.prepare('DELETE FROM batches').run();
    const left =
      'SELECT (SELECT COUNT(*) FROM result_index) + (SELECT COUNT(*) FROM lookup_insights)';
    expect(db.prepare(left).pluck().get()).toBe(0);
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.at(-1)?.version);
    db.close();
  });
});
