import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../migrate';
import { uploadsRepo } from '../uploads.repo';
import { teamAnswerKey } from './0026-team-answer-key';
import { migrations } from './index';

let dir = '';
let db: Database.Database;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-0026-'));
  db = new Database(path.join(dir, 'history.sqlite3'));
  db.pragma('foreign_keys = ON');
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("migration 0026 (the ledger keeps a team claim's answer key until it is answered)", () => {
  it('leaves the lines of a version-25 history with no claim to answer, and keeps new keys', async () => {
    await migrate(
      db,
      migrations.filter((migration) => migration.version < teamAnswerKey.version),
      () => '',
    );
    // A guarded send of a version-25 history: in the team's ledger, its key long gone.
    db.prepare(
      `INSERT INTO uploads (created_at, file_name, kind, rows, sha256, environment, status,
         http_status, file, messages_json, error_code, team_upload)
       VALUES (?, 'before.csv', 'csv', 1, ?, 'sandbox', 'sent', 200, X'00', '[]', NULL, ?)`,
    ).run(new Date().toISOString(), 'e'.repeat(64), '6f1c1b4e-8f53-4b43-9d7c-1a2b3c4d5e6f');
    expect(await migrate(db, migrations, () => path.join(dir, 'before.sqlite3'))).toMatchObject({
      from: 25,
      to: migrations.at(-1)?.version,
    });
    const uploads = uploadsRepo(db);
    expect(uploads.unansweredInTeam()).toEqual([]);

    uploads.claimedInTeam(1, '0b5e4c1e-1111-4222-8333-444455556666', 'key');
    expect(uploads.unansweredInTeam()).toEqual([
      {
        id: 1,
        team_upload: '0b5e4c1e-1111-4222-8333-444455556666',
        team_answer_key: 'key',
        status: 'sent',
        error_code: null,
      },
    ]);
    uploads.answeredInTeam(1);
    expect(uploads.unansweredInTeam()).toEqual([]);
  });
});
