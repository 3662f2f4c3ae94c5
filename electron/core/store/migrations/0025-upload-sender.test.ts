import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../migrate';
import { uploadSendersRepo } from '../upload-senders.repo';
import { uploadsRepo } from '../uploads.repo';
import { uploadSender } from './0025-upload-sender';
import { migrations } from './index';

let dir = '';
let db: Database.Database;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-0025-'));
  db = new Database(path.join(dir, 'history.sqlite3'));
  db.pragma('foreign_keys = ON');
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('migration 0025 (the ledger knows which process sends an upload)', () => {
  it('keeps a line a version-24 history left sending as possibly arrived, and marks new ones', async () => {
    await migrate(
      db,
      migrations.filter((migration) => migration.version < uploadSender.version),
      () => '',
    );
    // Left by a version that stopped while sending, just now: no process is named.
    db.prepare(
      `INSERT INTO uploads (created_at, file_name, kind, rows, sha256, environment, status,
         http_status, file, messages_json, error_code)
       VALUES (?, 'before.csv', 'csv', 1, ?, 'sandbox', 'failed', NULL, X'00', '["sending"]',
         'sending')`,
    ).run(new Date().toISOString(), 'e'.repeat(64));
    expect(await migrate(db, migrations, () => path.join(dir, 'before.sqlite3'))).toMatchObject({
      from: 24,
      to: migrations.at(-1)?.version,
    });
    const senders = uploadSendersRepo(db);
    expect(senders.inFlight([1])).toEqual(new Set());

    const id = uploadsRepo(db).insert({
      createdAt: new Date().toISOString(),
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
    senders.mark(id);
    expect(senders.inFlight([1, id])).toEqual(new Set([id]));
    expect(senders.inFlightFor('sandbox', 'e'.repeat(64), () => ['T-1'])).toEqual({
      sameFile: [],
      shared: [id],
    });
    senders.forget(id);
    expect(senders.inFlight([id])).toEqual(new Set());
  });
});
