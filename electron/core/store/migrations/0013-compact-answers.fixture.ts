import type Database from 'better-sqlite3';
import type { InsightResult } from '../../../../shared/domain/types';

// Histories as versions 9 and 12 wrote them, and how to read them, for the test of migration 0013.

type Db = Database.Database;

/** An answer of the sandbox's shape for device `n`, with `fields` changed. */
export function answer(n: number, fields: Partial<InsightResult> = {}): InsightResult {
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

export function addBatch(db: Db, id: string, createdAt: string, total: number): void {
  db.prepare(
    `INSERT INTO batches (id, created_at, updated_at, source_name, source_sha256, environment, base_url, settings_json, state, total)
     VALUES (?, ?, 'u', ?, 'aa', 'sandbox', 'embedded', '{}', 'finished', ?)`,
  ).run(id, createdAt, `${id}.csv`, total);
}

/** An answer as versions 7 to 12 stored it (`complete()`'s statement), its row marked done. */
function storeAnswer(
  db: Db,
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
export function writeVersion9Rows(db: Db): void {
  addBatch(db, 'b9', '2026-11-01T10:00:00.000Z', 7);
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
  storeAnswer(db, 'b9', 1, answer(1));
  storeAnswer(db, 'b9', 2, answer(2, { insights: ['dev0003', 'DEV0003', 'Ger0005'], score: 0.25 }));
  storeAnswer(db, 'b9', 3, null);
  storeAnswer(
    db,
    'b9',
    6,
    answer(6, { insights: ['GER0005'], score: 0.5 }),
    '{"deviceID":"dev-6","insights":["GER0005"],"score":0.5,"extra":{}}',
  );
  storeAnswer(db, 'b9', 7, answer(7, { insights: [], similarityResult: null, score: 1 }));
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
export function writeVersion12Rows(db: Db): void {
  addBatch(db, 'b12', '2026-11-20T10:00:00.000Z', 7);
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
  storeAnswer(db, 'b12', 2, answer(12, { insights: ['Dev0003', 'GER0009'] }));
  storeAnswer(db, 'b12', 3, answer(13, { insights: ['GER 0001'] }));
  storeAnswer(db, 'b12', 4, answer(14, { score: 1e-7 }));
  storeAnswer(
    db,
    'b12',
    5,
    answer(15, {
      similarityResult: { deviceID: 'dev-other', maximumScore: [], similarDevices: [] },
    }),
  );
}

/** Every row of the per-row tables by batch ID and seq, as version 12 or 13 keeps them. */
export function perRowTables(db: Db, version: 12 | 13) {
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
export function otherTables(db: Db) {
  const all = (sql: string) => db.prepare(sql).all() as Array<Record<string, unknown>>;
  return {
    batches: all('SELECT * FROM batches ORDER BY id').map(({ key: _key, ...batch }) => batch),
    outcomes: all('SELECT * FROM outcomes ORDER BY id'),
    uploads: all('SELECT * FROM uploads ORDER BY id'),
    sent: all('SELECT * FROM upload_transactions ORDER BY upload_id, external_id'),
  };
}
