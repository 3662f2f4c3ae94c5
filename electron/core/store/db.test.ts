import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { historyFileName, openHistory } from './db';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-db-'));
  dirs.push(dir);
  return dir;
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
    db.close();
  });

  it('moves a damaged file aside with a notice and starts a new history', async () => {
    const dir = tempDir();
    const junk = Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.alloc(4096, 0x5a)]);
    writeFileSync(path.join(dir, historyFileName), junk);
    const opened = await openHistory(dir, new Date('2026-11-21T10:00:00Z'));
    if (!opened.ok) throw new Error(opened.error.message);
    expect(opened.value.notices[0]).toMatch(
      /damaged.*moved to .*history\.damaged-2026-11-21T10-00-00-000Z\.sqlite3/,
    );
    const kept = readdirSync(dir).find((name) => name.includes('damaged'));
    expect(kept && readFileSync(path.join(dir, kept)).equals(junk)).toBe(true);
    opened.value.db.close();
  });

  it('reports a folder it cannot use as a db error', async () => {
    const file = path.join(tempDir(), 'not-a-folder');
    writeFileSync(file, 'x');
    const opened = await openHistory(file);
    expect(opened).toMatchObject({ ok: false, error: { code: 'db' } });
    expect(existsSync(path.join(file, historyFileName))).toBe(false);
  });
});
