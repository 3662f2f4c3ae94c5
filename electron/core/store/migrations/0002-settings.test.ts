import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../migrate';
import { initial } from './0001-initial';
import { settings } from './0002-settings';

describe('migration 0002 (settings)', () => {
  it('adds the settings table to a version-1 history and keeps its rows', async () => {
    const db = new Database(':memory:');
    await migrate(db, [initial], () => '');
    db.prepare(
      `INSERT INTO batches (id, created_at, updated_at, source_name, source_sha256, environment, base_url, settings_json, state, total)
      VALUES ('b1', 'c', 'u', 'f.csv', 'aa', 'test', 'https://x', '{}', 'finished', 0)`,
    ).run();

    const dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-0002-'));
    const backup = path.join(dir, 'before.sqlite3');
    expect(await migrate(db, [initial, settings], () => backup)).toMatchObject({
      from: 1,
      to: 2,
      backupPath: backup,
    });
    rmSync(dir, { recursive: true });
    expect(db.prepare('SELECT environment FROM batches').pluck().get()).toBe('test');
    db.prepare(
      "INSERT INTO settings (key, value_json, updated_at) VALUES ('retentionDays', '30', 'now')",
    ).run();
    expect(() =>
      db
        .prepare(
          "INSERT INTO settings (key, value_json, updated_at) VALUES ('x', 'not json', 'now')",
        )
        .run(),
    ).toThrow(/CHECK/);
  });
});
