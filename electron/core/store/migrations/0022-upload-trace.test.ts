import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../migrate';
import { uploadsRepo } from '../uploads.repo';
import { uploadTrace } from './0022-upload-trace';
import { migrations } from './index';

let dir = '';
let db: Database.Database;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-0022-'));
  db = new Database(path.join(dir, 'history.sqlite3'));
  db.pragma('foreign_keys = ON');
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('migration 0022 (the ledger keeps the service trace id)', () => {
  it('keeps the uploads of a version-21 history, with no trace id, and stores new ones', async () => {
    await migrate(
      db,
      migrations.filter((migration) => migration.version < uploadTrace.version),
      () => '',
    );
    // A refusal stored by version 21: its messages, and no trace id.
    db.prepare(
      `INSERT INTO uploads (created_at, file_name, kind, rows, sha256, environment, status,
         http_status, file, messages_json, error_code)
       VALUES ('2026-11-27T00:00:00.000Z', 'before.csv', 'csv', 1, ?, 'sandbox', 'refused', 400,
         X'00', '["Line 2: bad"]', 'rejected')`,
    ).run('e'.repeat(64));
    expect(await migrate(db, migrations, () => path.join(dir, 'before.sqlite3'))).toMatchObject({
      from: 21,
      to: migrations.at(-1)?.version,
    });
    const repo = uploadsRepo(db);
    expect(repo.list()).toMatchObject([
      { fileName: 'before.csv', status: 'refused', messages: ['Line 2: bad'], traceId: null },
    ]);

    const id = repo.insert({
      createdAt: '2026-11-28T00:00:00.000Z',
      fileName: 'after.csv',
      kind: 'csv',
      sha256: 'f'.repeat(64),
      environment: 'sandbox',
      status: 'failed',
      httpStatus: null,
      messages: ['sending'],
      answer: null,
      resentFrom: null,
      errorCode: 'sending',
      bytes: new Uint8Array(1),
      rows: [{ transactionId: 'T-1', deviceId: 'dev-1', outcome: 'Suspeito' }],
      analyst: null,
      traceId: null,
    });
    repo.record(id, {
      status: 'refused',
      httpStatus: 400,
      messages: ['Line 2: bad'],
      answer: null,
      errorCode: 'rejected',
      traceId: '00-abc-01',
    });
    expect(repo.get(id)).toMatchObject({ status: 'refused', traceId: '00-abc-01' });
  });
});
