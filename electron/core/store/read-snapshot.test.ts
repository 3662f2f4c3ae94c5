import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { inSnapshot } from './read-snapshot';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Two connections to one WAL file in a temp folder, with one table of one row. */
function twoConnections() {
  const dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-snapshot-'));
  dirs.push(dir);
  const file = path.join(dir, 'h.sqlite3');
  const reader = new Database(file);
  reader.pragma('journal_mode = WAL');
  reader.exec('CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (1)');
  const writer = new Database(file);
  return { reader, writer, close: () => (reader.close(), writer.close()) };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('inSnapshot', () => {
  it('sees the history as it was at its first read, across turns, and ends its transaction', async () => {
    const { reader, writer, close } = twoConnections();
    const count = () => reader.prepare('SELECT COUNT(*) FROM t').pluck().get();
    const seen = await inSnapshot(reader, async () => {
      const first = count();
      writer.exec('INSERT INTO t VALUES (2)');
      await nextTurn();
      return [first, count()];
    });
    expect(seen).toEqual([1, 1]);
    expect(reader.inTransaction).toBe(false);
    expect(count()).toBe(2);
    close();
  });

  it('ends its transaction when the read throws, and the error goes on', async () => {
    const { reader, close } = twoConnections();
    await expect(inSnapshot(reader, () => Promise.reject(new Error('disk gone')))).rejects.toThrow(
      'disk gone',
    );
    expect(reader.inTransaction).toBe(false);
    close();
  });

  it('inside a transaction already, reads in it and leaves it open', async () => {
    const { reader, close } = twoConnections();
    reader.exec('BEGIN');
    await inSnapshot(reader, () => Promise.resolve(reader.prepare('SELECT 1').get()));
    expect(reader.inTransaction).toBe(true);
    reader.exec('COMMIT');
    close();
  });
});
