import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../migrate';
import { initial } from './0001-initial';

function migrated() {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  return { db, report: migrate(db, [initial], () => ':memory:') };
}

describe('migration 0001 (initial)', () => {
  it('creates the schema, takes real rows and enforces its constraints', async () => {
    const { db, report } = migrated();
    expect(await report).toEqual({ from: 0, to: 1, backupPath: null });
    db.prepare(
      `INSERT INTO batches (id, created_at, updated_at, source_name, source_sha256, environment, base_url, settings_json, state, total)
      VALUES ('b1', '2026-11-21T00:00:00Z', '2026-11-21T00:00:00Z', 'f.csv', 'aa', 'sandbox', 'http://127.0.0.1', '{}', 'ready', 1)`,
    ).run();
    db.prepare(
      `INSERT INTO batch_rows (batch_id, seq, source_row, external_id, cpf, state, status, updated_at)
      VALUES ('b1', 1, 2, 'order-1', '52998224725', 'done', 'ok', 'now')`,
    ).run();
    db.prepare(
      `INSERT INTO lookups (batch_id, seq, looked_up_at, status, http_status, device_id, score, attempts)
      VALUES ('b1', 1, 'now', 'ok', 200, 'dev-1', 0.5, 1)`,
    ).run();

    expect(
      db
        .prepare(
          'SELECT device_id FROM lookups l JOIN batch_rows r USING (batch_id, seq) WHERE r.cpf = ?',
        )
        .pluck()
        .get('52998224725'),
    ).toBe('dev-1');
    // A done row must have a status, and a status a done row.
    expect(() =>
      db
        .prepare(
          `INSERT INTO batch_rows (batch_id, seq, source_row, state, status, updated_at) VALUES ('b1', 2, 3, 'pending', 'ok', 'now')`,
        )
        .run(),
    ).toThrow(/CHECK/);
    // A result needs its row; an unknown environment or outcome is refused.
    expect(() =>
      db
        .prepare(
          `INSERT INTO lookups (batch_id, seq, looked_up_at, status, attempts) VALUES ('b1', 9, 'now', 'ok', 1)`,
        )
        .run(),
    ).toThrow(/FOREIGN KEY/);
    expect(() => db.prepare(`UPDATE batches SET environment = 'staging'`).run()).toThrow(/CHECK/);
    expect(() =>
      db
        .prepare(
          `INSERT INTO outcomes (external_id, outcome, set_at) VALUES ('order-1', 'Fraude', 'now')`,
        )
        .run(),
    ).toThrow(/CHECK/);

    db.prepare(`DELETE FROM batches WHERE id = 'b1'`).run();
    expect(db.prepare('SELECT COUNT(*) FROM lookups').pluck().get()).toBe(0);
    expect(db.pragma('user_version', { simple: true })).toBe(1);
  });
});
