import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { lastCheckedAt, recordCheck } from '../integrity';
import { migrate } from '../migrate';
import { migrations } from '.';

const beforeIntegrityChecks = migrations.filter((migration) => migration.version < 5);

describe('migration 0005 (integrity checks)', () => {
  it('adds the check record to a version-4 history, keeps its rows, and reads as never checked', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-0005-'));
    try {
      const db = new Database(path.join(dir, 'history.sqlite3'));
      await migrate(db, beforeIntegrityChecks, () => '');
      db.prepare(
        "INSERT INTO settings (key, value_json, updated_at) VALUES ('retentionDays', '30', 'now')",
      ).run();
      expect(lastCheckedAt(db)).toBeNull();

      const backup = path.join(dir, 'before.sqlite3');
      expect(await migrate(db, migrations, () => backup)).toMatchObject({
        from: 4,
        to: migrations.at(-1)?.version,
        backupPath: backup,
      });
      expect(db.prepare('SELECT value_json FROM settings').pluck().get()).toBe('30');
      expect(lastCheckedAt(db)).toBeNull();

      recordCheck(db, new Date('2026-11-20T08:00:00Z'), 'scheduled', 12.4);
      recordCheck(db, new Date('2026-11-22T08:00:00Z'), 'unclean-shutdown', 3);
      expect(lastCheckedAt(db)).toEqual(new Date('2026-11-22T08:00:00Z'));
      expect(() =>
        db
          .prepare(
            "INSERT INTO integrity_checks (checked_at, reason, duration_ms) VALUES ('x', 'because', 0)",
          )
          .run(),
      ).toThrow(/CHECK/);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
