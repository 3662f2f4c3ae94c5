import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InsightResult } from '../../../../shared/domain/types';
import { createBatch } from '../../bulk/batch';
import { countRecentlyLookedUp } from '../../bulk/reuse';
import { reportService } from '../../report/report-service';
import { reviewService } from '../../review/review-service';
import { idIn, sameId } from '../exact-id';
import { migrate } from '../migrate';
import { outcomesRepo } from '../outcomes.repo';
import { resultsRepo } from '../results.repo';
import { purgeOlderThan } from '../retention';
import { rowsRepo } from '../rows.repo';
import { searchRepo } from '../search.repo';
import { uploadsRepo } from '../uploads.repo';
import { compactAnswers } from './0013-compact-answers';
import { migrations } from './index';

let dir = '';
let db: Database.Database;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-0013-'));
  db = new Database(path.join(dir, 'history.sqlite3'));
  db.pragma('foreign_keys = ON');
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const upTo = (version: number) =>
  migrate(
    db,
    migrations.filter((migration) => migration.version <= version),
    () => path.join(dir, `before-${String(version)}.sqlite3`),
  );

function answer(n: number, fields: Partial<InsightResult> = {}): InsightResult {
  return {
    deviceID: `dev-${String(n)}`,
    insights: ['DEV0003', 'GER0005'],
    alertQuantity: 2,
    deviceAge: 100 + n,
    deviceRisk: 'high',
    score: n / 10,
    smartID: n % 2 === 0 ? `smart-${String(n)}` : null,
    similarityResult: {
      deviceID: `dev-${String(n)}`,
      maximumScore: [0.9, 0.25],
      similarDevices: ['dev-x', 'dev-y'],
    },
    ...fields,
  };
}

function addBatch(id: string, createdAt: string, total: number): void {
  db.prepare(
    `INSERT INTO batches (id, created_at, updated_at, source_name, source_sha256, environment, base_url, settings_json, state, total)
     VALUES (?, ?, 'u', ?, 'aa', 'sandbox', 'embedded', '{}', 'finished', ?)`,
  ).run(id, createdAt, `${id}.csv`, total);
}

/** An answer as versions 7 to 12 stored it (`complete()`'s statement), its row marked done. */
function storeAnswer(
  batchId: string,
  seq: number,
  result: InsightResult | null,
  json?: string,
): void {
  db.prepare(
    `INSERT OR REPLACE INTO lookups (batch_id, seq, looked_up_at, status, http_status, device_id, device_risk,
       score, alert_quantity, device_age, smart_id, insights, result_json, attempts, duration_ms)
     VALUES (?, ?, '2026-11-01T10:00:01.000Z', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, 5)`,
  ).run(
    batchId,
    seq,
    result ? 'ok' : 'no_content',
    result ? 200 : 204,
    result?.deviceID ?? null,
    result?.deviceRisk ?? null,
    result?.score ?? null,
    result?.alertQuantity ?? null,
    result?.deviceAge ?? null,
    result?.smartID ?? null,
    result ? result.insights.join(' ') : null,
    json ?? (result ? JSON.stringify(result) : null),
  );
  db.prepare(`UPDATE batch_rows SET state = 'done', status = ? WHERE batch_id = ? AND seq = ?`).run(
    result ? 'ok' : 'no_content',
    batchId,
    seq,
  );
}

/**
 * Rows as version 9 stored them, before 0010 (their requests whole in `request_json`): four
 * answered (one in odd case, one in the shape of the answers before 0007), a 204, an invalid row
 * and a pending one; an outcome, and an upload that carried it.
 */
function writeVersion9Rows(): void {
  addBatch('b9', '2026-11-01T10:00:00.000Z', 7);
  const row = db.prepare(
    `INSERT INTO batch_rows (batch_id, seq, source_row, external_id, session_id, cpf, request_json, problems_json, state, status, updated_at)
     VALUES ('b9', ?, ?, ?, ?, '52998224725', ?, ?, ?, ?, 'u')`,
  );
  const request = (seq: number) =>
    JSON.stringify({
      externalID: `order-${String(seq)}`,
      sessionID: `Sess-${String(seq)}-ABCDEFGHIJKLMNOP`,
    });
  for (const seq of [1, 2, 3, 6, 7])
    row.run(
      seq,
      seq + 1,
      `order-${String(seq)}`,
      `Sess-${String(seq)}-ABCDEFGHIJKLMNOP`,
      request(seq),
      null,
      'pending',
      null,
    );
  row.run(4, 5, 'bad', null, null, '[{"field":"cpf","rule":"check_digits"}]', 'done', 'invalid');
  row.run(5, 6, 'order-5', 'Sess-5-ABCDEFGHIJKLMNOP', request(5), null, 'pending', null);
  db.prepare(
    `INSERT INTO result_index (batch_id, seq, source_row, external_id, status)
     SELECT batch_id, seq, source_row, external_id, COALESCE(status, 'pending') FROM batch_rows`,
  ).run();
  storeAnswer('b9', 1, answer(1));
  storeAnswer('b9', 2, answer(2, { insights: ['dev0003', 'DEV0003', 'Ger0005'], score: 0.25 }));
  storeAnswer('b9', 3, null);
  storeAnswer(
    'b9',
    6,
    answer(6, { insights: ['GER0005'], score: 0.5 }),
    '{"deviceID":"dev-6","insights":["GER0005"],"score":0.5,"extra":{}}',
  );
  storeAnswer('b9', 7, answer(7, { insights: [], similarityResult: null, score: 1 }));
  db.prepare(
    `INSERT INTO outcomes (external_id, device_id, outcome, batch_id, set_at)
     VALUES ('order-1', 'dev-1', 'Fraude Confirmada', 'b9', '2026-11-02T00:00:00.000Z')`,
  ).run();
  db.prepare(
    `INSERT INTO uploads (id, created_at, file_name, kind, rows, sha256, environment, status, file)
     VALUES (1, '2026-11-02T01:00:00.000Z', 'r.csv', 'csv', 1, 'cc', 'sandbox', 'sent', x'41')`,
  ).run();
  db.prepare(
    `INSERT INTO upload_transactions (upload_id, external_id, device_id, outcome)
     VALUES (1, 'order-1', 'dev-1', 'Fraude Confirmada')`,
  ).run();
}

/**
 * Rows as version 12 stored them: requests rebuilt from their columns, an answer reused from b9,
 * and answers of odd shapes (a code with a space, a score of 1e-7, a similar device named for
 * another device).
 */
function writeVersion12Rows(): void {
  addBatch('b12', '2026-11-20T10:00:00.000Z', 7);
  const row = db.prepare(
    `INSERT INTO batch_rows (batch_id, seq, source_row, external_id, session_id, cpf, email, phone, zip_code,
       stored_request, phone_split, problems_json, notes_json, state, status, updated_at)
     VALUES ('b12', ?, ?, ?, ?, '52998224725', 'a@b.com.br', '5511987654321', '01310100', NULL, 22, NULL, ?, 'pending', NULL, 'u')`,
  );
  row.run(1, 2, 'order-1', 'Sess-1-ABCDEFGHIJKLMNOP', '["reused"]');
  // Row 7 is b9's order-2 in capitals: another transaction, as the service knows IDs.
  row.run(7, 8, 'ORDER-2', 'Sess-17-ABCDEFGHIJKLMNOP', null);
  for (const seq of [2, 3, 4, 5, 6])
    row.run(
      seq,
      seq + 1,
      `Order-${String(seq + 10)}`,
      `Sess-${String(seq + 10)}-ABCDEFGHIJKLMNOP`,
      null,
    );
  db.prepare(
    `INSERT INTO result_index (batch_id, seq, source_row, external_id, status, outcome)
     SELECT r.batch_id, r.seq, r.source_row, r.external_id, 'pending',
       CASE o.outcome WHEN 'Fraude Confirmada' THEN 1 END
     FROM batch_rows r LEFT JOIN outcomes o ON o.external_id = r.external_id WHERE r.batch_id = 'b12'`,
  ).run();
  // Reused as reuseRecentLookups copied it: every column of the newest answer.
  db.prepare(
    `INSERT INTO lookups (batch_id, seq, looked_up_at, status, http_status, error_code, device_id, device_risk, score,
       alert_quantity, device_age, smart_id, insights, result_json, messages_json, attempts, duration_ms)
     SELECT 'b12', 1, looked_up_at, status, http_status, error_code, device_id, device_risk, score,
       alert_quantity, device_age, smart_id, insights, result_json, messages_json, attempts, duration_ms
     FROM lookups WHERE batch_id = 'b9' AND seq = 1`,
  ).run();
  db.prepare(
    `UPDATE batch_rows SET state = 'done', status = 'ok' WHERE batch_id = 'b12' AND seq = 1`,
  ).run();
  storeAnswer('b12', 2, answer(12, { insights: ['Dev0003', 'GER0009'] }));
  storeAnswer('b12', 3, answer(13, { insights: ['GER 0001'] }));
  storeAnswer('b12', 4, answer(14, { score: 1e-7 }));
  storeAnswer(
    'b12',
    5,
    answer(15, {
      similarityResult: { deviceID: 'dev-other', maximumScore: [], similarDevices: [] },
    }),
  );
}

/** Every row of the per-row tables by batch ID and seq, as version 12 or 13 keeps them. */
function perRowTables(version: 12 | 13) {
  const from = (table: string) =>
    version === 12
      ? `${table} t JOIN batches b ON b.id = t.batch_id`
      : `${table} t JOIN batches b ON b.key = t.batch_key`;
  const codes = version === 12 ? 't.code' : '(SELECT code FROM insight_codes WHERE id = t.code_id)';
  const all = (sql: string) => db.prepare(sql).all();
  return {
    rows: all(
      `SELECT b.id, t.seq, t.source_row, t.external_id, t.session_id, t.cpf, t.email, t.phone, t.zip_code,
         t.request_json, t.problems_json, t.notes_json, t.state, t.status, t.updated_at
       FROM ${from('batch_rows')} ORDER BY 1, 2`,
    ),
    lookups: all(
      `SELECT b.id, t.seq, t.looked_up_at, t.status, t.http_status, t.error_code, t.device_id, t.device_risk,
         t.score, t.alert_quantity, t.device_age, t.smart_id, t.insights, t.result_json, t.messages_json,
         t.attempts, t.duration_ms, t.raw_answer
       FROM ${from('lookups')} ORDER BY 1, 2`,
    ),
    index: all(
      `SELECT b.id, t.seq, t.source_row, t.external_id, t.status, t.risk, t.score, t.alert_quantity,
         t.device_age, t.outcome
       FROM ${from('result_index')} ORDER BY 1, 2`,
    ),
    // Codes compare without case: one spelling stands for the others.
    codes: all(
      `SELECT b.id, t.seq, upper(${codes}) AS code FROM ${from('lookup_insights')} ORDER BY 1, 2, 3`,
    ),
    counts: all(
      `SELECT b.id, upper(${codes}) AS code, t.n FROM ${from('insight_counts')} ORDER BY 1, 2`,
    ),
  };
}

/** The tables 0013 leaves as they were (batches but for their new key). */
function otherTables() {
  const all = (sql: string) => db.prepare(sql).all() as Array<Record<string, unknown>>;
  return {
    batches: all('SELECT * FROM batches ORDER BY id').map(({ key: _key, ...batch }) => batch),
    outcomes: all('SELECT * FROM outcomes ORDER BY id'),
    uploads: all('SELECT * FROM uploads ORDER BY id'),
    sent: all('SELECT * FROM upload_transactions ORDER BY upload_id, external_id'),
  };
}

async function migratedHistory() {
  await upTo(9);
  writeVersion9Rows();
  await upTo(12);
  writeVersion12Rows();
  const before = { ...perRowTables(12), ...otherTables() };
  await upTo(compactAnswers.version);
  return before;
}

describe('migration 0013 (compact answers)', () => {
  it('moves every row, answer, code, count and outcome, each answer byte for byte', async () => {
    const before = await migratedHistory();
    expect({ ...perRowTables(13), ...otherTables() }).toEqual(before);
    // What the columns give back is not stored again; what they cannot is kept whole.
    expect(
      db
        .prepare(
          `SELECT b.id, l.seq FROM lookups l JOIN batches b ON b.key = l.batch_key
           WHERE l.stored_result IS NOT NULL ORDER BY 1, 2`,
        )
        .all(),
    ).toEqual([
      { id: 'b12', seq: 3 },
      { id: 'b12', seq: 4 },
      { id: 'b12', seq: 5 },
      { id: 'b9', seq: 6 },
    ]);
    // One code per spelling without case.
    expect(db.prepare('SELECT upper(code) FROM insight_codes ORDER BY 1').pluck().all()).toEqual([
      'DEV0003',
      'GER 0001',
      'GER0005',
      'GER0009',
    ]);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    // The indexes of the per-row tables, made again on the batch key.
    const indexes = db
      .prepare(
        `SELECT name FROM sqlite_schema WHERE type = 'index'
         AND tbl_name IN ('batch_rows', 'lookups', 'result_index', 'lookup_insights') ORDER BY 1`,
      )
      .pluck()
      .all();
    expect(indexes).toEqual([
      'batch_rows_cpf',
      'batch_rows_external_nocase',
      'batch_rows_pending',
      'batch_rows_session_nocase',
      'lookup_insights_code',
      'lookups_device_nocase',
      ...['age', 'alerts', 'chart', 'external', 'outcome', 'risk', 'row', 'score', 'status'].map(
        (name) => `result_index_${name}`,
      ),
    ]);
    // The primary keys are the tables: no second B-tree for them.
    expect(
      db
        .prepare("SELECT name FROM sqlite_schema WHERE name LIKE 'sqlite_autoindex_%' ORDER BY 1")
        .pluck()
        .all(),
    ).toEqual([
      'sqlite_autoindex_batches_1',
      'sqlite_autoindex_insight_codes_1',
      'sqlite_autoindex_outcomes_1',
      'sqlite_autoindex_settings_1',
    ]);
  });

  it('finds exact IDs through the NOCASE indexes, the only ones left on them', async () => {
    await upTo(compactAnswers.version);
    const plan = (sql: string) =>
      (
        db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all({ id: 'a', ids: '["a"]' }) as Array<{
          detail: string;
        }>
      )
        .map((step) => step.detail)
        .join('\n');
    const exact = [
      `SELECT seq FROM batch_rows WHERE ${sameId('external_id', '@id')}`,
      `SELECT seq FROM batch_rows WHERE ${idIn('external_id', '(SELECT value FROM json_each(@ids))')}`,
      `SELECT seq FROM lookups WHERE ${sameId('device_id', '@id')}`,
      `SELECT seq FROM lookups l, json_each(@ids) d WHERE ${sameId('l.device_id', 'd.value')}`,
    ].map(plan);
    expect(exact[0]).toContain('INDEX batch_rows_external_nocase');
    expect(exact[1]).toContain('INDEX batch_rows_external_nocase');
    expect(exact[2]).toContain('INDEX lookups_device_nocase');
    expect(exact[3]).toContain('INDEX lookups_device_nocase');
    for (const steps of exact) expect(steps).not.toMatch(/SCAN (batch_rows|lookups|l)\b/);
  });

  it('fails, changing nothing, when a row has no batch to take a key from', async () => {
    await upTo(12);
    addBatch('b12', '2026-11-20T10:00:00.000Z', 1);
    db.pragma('foreign_keys = OFF');
    db.prepare(
      `INSERT INTO batch_rows (batch_id, seq, source_row, state, updated_at)
       VALUES ('gone', 1, 2, 'pending', 'u')`,
    ).run();
    db.pragma('foreign_keys = ON');
    await expect(upTo(compactAnswers.version)).rejects.toThrow(
      /Migration 13 \(compact-answers\) failed: rows of batch_rows have no batch/,
    );
    expect(db.pragma('user_version', { simple: true })).toBe(12);
    expect(db.prepare('SELECT COUNT(*) FROM batch_rows').pluck().get()).toBe(1);
  });

  it('keeps the history working: answers, search, filters, charts, reuse, outcomes, report, purge', async () => {
    await migratedHistory();
    const rows = rowsRepo(db);
    const results = resultsRepo(db);
    // The pending row of b9 is answered now: indexed, its codes listed and counted.
    db.transaction(() =>
      rows.complete(
        'b9',
        [
          {
            seq: 5,
            status: 'ok',
            httpStatus: 200,
            errorCode: null,
            result: answer(5, { insights: ['ger0005', 'NEW0001'] }),
            messages: [],
            attempts: 1,
            durationMs: 3,
          },
        ],
        'now',
      ),
    )();
    expect(
      perRowTables(13).counts.filter((count) => (count as { id: string }).id === 'b9'),
    ).toEqual([
      { id: 'b9', code: 'DEV0003', n: 2 },
      { id: 'b9', code: 'GER0005', n: 4 },
      { id: 'b9', code: 'NEW0001', n: 1 },
    ]);
    // The insight filter compares without case, in either batch.
    const page = (batchId: string, insight: string) =>
      results
        .page({ batchId, filter: { insight }, sort: 'row', direction: 'asc', offset: 0, limit: 10 })
        .rows.map((row) => [row.seq, row.insights]);
    expect(page('b9', 'Dev0003')).toEqual([
      [1, ['DEV0003', 'GER0005']],
      [2, ['dev0003', 'DEV0003', 'Ger0005']],
    ]);
    expect(page('b12', 'dev0003')).toEqual([
      [1, ['DEV0003', 'GER0005']],
      [2, ['Dev0003', 'GER0009']],
      [4, ['DEV0003', 'GER0005']],
      [5, ['DEV0003', 'GER0005']],
    ]);
    expect(results.aggregates('b9', {}).topInsights).toEqual([
      { code: 'GER0005', count: 4 },
      { code: 'DEV0003', count: 2 },
      { code: 'NEW0001', count: 1 },
    ]);
    expect(results.aggregates('b9', { risks: ['high'] }).topInsights).toEqual(
      results.aggregates('b9', {}).topInsights,
    );
    expect(results.detail('b12', 2)?.result).toEqual(
      answer(12, { insights: ['Dev0003', 'GER0009'] }),
    );

    // Search by any ID in any case, newest batch first; a device's transactions.
    const search = searchRepo(db);
    expect(search.search('ORDER-1', 10).map((hit) => [hit.batchId, hit.seq])).toEqual([
      ['b12', 1],
      ['b9', 1],
    ]);
    expect(search.search('sess-2-abcdefghijklmnop', 10).map((hit) => hit.externalId)).toEqual([
      'order-2',
    ]);
    expect(search.device('dev-1').transactions.map((hit) => hit.batchId)).toEqual(['b12', 'b9']);
    expect(search.device('DEV-1').transactions).toEqual([]);
    expect(search.device('dev-12').similarDevices.map((device) => device.deviceId)).toEqual([
      'dev-x',
      'dev-y',
    ]);

    // A new batch reuses b12's answers, their JSON whole or compact, as they were.
    const next = createBatch(
      db,
      {
        sourceName: 'again.csv',
        sourceSha256: 'dd',
        environment: 'sandbox',
        baseUrl: 'embedded',
        rows: [12, 13, 14].map((n) => ({
          row: n,
          raw: { externalID: `Order-${String(n)}`, sessionID: 'x'.repeat(24) },
          notes: [],
        })),
        skipLookedUpWithinDays: 30,
      },
      new Date('2026-11-21T00:00:00.000Z'),
    );
    const reused = [...rows.iterate(next.id)].map((row) => row.result);
    const original = [...rows.iterate('b12')].slice(1, 4).map((row) => row.result);
    expect(reused).toEqual(original);
    // Its key follows the keys the migration gave (their rowids).
    expect(db.prepare('SELECT key FROM batches WHERE id = ?').pluck().get(next.id)).toBe(3);

    // Outcomes still rank the rows of their transaction, exactly, whichever batch holds them.
    const review = reviewService(db);
    expect(review.set([{ batchId: 'b12', seq: 2 }], 'Suspeito')).toMatchObject({ changed: 1 });
    const outcomeOf = db.prepare(
      `SELECT ri.outcome FROM result_index ri JOIN batches b ON b.key = ri.batch_key WHERE b.id = ? AND ri.seq = ?`,
    );
    expect(outcomeOf.pluck().get('b12', 2)).toBe(0);
    expect(outcomeOf.pluck().get('b9', 1)).toBe(1);
    // An outcome, a count of recent answers, a transaction's place in the history: the exact ID.
    expect(review.set([{ batchId: 'b9', seq: 2 }], 'Device Positivado')).toMatchObject({
      changed: 1,
    });
    expect([outcomeOf.pluck().get('b9', 2), outcomeOf.pluck().get('b12', 7)]).toEqual([2, null]);
    const recent = (ids: string[]) =>
      countRecentlyLookedUp(db, ids, 30, new Date('2026-11-21T00:00:00.000Z'));
    expect([recent(['order-2']), recent(['ORDER-2', 'Order-1'])]).toEqual([1, 0]);
    const known = (id: string) => outcomesRepo(db).known(id, 'sandbox');
    expect(known('ORDER-2')).toEqual({ device: null, seen: true, current: null });
    expect(known('Order-2')).toEqual({ device: null, seen: false, current: null });
    expect(
      uploadsRepo(db)
        .list()
        .map((upload) => upload.id),
    ).toEqual([1]);
    expect(reportService(db).view({ suspeito: 'fraud', unreviewed: 'legit' }, 'sandbox').ok).toBe(
      true,
    );

    // The purge takes b9's rows and the codes only it held.
    expect(purgeOlderThan(db, 10, new Date('2026-11-21T00:00:00.000Z'))).toEqual({
      batches: 1,
      rows: 7,
    });
    expect(db.prepare('SELECT upper(code) FROM insight_codes ORDER BY 1').pluck().all()).toEqual([
      'DEV0003',
      'GER 0001',
      'GER0005',
      'GER0009',
    ]);
    expect(db.pragma('foreign_key_check')).toEqual([]);
  });
});
