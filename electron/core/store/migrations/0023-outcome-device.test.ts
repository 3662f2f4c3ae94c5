import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sourceRows } from '../../../../tests/support/bulk';
import { createBatch } from '../../bulk/batch';
import { migrate } from '../migrate';
import { migrations } from './index';
import { outcomeDevice } from './0023-outcome-device';

let dir = '';
let db: Database.Database;
beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-0023-'));
  db = new Database(path.join(dir, 'history.sqlite3'));
  db.pragma('foreign_keys = ON');
  await migrate(
    db,
    migrations.filter((migration) => migration.version < outcomeDevice.version),
    () => '',
  );
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A sandbox batch of `n` rows (the same transaction ids in every batch); its key. */
function batchOf(name: string, n: number): number {
  const { id } = createBatch(db, {
    sourceName: `${name}.csv`,
    sourceSha256: 'e'.repeat(64),
    environment: 'sandbox',
    baseUrl: 'embedded',
    rows: sourceRows(n),
  });
  return db.prepare('SELECT key FROM batches WHERE id = ?').pluck().get(id) as number;
}

/** Stores an answer naming `device` (null: a 204) for row `seq` of batch `key`. */
function answer(key: number, seq: number, device: string | null): void {
  db.prepare(
    `INSERT INTO lookups (batch_key, seq, looked_up_at, status, device_id, score, attempts)
     VALUES (?, ?, '2026-11-01T00:00:00.000Z', ?, ?, ?, 1)
     ON CONFLICT (batch_key, seq) DO UPDATE SET device_id = excluded.device_id`,
  ).run(key, seq, device === null ? 'no_content' : 'ok', device, device === null ? null : 0.5);
}

const idAt = (seq: number) =>
  db.prepare('SELECT external_id FROM batch_rows WHERE seq = ? LIMIT 1').pluck().get(seq) as string;

function review(seq: number, device: string, outcome = 'Fraude Confirmada'): void {
  db.prepare(
    `INSERT INTO outcomes (external_id, device_id, outcome, batch_id, set_at, environment)
     VALUES (?, ?, ?, NULL, '2026-11-01T00:00:00.000Z', 'sandbox')
     ON CONFLICT (external_id, environment) DO UPDATE SET device_id = excluded.device_id,
       outcome = excluded.outcome`,
  ).run(idAt(seq), device, outcome);
}

/** The outcome rank of each index entry, as `batchKey:seq`. */
function ranks(): Record<string, number | null> {
  const rows = db
    .prepare('SELECT batch_key, seq, outcome FROM result_index ORDER BY 1, 2')
    .all() as Array<{ batch_key: number; seq: number; outcome: number | null }>;
  return Object.fromEntries(rows.map((row) => [`${row.batch_key}:${row.seq}`, row.outcome]));
}

describe('migration 0023 (outcome device)', () => {
  it("keeps an outcome's rank only on the rows whose answer named its device", async () => {
    const first = batchOf('first', 3);
    for (const seq of [1, 2, 3]) answer(first, seq, `dev-a${String(seq)}`);
    // Looked up again: row 1 names another device, row 2 the same, row 3 none.
    const second = batchOf('second', 3);
    answer(second, 1, 'dev-b1');
    answer(second, 2, 'dev-a2');
    answer(second, 3, null);
    // Reviewed on the first answers; version 21 ranks every row of the transaction.
    review(1, 'dev-a1');
    review(2, 'dev-a2', 'Suspeito');
    expect(ranks()).toMatchObject({ [`${second}:1`]: 1, [`${second}:2`]: 0 });

    await migrate(db, migrations, () => path.join(dir, 'backup.sqlite3'));

    expect(ranks()).toEqual({
      [`${first}:1`]: 1,
      [`${first}:2`]: 0,
      [`${first}:3`]: null,
      [`${second}:1`]: null,
      [`${second}:2`]: 0,
      [`${second}:3`]: null,
    });
  });

  it('ranks again as outcomes and answers change', async () => {
    await migrate(db, migrations, () => path.join(dir, 'backup.sqlite3'));
    const first = batchOf('first', 2);
    answer(first, 1, 'dev-a1');
    review(1, 'dev-a1');
    const second = batchOf('second', 2);
    // A new row has no answer yet: no rank, until its answer names the reviewed device.
    expect(ranks()[`${second}:1`]).toBeNull();
    answer(second, 1, 'dev-b1');
    expect(ranks()).toMatchObject({ [`${first}:1`]: 1, [`${second}:1`]: null });

    // The newer answer reviewed: the outcome moves to its device.
    review(1, 'dev-b1', 'Device Positivado');
    expect(ranks()).toMatchObject({ [`${first}:1`]: null, [`${second}:1`]: 2 });
    // The same device, another outcome.
    review(1, 'dev-b1', 'Legítima');
    expect(ranks()).toMatchObject({ [`${first}:1`]: null, [`${second}:1`]: 3 });
    // An answer stored again with the reviewed device takes the rank; another loses it.
    answer(first, 1, 'dev-b1');
    answer(second, 1, 'dev-c1');
    expect(ranks()).toMatchObject({ [`${first}:1`]: 3, [`${second}:1`]: null });
    // A removed answer takes the rank with it; a removed outcome clears every row.
    db.prepare('DELETE FROM lookups WHERE batch_key = ? AND seq = 1').run(first);
    expect(ranks()[`${first}:1`]).toBeNull();
    answer(first, 1, 'dev-b1');
    expect(ranks()[`${first}:1`]).toBe(3);
    db.prepare('DELETE FROM outcomes').run();
    expect(Object.values(ranks()).every((rank) => rank === null)).toBe(true);
  });
});
