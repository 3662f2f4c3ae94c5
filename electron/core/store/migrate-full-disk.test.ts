/**
 * An upgrade of the history on a full disk says so, with what to do, as the other full-disk
 * messages do ("Migration 4 (outcomes-uploads) failed: database or disk is full." gave no
 * advice), and says what is true of the history: nothing lost, at the version it names. SQLite's
 * own SQLITE_FULL comes from `max_page_count`, a real limit of the file's size.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { migrate, type Migration } from './migrate';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function tempFile(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-migrate-full-'));
  dirs.push(dir);
  return path.join(dir, 'history.sqlite3');
}

const one: Migration = { version: 1, name: 'one', up: 'CREATE TABLE t (a TEXT NOT NULL)' };
const two: Migration = { version: 2, name: 'two', up: 'CREATE TABLE u (b TEXT)' };
/** Writes far more than the file may grow by. */
const big = (version: number): Migration => ({
  version,
  name: 'outcomes-uploads',
  up: `CREATE TABLE big${String(version)} (x TEXT);
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
    INSERT INTO big${String(version)} SELECT hex(randomblob(500)) FROM n;`,
});

async function historyAtOne(file: string): Promise<Database.Database> {
  const db = new Database(file);
  await migrate(db, [one], () => '');
  db.prepare("INSERT INTO t (a) VALUES ('kept')").run();
  return db;
}

/** Lets the file grow by a few pages only: the next big write is SQLITE_FULL. */
function almostFull(db: Database.Database): void {
  const pages = db.pragma('page_count', { simple: true }) as number;
  db.pragma(`max_page_count = ${String(pages + 4)}`);
}

describe('migrate on a full disk', () => {
  it('says the disk is full, what to do, and that the history is as it was', async () => {
    const file = tempFile();
    const db = await historyAtOne(file);
    almostFull(db);
    const failed = migrate(db, [one, big(2)], () => `${file}.backup`);
    await expect(failed).rejects.toThrow(
      'Migration 2 (outcomes-uploads) failed: the disk holding the history is full. Nothing was ' +
        'lost: the history is as it was before the upgrade (version 1). Free some space on that ' +
        'disk, then try again.',
    );
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    expect(db.prepare('SELECT a FROM t').pluck().all()).toEqual(['kept']);
    expect(existsSync(`${file}.backup`)).toBe(false);
    db.close();
  });

  it('after an earlier step applied, names the version reached and the copy kept', async () => {
    const file = tempFile();
    const db = await historyAtOne(file);
    const backup = `${file}.backup`;
    const failed = migrate(db, [one, two, big(3)], () => {
      // Past the copy: the copy itself fits, the third step does not.
      queueMicrotask(() => almostFull(db));
      return backup;
    });
    await expect(failed).rejects.toThrow(
      /^Migration 3 \(outcomes-uploads\) failed: the disk holding the history is full\. Nothing was lost: the history is at version 2, each step before this one applied whole\. Free some space on that disk, then try again\. A copy of the database before migrating is kept at .*\.backup\.$/,
    );
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    db.close();
  });

  it('removes a copy the disk had no room for, and says so', async () => {
    const file = tempFile();
    const db = await historyAtOne(file);
    const backup = `${file}.backup`;
    // What SQLite throws when the copy's file cannot grow, after writing part of it.
    vi.spyOn(db, 'backup').mockImplementation(() => {
      writeFileSync(backup, 'part of a copy');
      const error = new Database.SqliteError('database or disk is full', 'SQLITE_FULL');
      return Promise.reject(error);
    });
    await expect(migrate(db, [one, two], () => backup)).rejects.toThrow(
      `The history could not be upgraded: the disk has no room for the copy of it taken first (${backup}). Nothing was lost: the history is as it was (version 1), and the partial copy was removed. Free some space on that disk, then try again.`,
    );
    expect(existsSync(backup)).toBe(false);
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    db.close();
  });
});
