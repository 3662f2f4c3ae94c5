import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleTransaction } from '../../../../tests/support/transactions';
import { createBatch, prepareRow } from '../../bulk/batch';
import { migrate } from '../migrate';
import { rowsRepo, type PreparedRow } from '../rows.repo';
import { compactRows } from './0010-compact-rows';
import { migrations } from './index';

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-0010-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function historyAt(version: number): Promise<Database.Database> {
  const db = new Database(path.join(dir, 'history.sqlite3'));
  db.pragma('foreign_keys = ON');
  await migrate(
    db,
    migrations.filter((migration) => migration.version <= version),
    () => path.join(dir, `before-${String(version)}.sqlite3`),
  );
  return db;
}

/** Today's repositories write today's schema: the tests of new rows run at the newest version. */
const latest = migrations.at(-1)?.version ?? compactRows.version;

function addBatch(db: Database.Database, id: string, total: number): void {
  db.prepare(
    `INSERT INTO batches (id, created_at, updated_at, source_name, source_sha256, environment, base_url, settings_json, state, total)
     VALUES (?, '2026-11-01T10:00:00.000Z', 'u', 'p.csv', 'aa', 'sandbox', 'embedded', '{}', 'ready', ?)`,
  ).run(id, total);
}

const prepared = (n: number, extra = {}): PreparedRow => {
  const { phone, ...transaction } = sampleTransaction(n, extra);
  const raw = phone
    ? { ...transaction, phone: `+${phone.countryCode} ${phone.cityCode} ${phone.number}` }
    : transaction;
  return prepareRow({ row: n + 2, raw, notes: [] });
};

/** Pages of the history that hold a table or index, in bytes (SQLite's dbstat). */
function bytesOf(db: Database.Database, names: string[]): number {
  const rows = db
    .prepare(`SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name`)
    .all() as Array<{ name: string; bytes: number }>;
  return rows
    .filter((row) => names.includes(row.name))
    .reduce((total, row) => total + row.bytes, 0);
}

describe('migration 0010 (compact rows)', () => {
  it('keeps the requests of rows stored before it, byte for byte', async () => {
    const db = await historyAt(compactRows.version - 1);
    addBatch(db, 'b9', 2);
    const request = JSON.stringify(sampleTransaction(1));
    db.prepare(
      `INSERT INTO batch_rows (batch_id, seq, source_row, external_id, session_id, request_json, state, updated_at)
       VALUES ('b9', 1, 2, 'order-000001', 'session-x', ?, 'pending', 'u')`,
    ).run(request);
    db.prepare(
      `INSERT INTO batch_rows (batch_id, seq, source_row, external_id, problems_json, state, status, updated_at)
       VALUES ('b9', 2, 3, 'bad', '[]', 'done', 'invalid', 'u')`,
    ).run();
    // Up to this migration only, so later ones do not change what this test is about.
    const upToThis = migrations.filter((migration) => migration.version <= compactRows.version);
    await migrate(db, upToThis, () => path.join(dir, 'before-10.sqlite3'));
    expect(db.pragma('user_version', { simple: true })).toBe(compactRows.version);
    expect(db.prepare(`SELECT seq, request_json FROM batch_rows ORDER BY seq`).all()).toEqual([
      { seq: 1, request_json: request },
      { seq: 2, request_json: null },
    ]);
    await migrate(db, migrations, () => path.join(dir, 'before-latest.sqlite3'));
    expect(rowsRepo(db).claim('b9', 10, 'now')).toEqual([
      { seq: 1, request: sampleTransaction(1) },
    ]);
    db.close();
  });

  it('gives back every new request as it was validated, without storing it again', async () => {
    const db = await historyAt(latest);
    addBatch(db, 'b10', 5);
    const rows = [
      prepared(1),
      prepared(2, { phone: undefined, email: undefined, cpf: undefined }),
      prepared(3, { phone: { countryCode: '1', cityCode: '212', number: '5550100' } }),
      prepared(4, { sessionID: '' }),
      prepared(5, { zipCode: undefined }),
    ];
    expect(rows[3]?.request).toBeNull();
    db.transaction(() => rowsRepo(db).insert('b10', rows, 'now'))();
    const claimed = rowsRepo(db).claim('b10', 10, 'now');
    expect(claimed).toEqual(
      rows.flatMap((row, index) => (row.request ? [{ seq: index + 1, request: row.request }] : [])),
    );
    // Rebuilt from the columns: none of them keeps its JSON.
    expect(
      db.prepare(`SELECT COUNT(*) AS n FROM batch_rows WHERE stored_request IS NOT NULL`).get(),
    ).toEqual({ n: 0 });
    db.close();
  });

  it('keeps the JSON of a request its columns cannot give back', async () => {
    const db = await historyAt(latest);
    addBatch(db, 'b10', 1);
    const row = prepared(7);
    const request = {
      ...sampleTransaction(7),
      phone: { countryCode: '55', cityCode: '1234567890', number: '1' },
    };
    db.transaction(() =>
      rowsRepo(db).insert('b10', [{ ...row, phone: '5512345678901', request }], 'now'),
    )();
    expect(rowsRepo(db).claim('b10', 1, 'now')).toEqual([{ seq: 1, request }]);
    db.close();
  });

  it('stores a row in well under half the bytes it took, and finds pending rows by index', async () => {
    const db = await historyAt(latest);
    const size = 2000;
    const batch = createBatch(db, {
      sourceName: 'p.csv',
      sourceSha256: 'a'.repeat(64),
      environment: 'sandbox',
      baseUrl: 'embedded',
      rows: Array.from({ length: size }, (_, n) => ({
        row: n + 2,
        raw: { ...sampleTransaction(n), phone: '+55 11 98765-4321' },
        notes: [],
      })),
    });
    // Every B-tree of the rows, as this migration left them and as 0013 made them.
    const names = [
      'batch_rows',
      'sqlite_autoindex_batch_rows_1',
      'batch_rows_pending',
      'batch_rows_external',
      'batch_rows_external_nocase',
      'batch_rows_session',
      'batch_rows_session_nocase',
      'batch_rows_cpf',
    ];
    // Version 9 stored these rows in about 590 bytes each, the request twice over.
    expect(bytesOf(db, names) / size).toBeLessThan(400);
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT seq, request_json FROM batch_rows INDEXED BY batch_rows_pending
         WHERE batch_key = (SELECT key FROM batches WHERE id = ?) AND state = 'pending' ORDER BY seq LIMIT ?`,
      )
      .all(batch.id, 10) as Array<{ detail: string }>;
    expect(plan.map((step) => step.detail).join(' ')).toMatch(/USING INDEX batch_rows_pending/);
    db.close();
  });
});
