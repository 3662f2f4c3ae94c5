import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../migrate';
import { searchRepo } from '../search.repo';
import { migrations } from './index';
import { searchNocase } from './0012-search-nocase';

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-0012-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** One answered row as the versions before 12 stored it, its IDs in mixed case. */
function writeEarlierRow(db: Database.Database): void {
  db.prepare(
    `INSERT INTO batches (id, created_at, updated_at, source_name, source_sha256, environment, base_url, settings_json, state, total)
     VALUES ('b1', '2026-11-01T10:00:00.000Z', 'u', 'v11.csv', 'aa', 'sandbox', 'embedded', '{}', 'finished', 1)`,
  ).run();
  db.prepare(
    `INSERT INTO batch_rows (batch_id, seq, source_row, external_id, session_id, state, status, updated_at)
     VALUES ('b1', 1, 2, 'Pedido-AbC-001', 'Sess-0123456789abcdefABCDEF', 'done', 'ok', 'u')`,
  ).run();
  db.prepare(
    `INSERT INTO result_index (batch_id, seq, source_row, external_id, status)
     VALUES ('b1', 1, 2, 'Pedido-AbC-001', 'ok')`,
  ).run();
  db.prepare(
    `INSERT INTO lookups (batch_id, seq, looked_up_at, status, device_id, attempts)
     VALUES ('b1', 1, '2026-11-01T10:00:01.000Z', 'ok', 'Dev-XyZ-42', 1)`,
  ).run();
}

const found = (db: Database.Database, query: string) =>
  searchRepo(db)
    .search(query, 10)
    .map((hit) => hit.externalId);

describe('migration 0012 (search without case)', () => {
  it('finds stored rows by any ID in any case, through an index', async () => {
    const db = new Database(path.join(dir, 'history.sqlite3'));
    db.pragma('foreign_keys = ON');
    await migrate(
      db,
      migrations.filter((migration) => migration.version < searchNocase.version),
      () => '',
    );
    writeEarlierRow(db);
    // Up to this migration only, so later ones do not change what this test is about.
    const upToThis = migrations.filter((migration) => migration.version <= searchNocase.version);
    await migrate(db, upToThis, () => path.join(dir, 'backup.sqlite3'));
    expect(db.pragma('user_version', { simple: true })).toBe(searchNocase.version);

    // Each branch of the search is an index lookup, not a scan of the history.
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN
         SELECT batch_id, seq FROM batch_rows WHERE external_id = ? COLLATE NOCASE
         UNION SELECT batch_id, seq FROM batch_rows WHERE session_id = ? COLLATE NOCASE
         UNION SELECT batch_id, seq FROM lookups WHERE device_id = ? COLLATE NOCASE`,
      )
      .all('a', 'b', 'c') as Array<{ detail: string }>;
    const details = plan.map((step) => step.detail).join('\n');
    expect(details).toContain('batch_rows_external_nocase');
    expect(details).toContain('batch_rows_session_nocase');
    expect(details).toContain('lookups_device_nocase');
    expect(details).not.toMatch(/SCAN (batch_rows|lookups)\b/);

    // Today's search reads today's schema: the later migrations first.
    await migrate(db, migrations, () => path.join(dir, 'backup-latest.sqlite3'));
    for (const query of [
      'Pedido-AbC-001',
      'pedido-abc-001',
      'PEDIDO-ABC-001',
      'sess-0123456789ABCDEFabcdef',
      'dev-xyz-42',
    ])
      expect(found(db, query), query).toEqual(['Pedido-AbC-001']);
    expect(found(db, 'pedido-abc-002')).toEqual([]);
    db.close();
  });
});
