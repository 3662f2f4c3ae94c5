import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sourceRows } from '../../../../tests/support/bulk';
import { createBatch } from '../../bulk/batch';
import type { EnvironmentName } from '../../../../shared/environment';
import { migrate } from '../migrate';
import { migrations } from './index';
import { outcomesPerEnvironment } from './0020-outcomes-per-environment';

/** Up to this migration: 0022 then ranks only rows whose answer named the outcome's device. */
const upTo20 = migrations.filter(
  (migration) => migration.version <= outcomesPerEnvironment.version,
);

let dir = '';
let db: Database.Database;
beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-0020-'));
  db = new Database(path.join(dir, 'history.sqlite3'));
  db.pragma('foreign_keys = ON');
  await migrate(
    db,
    migrations.filter((migration) => migration.version < outcomesPerEnvironment.version),
    () => '',
  );
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A batch of `n` rows (the same transaction ids in every batch) for `environment`; its id. */
function batchOf(environment: EnvironmentName, n: number): string {
  return createBatch(db, {
    sourceName: `${environment}.csv`,
    sourceSha256: 'e'.repeat(64),
    environment,
    baseUrl: 'embedded',
    rows: sourceRows(n),
  }).id;
}

const idAt = (seq: number) =>
  db.prepare('SELECT external_id FROM batch_rows WHERE seq = ? LIMIT 1').pluck().get(seq) as string;

/** The outcome rank of each index entry, as `environment:seq`. */
function ranks(): Record<string, number | null> {
  const rows = db
    .prepare(
      `SELECT b.environment, ri.seq, ri.outcome FROM result_index ri
       JOIN batches b ON b.key = ri.batch_key ORDER BY 1, 2`,
    )
    .all() as Array<{ environment: string; seq: number; outcome: number | null }>;
  return Object.fromEntries(rows.map((row) => [`${row.environment}:${row.seq}`, row.outcome]));
}

const insert = (values: {
  id: string;
  outcome: string;
  batchId: string | null;
  environment: string | null;
}) =>
  db
    .prepare(
      `INSERT INTO outcomes (external_id, device_id, outcome, batch_id, set_at, environment)
       VALUES (@id, 'dev', @outcome, @batchId, '2026-11-01T00:00:00.000Z', @environment)`,
    )
    .run(values);

describe('migration 0020 (outcomes per environment)', () => {
  it("keeps each outcome in its environment and ranks only that environment's rows", async () => {
    const sandbox = batchOf('sandbox', 3);
    batchOf('test', 4);
    // Version 19: one outcome per transaction, ranking the rows of every destination.
    insert({ id: idAt(1), outcome: 'Fraude Confirmada', batchId: sandbox, environment: 'sandbox' });
    // Set before 0014 on a batch deleted since: no environment. Row 4 only the test batch has.
    insert({ id: idAt(4), outcome: 'Suspeito', batchId: null, environment: null });
    insert({ id: 'GONE-1', outcome: 'Legítima', batchId: null, environment: null });
    const ids = db.prepare('SELECT external_id, id FROM outcomes').all();
    expect(ranks()).toMatchObject({ 'sandbox:1': 1, 'test:1': 1, 'test:4': 0 });

    await migrate(db, upTo20, () => path.join(dir, 'backup.sqlite3'));

    // The test batch's row 1 showed the sandbox's review: recomputed. The outcome without an
    // environment went to the batch that carries its transaction; the one none carries is gone.
    expect(ranks()).toEqual({
      'sandbox:1': 1,
      'sandbox:2': null,
      'sandbox:3': null,
      'test:1': null,
      'test:2': null,
      'test:3': null,
      'test:4': 0,
    });
    expect(db.prepare('SELECT external_id, environment FROM outcomes ORDER BY id').all()).toEqual([
      { external_id: idAt(1), environment: 'sandbox' },
      { external_id: idAt(4), environment: 'test' },
    ]);
    // Ids are kept.
    const kept = db.prepare('SELECT external_id, id FROM outcomes').all();
    expect(kept).toEqual(
      ids.filter((row) => (row as { external_id: string }).external_id !== 'GONE-1'),
    );

    // The same transaction now takes an outcome per environment, each ranking its own rows.
    insert({ id: idAt(1), outcome: 'Legítima', batchId: null, environment: 'test' });
    expect(ranks()).toMatchObject({ 'sandbox:1': 1, 'test:1': 3 });
    expect(() =>
      insert({ id: idAt(1), outcome: 'Suspeito', batchId: null, environment: 'test' }),
    ).toThrow(/UNIQUE/);
    db.prepare(`UPDATE outcomes SET outcome = 'Suspeito' WHERE environment = 'sandbox'`).run();
    expect(ranks()).toMatchObject({ 'sandbox:1': 0, 'test:1': 3 });
    db.prepare(
      `UPDATE outcomes SET environment = 'production' WHERE environment = 'sandbox'`,
    ).run();
    expect(ranks()).toMatchObject({ 'sandbox:1': null, 'test:1': 3 });
    db.prepare(`DELETE FROM outcomes WHERE environment = 'test' AND external_id = ?`).run(idAt(1));
    expect(ranks()).toMatchObject({ 'sandbox:1': null, 'test:1': null, 'test:4': 0 });
    expect(() =>
      insert({ id: 'X', outcome: 'Suspeito', batchId: null, environment: null }),
    ).toThrow(/NOT NULL/);
  });

  it('keeps the indexes and triggers of the outcomes table', async () => {
    await migrate(db, upTo20, () => path.join(dir, 'backup.sqlite3'));
    const names = db
      .prepare(
        "SELECT type || ' ' || name FROM sqlite_master WHERE tbl_name = 'outcomes' ORDER BY 1",
      )
      .pluck()
      .all();
    expect(names).toEqual([
      'index outcomes_set_at',
      'index sqlite_autoindex_outcomes_1',
      'table outcomes',
      'trigger outcomes_indexed',
      'trigger outcomes_moved',
      'trigger outcomes_reindexed',
      'trigger outcomes_unindexed',
    ]);
  });
});
