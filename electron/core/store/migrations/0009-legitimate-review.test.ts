import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reviewService } from '../../review/review-service';
import { migrate } from '../migrate';
import { migrations } from './index';
import { legitimateReview } from './0009-legitimate-review';

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-0009-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A sandbox batch of three answered rows as version 8 left it; the first has an outcome. */
function writeVersion8Rows(db: Database.Database): void {
  db.prepare(
    `INSERT INTO batches (id, created_at, updated_at, source_name, source_sha256, environment, base_url, settings_json, state, total)
     VALUES ('b1', '2026-11-01T10:00:00.000Z', 'u', 'v8.csv', 'aa', 'sandbox', 'embedded', '{}', 'finished', 3)`,
  ).run();
  for (const seq of [1, 2, 3]) {
    db.prepare(
      `INSERT INTO batch_rows (batch_id, seq, source_row, external_id, state, status, updated_at)
       VALUES ('b1', ?, ?, ?, 'done', 'ok', 'u')`,
    ).run(seq, seq + 1, `order-${String(seq)}`);
    db.prepare(
      `INSERT INTO result_index (batch_id, seq, source_row, external_id, status)
       VALUES ('b1', ?, ?, ?, 'ok')`,
    ).run(seq, seq + 1, `order-${String(seq)}`);
    db.prepare(
      `INSERT INTO lookups (batch_id, seq, looked_up_at, status, device_id, attempts, score, device_risk, result_json)
       VALUES ('b1', ?, '2026-11-01T10:00:01.000Z', 'ok', ?, 1, ?, 'high', '{"insights":["EMULATOR"]}')`,
    ).run(seq, `dev-${String(seq)}`, seq / 10);
  }
  db.prepare(
    `INSERT INTO outcomes (external_id, device_id, outcome, batch_id, set_at)
     VALUES ('order-1', 'dev-1', 'Fraude Confirmada', 'b1', '2026-11-02T00:00:00.000Z')`,
  ).run();
}

const indexRows = (db: Database.Database) =>
  db.prepare('SELECT seq, risk, score, outcome FROM result_index ORDER BY seq').all();

describe('migration 0009 (legitimate review)', () => {
  it('keeps every outcome and index entry, and accepts Legítima everywhere but in files', async () => {
    const db = new Database(path.join(dir, 'history.sqlite3'));
    db.pragma('foreign_keys = ON');
    await migrate(
      db,
      migrations.filter((migration) => migration.version < legitimateReview.version),
      () => '',
    );
    writeVersion8Rows(db);
    // Before: neither table takes the new state.
    expect(() =>
      db
        .prepare(
          "INSERT INTO outcomes (external_id, device_id, outcome, set_at) VALUES ('x', 'd', 'Legítima', 'now')",
        )
        .run(),
    ).toThrow(/CHECK constraint failed/);
    expect(() => db.prepare('UPDATE result_index SET outcome = 3 WHERE seq = 2').run()).toThrow(
      /CHECK constraint failed/,
    );
    const outcomesBefore = db.prepare('SELECT * FROM outcomes').all();
    const indexBefore = indexRows(db);
    expect(indexBefore).toEqual([
      { seq: 1, risk: 3, score: 0.1, outcome: 1 },
      { seq: 2, risk: 3, score: 0.2, outcome: null },
      { seq: 3, risk: 3, score: 0.3, outcome: null },
    ]);

    const backup = path.join(dir, 'before.sqlite3');
    // Up to this migration only, so later ones do not change what this test is about.
    const upToThis = migrations.filter(
      (migration) => migration.version <= legitimateReview.version,
    );
    expect(await migrate(db, upToThis, () => backup)).toEqual({
      from: 8,
      to: legitimateReview.version,
      backupPath: backup,
    });
    expect(db.prepare('SELECT * FROM outcomes').all()).toEqual(outcomesBefore);
    expect(indexRows(db)).toEqual(indexBefore);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(db.pragma('legacy_alter_table', { simple: true })).toBe(0);

    // The outcomes table takes Legítima; the index trigger ranks it 3 (key 4 of the queue).
    const put = db.prepare(
      `INSERT INTO outcomes (external_id, device_id, outcome, batch_id, set_at)
       VALUES (?, ?, ?, 'b1', '2026-11-03T00:00:00.000Z')`,
    );
    put.run('order-2', 'dev-2', 'Legítima');
    put.run('order-3', 'dev-3', 'Suspeito');
    expect(indexRows(db)).toEqual([
      { seq: 1, risk: 3, score: 0.1, outcome: 1 },
      { seq: 2, risk: 3, score: 0.2, outcome: 3 },
      { seq: 3, risk: 3, score: 0.3, outcome: 0 },
    ]);
    // The triggers of batch_rows and lookups still write the rebuilt index.
    db.prepare("UPDATE lookups SET score = 0.9, device_risk = 'low' WHERE seq = 2").run();
    db.prepare(
      "INSERT OR REPLACE INTO lookups (batch_id, seq, looked_up_at, status, device_id, attempts, score, device_risk) VALUES ('b1', 2, 't', 'ok', 'dev-2', 1, 0.9, 'low')",
    ).run();
    expect(indexRows(db)[1]).toEqual({ seq: 2, risk: 1, score: 0.9, outcome: 3 });
    db.prepare("UPDATE batch_rows SET status = 'failed' WHERE seq = 3").run();
    expect(db.prepare('SELECT status FROM result_index WHERE seq = 3').get()).toEqual({
      status: 'failed',
    });

    // Today's review service reads today's schema: the later migrations first.
    await migrate(db, migrations, () => path.join(dir, 'before-latest.sqlite3'));
    const review = reviewService(db);
    // The review service stores Legítima, ranked 3 as the trigger ranks it.
    expect(review.set([{ batchId: 'b1', seq: 2 }], 'Suspeito')).toMatchObject({
      value: { changed: 1 },
    });
    expect(review.set([{ batchId: 'b1', seq: 2 }], 'Legítima')).toMatchObject({
      value: { changed: 1 },
    });
    expect(indexRows(db)[1]).toEqual({ seq: 2, risk: 1, score: 0.9, outcome: 3 });
    // A response-variable file never carries it, nor counts it as unsent.
    expect(
      (await review.fileRows('sandbox', { scope: 'all' })).map((row) => [
        row.transactionId,
        row.outcome,
      ]),
    ).toEqual([
      ['order-1', 'Fraude Confirmada'],
      ['order-3', 'Suspeito'],
    ]);
    expect(await review.fileRows('sandbox', { batchId: 'b1', scope: 'unsent' })).toHaveLength(2);
    expect(review.summary('sandbox')).toMatchObject({ total: 2, unsent: 2 });
    // The ledger keeps refusing it: a last guard against sending it.
    db.prepare(
      `INSERT INTO uploads (id, created_at, file_name, kind, rows, sha256, environment, status, file)
       VALUES (1, 'now', 'f.csv', 'csv', 1, 'bb', 'sandbox', 'sent', x'00')`,
    ).run();
    expect(() =>
      db
        .prepare(
          "INSERT INTO upload_transactions (upload_id, external_id, device_id, outcome) VALUES (1, 'order-2', 'dev-2', 'Legítima')",
        )
        .run(),
    ).toThrow(/CHECK constraint failed/);
    // Clearing it clears its index entry.
    expect(review.set([{ batchId: 'b1', seq: 2 }], null)).toMatchObject({ value: { changed: 1 } });
    expect(indexRows(db)[1]).toMatchObject({ outcome: null });
    db.close();
  });
});
