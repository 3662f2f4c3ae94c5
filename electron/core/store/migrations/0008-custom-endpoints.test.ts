import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBatch } from '../../bulk/batch';
import { reviewService } from '../../review/review-service';
import { migrate } from '../migrate';
import { initial } from './0001-initial';
import { settings } from './0002-settings';
import { resultIndex } from './0003-result-index';
import { outcomesUploads } from './0004-outcomes-uploads';
import { customEndpoints } from './0008-custom-endpoints';
import { migrations } from './index';

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-0008-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A history as version 4 left it: the embedded sandbox's batch, one `dcdesk --base-url` stored as
 * the sandbox (the mistake this migration undoes), and a production batch; each answered its row
 * with a device that has an outcome.
 */
function writeVersion4Rows(db: Database.Database): void {
  const batch = db.prepare(
    `INSERT INTO batches (id, created_at, updated_at, source_name, source_sha256, environment, base_url, settings_json, state, total)
     VALUES (?, '2026-11-01T10:00:00.000Z', 'u', 'v4.csv', 'aa', ?, ?, '{}', 'finished', 1)`,
  );
  batch.run('embedded', 'sandbox', 'embedded');
  batch.run('other-server', 'sandbox', 'https://gateway.example/dc/');
  batch.run('production', 'production', 'https://devicecheck.example');
  for (const id of ['embedded', 'other-server', 'production']) {
    db.prepare(
      `INSERT INTO batch_rows (batch_id, seq, source_row, external_id, state, status, updated_at)
       VALUES (?, 1, 2, ?, 'done', 'ok', 'u')`,
    ).run(id, `order-${id}`);
    db.prepare(
      `INSERT INTO lookups (batch_id, seq, looked_up_at, status, device_id, attempts)
       VALUES (?, 1, '2026-11-01T10:00:01.000Z', 'ok', ?, 1)`,
    ).run(id, `dev-${id}`);
    db.prepare(
      `INSERT INTO outcomes (external_id, device_id, outcome, batch_id, set_at)
       VALUES (?, ?, 'Suspeito', ?, '2026-11-02T00:00:00.000Z')`,
    ).run(`order-${id}`, `dev-${id}`, id);
  }
}

describe('migration 0008 (custom endpoints)', () => {
  it('moves a --base-url batch recorded as the sandbox to its own address, and scopes by it', async () => {
    const db = new Database(path.join(dir, 'history.sqlite3'));
    db.pragma('foreign_keys = ON');
    const before = [initial, settings, resultIndex, outcomesUploads];
    await migrate(db, before, () => '');
    writeVersion4Rows(db);
    // Before: the sandbox's files took outcomes of the other server's answers too.
    const sandboxScope = `SELECT COUNT(*) AS n FROM outcomes
      WHERE batch_id IN (SELECT id FROM batches WHERE environment = 'sandbox')`;
    expect(db.prepare(sandboxScope).get()).toEqual({ n: 2 });

    const backup = path.join(dir, 'before.sqlite3');
    expect(
      await migrate(
        db,
        migrations.filter((migration) => migration.version <= customEndpoints.version),
        () => backup,
      ),
    ).toEqual({
      from: 4,
      to: 8,
      backupPath: backup,
    });
    expect(
      db.prepare('SELECT id, environment, custom_url, destination FROM batches ORDER BY id').all(),
    ).toEqual([
      { id: 'embedded', environment: 'sandbox', custom_url: null, destination: 'sandbox' },
      {
        id: 'other-server',
        environment: 'sandbox',
        custom_url: 'https://gateway.example/dc',
        destination: 'https://gateway.example/dc',
      },
      { id: 'production', environment: 'production', custom_url: null, destination: 'production' },
    ]);

    // Today's review service reads today's schema: the later migrations first.
    await migrate(db, migrations, () => backup);
    const ids = async (destination: string) =>
      (await reviewService(db).fileRows(destination as 'sandbox', { scope: 'all' })).map(
        (row) => row.transactionId,
      );
    expect(await ids('sandbox')).toEqual(['order-embedded']);
    expect(await ids('https://gateway.example/dc')).toEqual(['order-other-server']);
    expect(await ids('production')).toEqual(['order-production']);

    // A batch stored now records its custom address; the column refuses what is not a URL.
    const later = createBatch(db, {
      sourceName: 'v7.csv',
      sourceSha256: 'b'.repeat(64),
      environment: 'test',
      baseUrl: 'http://127.0.0.1:4010',
      customUrl: 'http://127.0.0.1:4010',
      rows: [],
    });
    expect(later).toMatchObject({ environment: 'test', destination: 'http://127.0.0.1:4010' });
    expect(() =>
      db.prepare("UPDATE batches SET custom_url = 'sandbox' WHERE id = 'embedded'").run(),
    ).toThrow(/CHECK constraint failed/);
    db.close();
  });
});
