import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { historyFileName, openHistory } from './db';
import { sessionsFolderName } from './sessions';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-db-'));
  dirs.push(dir);
  return dir;
}

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** A real history holding some rows, closed cleanly. */
async function writtenHistory(dir: string): Promise<string> {
  const opened = await openHistory(dir);
  if (!opened.ok) throw new Error(opened.error.message);
  opened.value.db
    .prepare(
      "INSERT INTO settings (key, value_json, updated_at) VALUES ('retentionDays', '30', 'now')",
    )
    .run();
  opened.value.close();
  return path.join(dir, historyFileName);
}

describe('openHistory', () => {
  it('creates a durable database: WAL, full sync, foreign keys, secure delete', async () => {
    const opened = await openHistory(tempDir());
    if (!opened.ok) throw new Error(opened.error.message);
    const { db } = opened.value;
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('secure_delete', { simple: true })).toBe(1);
    expect(db.pragma('user_version', { simple: true })).toBeGreaterThanOrEqual(1);
    opened.value.close();
  });

  it('moves a damaged file aside with a notice and starts a new history', async () => {
    const dir = tempDir();
    const junk = Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.alloc(4096, 0x5a)]);
    writeFileSync(path.join(dir, historyFileName), junk);
    const opened = await openHistory(dir, { now: new Date('2026-11-21T10:00:00Z') });
    if (!opened.ok) throw new Error(opened.error.message);
    expect(opened.value.notices[0]).toMatch(
      /damaged.*moved to .*history\.damaged-2026-11-21T10-00-00-000Z\.sqlite3/,
    );
    const kept = readdirSync(dir).find((name) => name.includes('damaged'));
    expect(kept && readFileSync(path.join(dir, kept)).equals(junk)).toBe(true);
    opened.value.close();
  });

  it('reports a folder it cannot use as a db error', async () => {
    const file = path.join(tempDir(), 'not-a-folder');
    writeFileSync(file, 'x');
    const opened = await openHistory(file);
    expect(opened).toMatchObject({ ok: false, error: { code: 'db' } });
    expect(existsSync(path.join(file, historyFileName))).toBe(false);
  });

  it('closing removes its open marker; a second opening in the same process does not check', async () => {
    const dir = tempDir();
    const first = await openHistory(dir);
    if (!first.ok) throw new Error(first.error.message);
    expect(first.value.checked).toBe('never-checked');
    const second = await openHistory(dir);
    if (!second.ok) throw new Error(second.error.message);
    expect(second.value.checked).toBeNull();
    expect(readdirSync(path.join(dir, sessionsFolderName))).toHaveLength(2);
    second.value.close();
    first.value.close();
    expect(readdirSync(path.join(dir, sessionsFolderName))).toEqual([]);
  });
});

describe('openHistory when the file is locked by another connection', () => {
  it('fails as busy, saying who holds it, and leaves the file where it is: locked is not damaged', async () => {
    const dir = tempDir();
    const file = await writtenHistory(dir);
    const holder = new Database(file);
    holder.pragma('locking_mode = EXCLUSIVE');
    holder.prepare("UPDATE settings SET value_json = '31'").run();
    try {
      const opened = await openHistory(dir);
      expect(opened).toMatchObject({ ok: false, error: { code: 'busy' } });
      if (opened.ok) return;
      expect(opened.error.message).toMatch(
        /cannot be opened: the history is busy: another dcdesk or the app is writing the history/,
      );
      expect(readdirSync(dir).filter((name) => name.includes('damaged'))).toEqual([]);
    } finally {
      holder.close();
    }
    expect(existsSync(file)).toBe(true);
  });
});

describe('openHistory when the SQLite module cannot load', () => {
  const notAModule = (dir: string) => {
    const file = path.join(dir, 'better_sqlite3.node');
    writeFileSync(file, Buffer.alloc(64, 0x7f));
    return file;
  };
  // A real shared library that is not a Node module, as a module for another ABI fails to register.
  const otherLibrary = path.resolve(
    'node_modules/better-sqlite3/build/Release/test_extension.node',
  );

  for (const [label, binding] of [
    ['a file that is not a module', notAModule],
    ['a library that is not this module', () => otherLibrary],
    ['a missing module', (dir: string) => path.join(dir, 'native', 'missing.node')],
  ] as const) {
    it(`leaves a healthy history untouched and names the fix: ${label}`, async () => {
      const dir = tempDir();
      const file = await writtenHistory(dir);
      const before = { hash: sha256(file), mtime: statSync(file).mtimeMs };
      const names = readdirSync(dir).sort();

      const opened = await openHistory(dir, { engine: { nativeBinding: binding(tempDir()) } });

      expect(opened).toMatchObject({ ok: false, error: { code: 'db_engine' } });
      if (opened.ok) return;
      expect(opened.error.message).toMatch(/cannot be loaded/);
      expect(opened.error.message).toMatch(/history was not touched/);
      expect(opened.error.message).toContain('npm rebuild better-sqlite3');
      expect({ hash: sha256(file), mtime: statSync(file).mtimeMs }).toEqual(before);
      expect(readdirSync(dir).sort()).toEqual(names);
      expect(readdirSync(path.join(dir, sessionsFolderName))).toEqual([]);
    });
  }

  it("says the caller's own remedy, such as the app's", async () => {
    const dir = tempDir();
    const opened = await openHistory(dir, {
      engine: { nativeBinding: notAModule(dir), remedy: 'Reinstall Device Check Desk.' },
    });
    expect(opened.ok || opened.error.message).toMatch(/Reinstall Device Check Desk\.$/);
    expect(existsSync(path.join(dir, historyFileName))).toBe(false);
  });
});
