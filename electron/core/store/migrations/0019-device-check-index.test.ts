import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sourceRows } from '../../../../tests/support/bulk';
import { createBatch } from '../../bulk/batch';
import { migrate } from '../migrate';
import { devicePairsRepo, unpairedSql } from '../device-pairs.repo';
import { unknownDevicesSql, uploadsRepo } from '../uploads.repo';
import { migrations } from './index';

let dir = '';
let db: Database.Database;
beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-0019-'));
  db = new Database(path.join(dir, 'history.sqlite3'));
  db.pragma('foreign_keys = ON');
  await migrate(db, migrations, () => path.join(dir, 'backup.sqlite3'));
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A batch of `environment` whose rows were answered with these statuses and DeviceIds. */
function answered(environment: 'sandbox' | 'production', answers: Array<[string, string]>) {
  const batch = createBatch(db, {
    sourceName: `${environment}.csv`,
    sourceSha256: 'e'.repeat(64),
    environment,
    baseUrl: 'embedded',
    rows: sourceRows(answers.length),
  });
  const key = db.prepare('SELECT key FROM batches WHERE id = ?').pluck().get(batch.id);
  const insert = db.prepare(
    `INSERT INTO lookups (batch_key, seq, looked_up_at, status, device_id, attempts)
     VALUES (?, ?, '2026-11-26T10:00:00.000Z', ?, ?, 1)`,
  );
  answers.forEach(([status, device], at) => insert.run(key, at + 1, status, device));
}

describe('migration 0019 (the device index answers the check before upload alone)', () => {
  it('asks the index only, not the lookups table', () => {
    const steps = (
      db
        .prepare(`EXPLAIN QUERY PLAN ${unknownDevicesSql}`)
        .all({ devices: '["a"]', destination: 'sandbox' }) as Array<{ detail: string }>
    ).map((step) => step.detail);
    expect(steps).toContainEqual(expect.stringMatching(/COVERING INDEX lookups_device_nocase/));
  });

  it('knows a DeviceId only from an answer of the destination, exactly as written', () => {
    answered('sandbox', [
      ['ok', 'dev-A'],
      ['failed', 'dev-B'],
    ]);
    answered('production', [['ok', 'dev-C']]);
    const unknown = uploadsRepo(db).unknownIn('sandbox', ['dev-A', 'dev-a', 'dev-B', 'dev-C', 'x']);
    expect(unknown).toEqual(['dev-a', 'dev-B', 'dev-C', 'x']);
  });

  it('answers the check of each pair of transaction and DeviceId from the indexes alone', () => {
    const steps = (
      db
        .prepare(`EXPLAIN QUERY PLAN ${unpairedSql}`)
        .all({ pairs: '[["a","t"]]', destination: 'sandbox' }) as Array<{ detail: string }>
    ).map((step) => step.detail);
    expect(steps).toContainEqual(expect.stringMatching(/COVERING INDEX lookups_device_nocase/));
    expect(steps).toContainEqual(
      expect.stringMatching(/COVERING INDEX batch_rows_external_nocase/),
    );
    expect(steps.join('\n')).not.toMatch(/SCAN (l|r)\b|PRIMARY KEY/);
  });

  it('knows a pair only from an answer of the destination that gave that transaction that DeviceId', () => {
    answered('sandbox', [
      ['ok', 'dev-A'],
      ['failed', 'dev-B'],
    ]);
    answered('production', [['ok', 'dev-C']]);
    // sourceRows numbers its transactions from order-000000, one per row of each batch: the
    // second was answered in sandbox without a DeviceId (failed), so no device is its answer.
    const [first, second] = ['order-000000', 'order-000001'];
    const pairs = [
      ['dev-A', first],
      ['dev-A', second],
      ['dev-a', first],
      ['dev-B', second],
      ['dev-C', first],
    ];
    const unpaired = devicePairsRepo(db).unpaired('sandbox', JSON.stringify(pairs));
    expect(unpaired).toEqual([1, 2, 3, 4]);
    expect(devicePairsRepo(db).answered('sandbox', JSON.stringify(pairs))).toEqual([0, 2, 4]);
  });
});
