import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countCache } from './count-cache';

let dir = '';
let db: Database.Database;
let other: Database.Database;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-count-cache-'));
  db = new Database(path.join(dir, 'h.sqlite3'));
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2);');
  other = new Database(path.join(dir, 'h.sqlite3'));
});
afterEach(() => {
  other.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('countCache', () => {
  it('counts again only after a change, by this connection or another', () => {
    const cached = countCache(db);
    let counted = 0;
    const count = () => {
      counted += 1;
      return db.prepare('SELECT COUNT(*) FROM t').pluck().get() as number;
    };
    const read = () => db.transaction(() => cached('t', count)).deferred();
    expect([read(), read()]).toEqual([2, 2]);
    expect(counted).toBe(1);

    db.prepare('INSERT INTO t VALUES (3)').run();
    expect(read()).toBe(3);
    other.prepare('DELETE FROM t WHERE x = 1').run();
    expect(read()).toBe(2);
    // An update changes no count here but still counts again: any change does.
    db.prepare('UPDATE t SET x = 9 WHERE x = 2').run();
    expect(read()).toBe(2);
    expect(counted).toBe(4);
    expect(read()).toBe(2);
    expect(counted).toBe(4);
  });

  it('keeps a count per key, the oldest leaving first', () => {
    const cached = countCache(db, 2);
    let counted = 0;
    const count = (n: number) => () => ((counted += 1), n);
    expect([cached('a', count(1)), cached('b', count(2)), cached('a', count(0))]).toEqual([
      1, 2, 1,
    ]);
    expect(cached('c', count(3))).toBe(3);
    expect(cached('a', count(4))).toBe(4);
    expect(counted).toBe(4);
  });
});
