import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { attemptMs, waitWhileBusy } from './busy';
import { openHistory, type Db } from './db';

let dir = '';
let db: Db;
beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-busy-'));
  const opened = await openHistory(dir);
  if (!opened.ok) throw new Error(opened.error.message);
  db = opened.value.db;
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const setRetention = (days: number) => () =>
  db
    .prepare(
      "INSERT OR REPLACE INTO settings (key, value_json, updated_at) VALUES ('retentionDays', ?, 'now')",
    )
    .run(String(days));

const retention = () =>
  db.prepare("SELECT value_json FROM settings WHERE key = 'retentionDays'").pluck().get();

describe('waitWhileBusy', () => {
  it('writes in the caller’s turn when the lock is free, and says no wait', async () => {
    const told: boolean[] = [];
    const writing = waitWhileBusy(db, setRetention(30), (waiting) => told.push(waiting));
    expect(retention()).toBe('30');
    await writing;
    expect(told).toEqual([]);
  });

  it('waits for a lock held past the busy timeout without holding its thread, says so after that timeout, then when it goes on', async () => {
    // A busy timeout of a second (the history's is 5 s) keeps the test short.
    db.pragma('busy_timeout = 1000');
    const other = new Database(db.name);
    other.exec('BEGIN IMMEDIATE');
    const started = Date.now();
    const told: Array<[boolean, number]> = [];
    let longestStall = 0;
    let last = Date.now();
    const ticking = setInterval(() => {
      longestStall = Math.max(longestStall, Date.now() - last);
      last = Date.now();
    }, 10);
    setTimeout(() => {
      other.exec('COMMIT');
      other.close();
    }, 2_500);
    // The busy timeout each attempt runs with: what SQLite would sleep inside the call.
    const timeouts: number[] = [];
    const write = setRetention(31);
    await waitWhileBusy(
      db,
      () => {
        timeouts.push(db.pragma('busy_timeout', { simple: true }) as number);
        return write();
      },
      (waiting) => told.push([waiting, Date.now() - started]),
    );
    clearInterval(ticking);
    expect(retention()).toBe('31');
    expect(told.map(([waiting]) => waiting)).toEqual([true, false]);
    expect(told[0]?.[1]).toBeGreaterThanOrEqual(1_000);
    expect(told[0]?.[1]).toBeLessThan(2_000);
    expect(told[1]?.[1]).toBeGreaterThanOrEqual(2_500);
    // It waits in JavaScript, between attempts that do not sleep in SQLite's busy handler: its
    // thread runs its timers all along (one attempt of that handler alone is `attemptMs`), and a
    // thread ended meanwhile is never ended inside a SQLite call.
    expect(new Set(timeouts)).toEqual(new Set([0]));
    expect(timeouts.length).toBeGreaterThan(10);
    // A stall of a whole attempt would say otherwise; the bound is loose for a loaded machine.
    expect(longestStall).toBeLessThan(attemptMs * 4);
    // And it goes through soon after the lock is released, as the busy handler would have.
    expect(told[1]?.[1]).toBeLessThan(3_000);
    // The connection keeps its own busy timeout for every other write.
    expect(db.pragma('busy_timeout', { simple: true })).toBe(1000);
  });

  it('throws any other failure as it is', async () => {
    await expect(
      waitWhileBusy(db, () => db.prepare('INSERT INTO nowhere VALUES (1)').run()),
    ).rejects.toThrow(/no such table/);
  });
});
