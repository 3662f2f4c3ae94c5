import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sourceRows } from '../../../../tests/support/bulk';
import { createBatchInSlices } from '../../bulk/batch-slices';
import { batchesRepo } from '../batches.repo';
import { migrate } from '../migrate';
import { batchSkipRecent } from './0017-batch-skip-recent';
import { migrations } from './index';

let dir = '';
let db: Database.Database;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-0017-'));
  db = new Database(path.join(dir, 'history.sqlite3'));
  db.pragma('foreign_keys = ON');
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const sliced = (skipRecentDays?: number) =>
  createBatchInSlices(
    db,
    {
      sourceName: 'cut.xlsx',
      sourceSha256: 'a'.repeat(64),
      environment: 'sandbox',
      baseUrl: 'embedded',
      // More rows than the first slice takes: the batch stays `storing`, as one cut mid-way.
      rows: sourceRows(60),
      total: 90,
      ...(skipRecentDays === undefined ? {} : { skipRecentDays }),
    },
    new Date(),
    30,
  ).batch;

describe('migration 0017 (a batch keeps its "skip recent lookups" choice)', () => {
  it('leaves the batches of a version-16 history with no reuse, their rows as they were', async () => {
    await migrate(
      db,
      migrations.filter((migration) => migration.version < batchSkipRecent.version),
      () => '',
    );
    // Stored by version 16: the choice was held in memory, so none is known now.
    const before = sliced();
    expect(await migrate(db, migrations, () => path.join(dir, 'before.sqlite3'))).toMatchObject({
      from: 16,
      to: migrations.at(-1)?.version,
    });
    expect(batchesRepo(db).get(before.id)).toMatchObject({
      storing: true,
      total: 90,
      skipRecentDays: null,
    });
    expect(
      db
        .prepare(
          'SELECT COUNT(*) FROM batch_rows WHERE batch_key = (SELECT key FROM batches WHERE id = ?)',
        )
        .pluck()
        .get(before.id),
    ).toBe(30);
  });

  it('keeps the days chosen with a batch stored slice by slice, and refuses a count below 1', async () => {
    await migrate(db, migrations, () => '');
    const chosen = sliced(7);
    expect(batchesRepo(db).get(chosen.id)?.skipRecentDays).toBe(7);
    expect(batchesRepo(db).get(sliced().id)?.skipRecentDays).toBeNull();
    expect(() =>
      db.prepare('UPDATE batches SET skip_recent_days = 0 WHERE id = ?').run(chosen.id),
    ).toThrow(/CHECK constraint/);
  });
});
