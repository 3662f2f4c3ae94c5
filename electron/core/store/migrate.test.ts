import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, type Migration } from './migrate';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function tempFile(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-migrate-'));
  dirs.push(dir);
  return path.join(dir, 'history.sqlite3');
}

const one: Migration = { version: 1, name: 'one', up: 'CREATE TABLE t (a TEXT NOT NULL)' };
const two: Migration = {
  version: 2,
  name: 'two',
  up: (db) => db.exec("ALTER TABLE t ADD COLUMN b TEXT NOT NULL DEFAULT 'x'"),
};
const broken: Migration = {
  version: 2,
  name: 'broken',
  up: 'ALTER TABLE t ADD COLUMN b TEXT; INSERT INTO nowhere VALUES (1)',
};

describe('migrate', () => {
  it('applies pending migrations in order and keeps a backup of an existing database', async () => {
    const file = tempFile();
    const db = new Database(file);
    await migrate(db, [one], () => `${file}.unused`);
    db.prepare("INSERT INTO t (a) VALUES ('kept')").run();
    const report = await migrate(db, [one, two], () => `${file}.backup`);
    expect(report).toEqual({ from: 1, to: 2, backupPath: `${file}.backup` });
    expect(db.prepare('SELECT a, b FROM t').get()).toEqual({ a: 'kept', b: 'x' });
    expect(new Database(`${file}.backup`).prepare('SELECT a FROM t').pluck().get()).toBe('kept');
    db.close();
  });

  it('rolls back a failed migration and leaves the data as it was, with no copy of it', async () => {
    const file = tempFile();
    const db = new Database(file);
    await migrate(db, [one], () => '');
    db.prepare("INSERT INTO t (a) VALUES ('kept')").run();
    const failed = migrate(db, [one, broken], () => `${file}.backup`);
    await expect(failed).rejects.toThrow(/^Migration 2 \(broken\) failed: [^]*\.$/);
    await expect(failed).rejects.not.toThrow(/kept at/);
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    expect(db.prepare('SELECT * FROM t').all()).toEqual([{ a: 'kept' }]);
    // Nothing was changed: a copy per failed attempt would only fill the disk.
    expect(existsSync(`${file}.backup`)).toBe(false);
    db.close();
  });

  it('keeps and names the copy when a later migration fails after an earlier one applied', async () => {
    const file = tempFile();
    const db = new Database(file);
    await migrate(db, [one], () => '');
    db.prepare("INSERT INTO t (a) VALUES ('kept')").run();
    const third: Migration = { ...broken, version: 3, name: 'third' };
    await expect(migrate(db, [one, two, third], () => `${file}.backup`)).rejects.toThrow(
      /Migration 3 \(third\) failed: .*kept at .*backup/,
    );
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    expect(existsSync(`${file}.backup`)).toBe(true);
    db.close();
  });

  it('makes a new history in one transaction: another process never finds it half made', async () => {
    const file = tempFile();
    const db = new Database(file);
    const other = new Database(file);
    // Found at version 1 by a process opening it now, the history would be taken for one that
    // held data: copied and "upgraded" (two dcdesk commands started on a new folder).
    let seen = -1;
    const peek: Migration = {
      version: 2,
      name: 'peek',
      up: () => {
        seen = other.pragma('user_version', { simple: true }) as number;
      },
    };
    const report = await migrate(db, [one, peek], () => `${file}.backup`);
    expect(report).toEqual({ from: 0, to: 2, backupPath: null });
    expect(seen).toBe(0);
    expect(other.pragma('user_version', { simple: true })).toBe(2);
    other.close();
    db.close();
  });

  it('leaves a new history empty when one of its first migrations fails', async () => {
    const file = tempFile();
    const db = new Database(file);
    await expect(migrate(db, [one, broken], () => `${file}.backup`)).rejects.toThrow(
      /^Migration 2 \(broken\) failed: /,
    );
    expect(db.pragma('user_version', { simple: true })).toBe(0);
    expect(db.prepare("SELECT COUNT(*) FROM sqlite_master WHERE name = 't'").pluck().get()).toBe(0);
    expect(existsSync(`${file}.backup`)).toBe(false);
    db.close();
  });

  it('refuses a database from a newer version of the app', async () => {
    const db = new Database(':memory:');
    db.pragma('user_version = 7');
    await expect(migrate(db, [one], () => '')).rejects.toThrow(/newer version/);
  });
});
