import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBatch } from '../../bulk/batch';
import { migrate } from '../migrate';
import { initial } from './0001-initial';
import { settings } from './0002-settings';
import { resultIndex } from './0003-result-index';
import { outcomesUploads } from './0004-outcomes-uploads';
import { migrations } from './index';

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-0004-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A history as version 3 of the app left it: one batch of three rows (two share a transaction id,
 * one is answered), an outcome for that id and for an id no row carries, and one upload.
 */
function writeVersion3Rows(db: Database.Database): void {
  db.prepare(
    `INSERT INTO batches (id, created_at, updated_at, source_name, source_sha256, environment, base_url, settings_json, state, total)
     VALUES ('b1', '2026-11-01T10:00:00.000Z', 'u', 'v3.csv', 'aa', 'sandbox', 'embedded', '{}', 'finished', 3)`,
  ).run();
  const row = db.prepare(
    `INSERT INTO batch_rows (batch_id, seq, source_row, external_id, state, status, updated_at)
     VALUES ('b1', ?, ?, ?, 'done', ?, 'u')`,
  );
  row.run(1, 2, 'order-1', 'ok');
  row.run(2, 3, 'order-1', 'no_content');
  row.run(3, 4, 'order-2', 'ok');
  db.prepare(
    `INSERT INTO result_index (batch_id, seq, source_row, external_id, status)
     SELECT batch_id, seq, source_row, external_id, status FROM batch_rows`,
  ).run();
  db.prepare(
    `INSERT INTO outcomes (external_id, device_id, outcome, batch_id, set_at) VALUES
     ('order-1', 'dev-aaaaaaaaaaaaaaaaaaaa', 'Fraude Confirmada', 'b1', '2026-11-02T00:00:00.000Z'),
     ('order-elsewhere', 'dev-bbbbbbbbbbbbbbbbbbbb', 'Suspeito', NULL, '2026-11-02T00:00:00.000Z')`,
  ).run();
  db.prepare(
    `INSERT INTO uploads (created_at, file_name, kind, rows, sha256, environment, status, http_status, answer_json, file)
     VALUES ('2026-11-03T00:00:00.000Z', 'v.csv', 'csv', 1, 'ff', 'test', 'sent', 200, '{"rows":1}', X'4142')`,
  ).run();
}

const outcomeOf = (db: Database.Database) =>
  db.prepare('SELECT seq, outcome FROM result_index ORDER BY batch_id, seq').all();

describe('migration 0004 (outcomes and uploads)', () => {
  it('ranks the outcomes of a version-3 history, adds the ledger columns, then keeps them in step', async () => {
    const db = new Database(path.join(dir, 'history.sqlite3'));
    db.pragma('foreign_keys = ON');
    await migrate(db, [initial, settings, resultIndex], () => '');
    writeVersion3Rows(db);

    const backup = path.join(dir, 'before.sqlite3');
    expect(
      await migrate(db, [initial, settings, resultIndex, outcomesUploads], () => backup),
    ).toEqual({ from: 3, to: 4, backupPath: backup });
    // Both rows of order-1 carry its outcome (rank 1, Fraude Confirmada); order-2 has none.
    expect(outcomeOf(db)).toEqual([
      { seq: 1, outcome: 1 },
      { seq: 2, outcome: 1 },
      { seq: 3, outcome: null },
    ]);
    expect(db.prepare('SELECT resent_from, messages_json, status FROM uploads').get()).toEqual({
      resent_from: null,
      messages_json: null,
      status: 'sent',
    });

    // Setting, changing and clearing outcomes moves the rank of every row with that id.
    db.prepare(
      "INSERT INTO outcomes (external_id, device_id, outcome, set_at) VALUES ('order-2', 'dev-c', 'Device Positivado', 'now')",
    ).run();
    db.prepare("UPDATE outcomes SET outcome = 'Suspeito' WHERE external_id = 'order-1'").run();
    expect(outcomeOf(db)).toEqual([
      { seq: 1, outcome: 0 },
      { seq: 2, outcome: 0 },
      { seq: 3, outcome: 2 },
    ]);
    db.prepare("DELETE FROM outcomes WHERE external_id = 'order-1'").run();
    expect(outcomeOf(db).map((entry) => (entry as { outcome: unknown }).outcome)).toEqual([
      null,
      null,
      2,
    ]);

    // A batch stored later (by an app at the newest schema) takes no outcome before its answers:
    // since 0022 a row shows its transaction's outcome only when its answer named the reviewed
    // device. order-elsewhere's outcome had no batch, so no environment: since 0020 an outcome is
    // of one environment, and one no batch carries is gone.
    await migrate(db, migrations, () => path.join(dir, 'before-newest.sqlite3'));
    const later = createBatch(db, {
      sourceName: 'v4.csv',
      sourceSha256: 'b'.repeat(64),
      environment: 'sandbox',
      baseUrl: 'embedded',
      rows: [
        { row: 2, raw: { externalID: 'order-2', sessionID: 'x'.repeat(24) }, notes: [] },
        { row: 3, raw: { externalID: 'order-elsewhere', sessionID: 'y'.repeat(24) }, notes: [] },
      ],
    });
    const entries = db.prepare(
      'SELECT seq, outcome FROM result_index WHERE batch_key = (SELECT key FROM batches WHERE id = ?) ORDER BY seq',
    );
    expect(entries.all(later.id)).toEqual([
      { seq: 1, outcome: null },
      { seq: 2, outcome: null },
    ]);

    // The ledger: a re-send points at its original, rows belong to their upload.
    db.prepare(
      `INSERT INTO uploads (created_at, file_name, kind, rows, sha256, environment, status, file, resent_from, messages_json)
       VALUES ('2026-11-04T00:00:00.000Z', 'v.csv', 'csv', 1, 'ff', 'test', 'refused', X'4142', 1, '["Line 2: bad"]')`,
    ).run();
    const transaction = db.prepare(
      'INSERT INTO upload_transactions (upload_id, external_id, device_id, outcome) VALUES (?, ?, ?, ?)',
    );
    transaction.run(1, 'order-2', 'dev-c', 'Device Positivado');
    transaction.run(2, 'order-2', 'dev-c', 'Device Positivado');
    expect(() => transaction.run(2, 'order-2', 'dev-d', 'Suspeito')).toThrow(/UNIQUE/);
    expect(() => transaction.run(2, 'order-3', 'dev-d', 'Fraude')).toThrow(/CHECK/);
    expect(() => transaction.run(9, 'order-3', 'dev-d', 'Suspeito')).toThrow(/FOREIGN KEY/);
    expect(() => db.prepare("UPDATE uploads SET messages_json = 'not json'").run()).toThrow(
      /CHECK/,
    );
    // The purge removes the original: the re-send stays, without its link; rows go with uploads.
    db.prepare('DELETE FROM uploads WHERE id = 1').run();
    expect(db.prepare('SELECT id, resent_from FROM uploads').all()).toEqual([
      { id: 2, resent_from: null },
    ]);
    expect(db.prepare('SELECT upload_id FROM upload_transactions').pluck().all()).toEqual([2]);
    db.close();
  });
});
