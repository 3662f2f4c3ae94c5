import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../migrate';
import { initial } from './0001-initial';
import { settings } from './0002-settings';
import { resultIndex } from './0003-result-index';
import { outcomesUploads } from './0004-outcomes-uploads';
import { answerChecks } from './0007-answer-checks';

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-0007-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const before = [initial, settings, resultIndex, outcomesUploads];

/** An answer as version 4 of the app stored it, unknown fields kept whole in `extra`. */
function v4Result(deviceID: string, extra: Record<string, unknown>) {
  return {
    deviceID,
    insights: ['DEV0001', 'GER0005'],
    alertQuantity: 1,
    deviceAge: 12,
    deviceRisk: 'high',
    score: 0.9,
    smartID: null,
    similarityResult: null,
    extra,
  };
}

/**
 * A history as version 4 left it: one batch of four rows, answered with a large unknown field,
 * with a small one, with none, and one failed row without an answer.
 */
function writeVersion4Rows(db: Database.Database): Record<string, unknown>[] {
  db.prepare(
    `INSERT INTO batches (id, created_at, updated_at, source_name, source_sha256, environment, base_url, settings_json, state, total)
     VALUES ('b1', '2026-11-01T10:00:00.000Z', 'u', 'v4.csv', 'aa', 'sandbox', 'embedded', '{}', 'finished', 4)`,
  ).run();
  const row = db.prepare(
    `INSERT INTO batch_rows (batch_id, seq, source_row, external_id, state, status, updated_at)
     VALUES ('b1', ?, ?, ?, 'done', ?, 'u')`,
  );
  const lookup = db.prepare(
    `INSERT INTO lookups (batch_id, seq, looked_up_at, status, http_status, error_code, device_id, device_risk,
       score, alert_quantity, device_age, insights, result_json, messages_json, attempts)
     VALUES ('b1', ?, 't', ?, ?, ?, ?, 'high', 0.9, 1, 12, 'DEV0001 GER0005', ?, ?, 1)`,
  );
  const results = [
    v4Result('dev-big', { debug: 'x'.repeat(100_000) }),
    v4Result('dev-small', { Version: 2 }),
    v4Result('dev-plain', {}),
  ];
  results.forEach((result, index) => {
    const seq = index + 1;
    row.run(seq, seq + 1, `order-${String(seq)}`, 'ok');
    lookup.run(seq, 'ok', 200, null, result.deviceID, JSON.stringify(result), null);
  });
  row.run(4, 5, 'order-4', 'failed');
  lookup.run(4, 'failed', 500, 'server', null, null, '["An unexpected error occurred."]');
  db.prepare(
    `INSERT INTO result_index (batch_id, seq, source_row, external_id, status)
     SELECT batch_id, seq, source_row, external_id, status FROM batch_rows`,
  ).run();
  return results;
}

describe('migration 0007 (answer checks)', () => {
  it('moves the unknown fields of version-4 answers into a capped raw copy', async () => {
    const db = new Database(path.join(dir, 'history.sqlite3'));
    db.pragma('foreign_keys = ON');
    await migrate(db, before, () => '');
    const [big, small, plain] = writeVersion4Rows(db);
    const insightsBefore = db.prepare('SELECT * FROM lookup_insights ORDER BY seq, code').all();

    const backup = path.join(dir, 'before.sqlite3');
    expect(await migrate(db, [...before, answerChecks], () => backup)).toEqual({
      from: 4,
      to: 7,
      backupPath: backup,
    });
    const lookups = db
      .prepare('SELECT seq, result_json, raw_answer, messages_json FROM lookups ORDER BY seq')
      .all() as Array<{ result_json: string | null; raw_answer: string | null }>;

    const bigText = JSON.stringify(big);
    const { extra: _bigExtra, ...bigKnown } = big!;
    expect(JSON.parse(lookups[0]!.result_json!)).toEqual(bigKnown);
    expect(lookups[0]!.raw_answer).toBe(
      `${bigText.slice(0, 4096)}… (${String(bigText.length)} characters in all)`,
    );
    const { extra: _smallExtra, ...smallKnown } = small!;
    expect(JSON.parse(lookups[1]!.result_json!)).toEqual(smallKnown);
    expect(lookups[1]!.raw_answer).toBe(JSON.stringify(small));
    // Nothing unknown: left as it was, no raw copy.
    expect(JSON.parse(lookups[2]!.result_json!)).toEqual(plain);
    expect(lookups[2]!.raw_answer).toBeNull();
    expect(lookups[3]).toMatchObject({
      result_json: null,
      raw_answer: null,
      messages_json: '["An unexpected error occurred."]',
    });
    // The rewrite re-ran the insight index trigger; the index still says the same.
    expect(db.prepare('SELECT * FROM lookup_insights ORDER BY seq, code').all()).toEqual(
      insightsBefore,
    );
    expect(db.pragma('user_version', { simple: true })).toBe(7);
    db.close();
  });

  it('gives new lookups a raw_answer column', async () => {
    const db = new Database(':memory:');
    await migrate(db, [...before, answerChecks], () => '');
    const columns = db.prepare("SELECT name FROM pragma_table_info('lookups')").pluck().all();
    expect(columns).toContain('raw_answer');
    db.close();
  });
});
