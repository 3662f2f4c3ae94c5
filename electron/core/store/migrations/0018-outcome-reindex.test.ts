import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sourceRows } from '../../../../tests/support/bulk';
import { createBatch } from '../../bulk/batch';
import { migrate } from '../migrate';
import { migrations } from './index';
import { outcomesPerEnvironment } from './0020-outcomes-per-environment';

let dir = '';
let db: Database.Database;
beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-0018-'));
  db = new Database(path.join(dir, 'history.sqlite3'));
  db.pragma('foreign_keys = ON');
  // As 0019 left it: 0020 keys outcomes by environment too (see its test).
  await migrate(
    db,
    migrations.filter((migration) => migration.version < outcomesPerEnvironment.version),
    () => path.join(dir, 'backup.sqlite3'),
  );
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Two batches whose first row carries the same transaction id (`PED-1`, row 1 of each). */
function twoBatches(): void {
  for (const name of ['a.csv', 'b.csv'])
    createBatch(db, {
      sourceName: name,
      sourceSha256: 'e'.repeat(64),
      environment: 'sandbox',
      baseUrl: 'embedded',
      rows: sourceRows(3),
    });
}

/** The outcome rank of every index entry, by batch and row. */
const ranks = () =>
  db.prepare('SELECT batch_key, seq, external_id, outcome FROM result_index ORDER BY 1, 2').all();

/** Rows written by `sql`, its triggers' included (SQLite's total_changes). */
function written(sql: string): number {
  const before = db.prepare('SELECT total_changes()').pluck().get() as number;
  db.prepare(sql).run();
  return (db.prepare('SELECT total_changes()').pluck().get() as number) - before;
}

describe('migration 0018 (an outcome changed rewrites its index entries once)', () => {
  it('writes each entry once when the outcome changes, and not at all when only the device does', () => {
    twoBatches();
    const id = db
      .prepare('SELECT external_id FROM batch_rows WHERE seq = 1')
      .pluck()
      .get() as string;
    db.prepare(
      `INSERT INTO outcomes (external_id, device_id, outcome, batch_id, set_at)
       VALUES (?, 'dev-1', 'Suspeito', NULL, 'now')`,
    ).run(id);
    // The outcome row and its two index entries (one per batch): each once, never NULL first.
    expect(written(`UPDATE outcomes SET outcome = 'Fraude Confirmada'`)).toBe(3);
    expect(written(`UPDATE outcomes SET device_id = 'dev-2', outcome = outcome`)).toBe(1);
    const rows = ranks() as Array<{ external_id: string; outcome: number | null }>;
    expect(rows.filter((row) => row.external_id === id).map((row) => row.outcome)).toEqual([1, 1]);
    expect(rows.filter((row) => row.external_id !== id).every((row) => row.outcome === null)).toBe(
      true,
    );
  });

  it('moves the index entries when an outcome moves to another transaction id', () => {
    twoBatches();
    const [first, second] = db
      .prepare('SELECT DISTINCT external_id FROM batch_rows ORDER BY seq LIMIT 2')
      .pluck()
      .all() as [string, string];
    db.prepare(
      `INSERT INTO outcomes (external_id, device_id, outcome, batch_id, set_at)
       VALUES (?, 'dev-1', 'Device Positivado', NULL, 'now')`,
    ).run(first);
    db.prepare('UPDATE outcomes SET external_id = ?').run(second);
    const rows = ranks() as Array<{ external_id: string; outcome: number | null }>;
    expect(rows.filter((row) => row.external_id === first).map((row) => row.outcome)).toEqual([
      null,
      null,
    ]);
    expect(rows.filter((row) => row.external_id === second).map((row) => row.outcome)).toEqual([
      2, 2,
    ]);
  });
});
