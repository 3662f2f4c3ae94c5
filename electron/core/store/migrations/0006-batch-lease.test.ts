import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { leaseRepo, type LeaseOwner } from '../../batches/batch-lease';
import { batchesRepo } from '../batches.repo';
import { migrate } from '../migrate';
import { initial } from './0001-initial';
import { settings } from './0002-settings';
import { resultIndex } from './0003-result-index';
import { outcomesUploads } from './0004-outcomes-uploads';
import { batchLease } from './0006-batch-lease';
import { migrations } from './index';

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-0006-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const owner: LeaseOwner = { id: 'ws-1:4242:abcd', host: 'ws-1', pid: 4242 };

describe('migration 0006 (batch lease)', () => {
  it('adds a free lease to every batch of a version-4 history, keeping the batches as they were', async () => {
    const db = new Database(path.join(dir, 'history.sqlite3'));
    db.pragma('foreign_keys = ON');
    await migrate(db, [initial, settings, resultIndex, outcomesUploads], () => '');
    // Written as version 4 of the app did: one batch left running by a crash, one finished.
    const insert = db.prepare(
      `INSERT INTO batches (id, created_at, updated_at, source_name, source_sha256, environment, base_url, settings_json, state, total)
       VALUES (?, '2026-11-20T10:00:00.000Z', 'u', ?, 'aa', 'sandbox', 'embedded', '{"concurrency":8}', ?, 2)`,
    );
    insert.run('b-running', 'crashed.csv', 'running');
    insert.run('b-finished', 'done.csv', 'finished');
    db.prepare(
      `INSERT INTO batch_rows (batch_id, seq, source_row, request_json, state, updated_at)
       VALUES ('b-running', 1, 2, '{}', 'in_flight', 'u'), ('b-running', 2, 3, '{}', 'pending', 'u')`,
    ).run();

    const backup = path.join(dir, 'before.sqlite3');
    expect(
      await migrate(
        db,
        migrations.filter((migration) => migration.version <= batchLease.version),
        () => backup,
      ),
    ).toEqual({ from: 4, to: 6, backupPath: backup });
    // Today's repositories read today's schema: the migrations after this one too.
    await migrate(db, migrations, () => path.join(dir, 'before-newest.sqlite3'));

    const batches = batchesRepo(db);
    expect(batches.get('b-running')).toMatchObject({ state: 'running', sourceName: 'crashed.csv' });
    expect(batches.get('b-finished')?.settings).toEqual({ concurrency: 8 });
    expect(db.prepare('SELECT COUNT(*) FROM batch_rows').pluck().get()).toBe(2);
    const leases = leaseRepo(db);
    expect(leases.get('b-running')).toEqual({
      owner: null,
      host: null,
      pid: null,
      heartbeatAt: null,
    });

    // The lease works on the migrated rows: taken, renewed only by its owner, released.
    leases.take('b-running', owner, 1000);
    expect(leases.beat('b-running', owner, 2000)).toBe(true);
    expect(leases.beat('b-running', { ...owner, id: 'someone-else' }, 3000)).toBe(false);
    expect(leases.get('b-running')).toEqual({
      owner: owner.id,
      host: 'ws-1',
      pid: 4242,
      heartbeatAt: 2000,
    });
    leases.release('b-running', owner);
    expect(leases.get('b-running')?.owner).toBeNull();
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.at(-1)?.version);
    db.close();
  });
});
