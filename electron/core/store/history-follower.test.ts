import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sourceRows } from '../../../tests/support/bulk';
import { createBatch } from '../bulk/batch';
import { openHistory, type Db } from './db';
import { followHistory } from './history-follower';

let dir = '';
let db: Db;
let close: () => void;
/** Another process's connection to the same history. */
let other: Database.Database;
beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-follow-'));
  const opened = await openHistory(dir);
  if (!opened.ok) throw new Error(opened.error.message);
  ({ db, close } = opened.value);
  other = new Database(path.join(dir, 'history.sqlite3'));
});
afterEach(() => {
  other.close();
  close();
  rmSync(dir, { recursive: true, force: true });
});

const batch = () =>
  createBatch(db, {
    sourceName: 'pedidos.csv',
    sourceSha256: 'f'.repeat(64),
    environment: 'sandbox',
    baseUrl: 'embedded',
    rows: sourceRows(3),
  });

describe('the history followed across processes', () => {
  it('tells of a batch another process deleted, once', () => {
    const { id } = batch();
    const told = vi.fn();
    const follower = followHistory(db, told);
    follower.check();
    expect(told).not.toHaveBeenCalled();
    other.prepare('DELETE FROM batches WHERE id = ?').run(id);
    follower.check();
    follower.check();
    expect(told).toHaveBeenCalledTimes(1);
  });

  it('tells of an outcome trail line written elsewhere', () => {
    const told = vi.fn();
    const follower = followHistory(db, told);
    other
      .prepare(
        `INSERT INTO outcome_changes (change_id, environment, external_id, outcome, previous,
           analyst, at, source, origin, pushed)
         VALUES ('c-1', 'sandbox', 'PED-1', 'Suspeito', NULL, 'ana', '2026-11-27T08:00:00.000Z',
           'key', 'here', 0)`,
      )
      .run();
    follower.check();
    expect(told).toHaveBeenCalledTimes(1);
  });

  it('stays quiet for what other writes move nothing it follows', () => {
    const told = vi.fn();
    const follower = followHistory(db, told);
    other.prepare("INSERT OR REPLACE INTO settings VALUES ('language', '\"pt-BR\"', 'now')").run();
    follower.check();
    const { id } = batch();
    follower.ownDone();
    // A run elsewhere answering rows: followed by the batch screen's own asking while it runs.
    other.prepare("UPDATE batch_rows SET state = 'done', status = 'ok' WHERE seq = 1").run();
    other.prepare('UPDATE batches SET lease_heartbeat_at = ? WHERE id = ?').run(Date.now(), id);
    follower.check();
    expect(told).not.toHaveBeenCalled();
  });
});

describe('a batch another process runs, pauses or stores', () => {
  it('tells of each change of its state and pause reason', () => {
    const { id } = batch();
    const told = vi.fn();
    const follower = followHistory(db, told);
    const setState = other.prepare(
      'UPDATE batches SET state = ?, pause_reason = ?, pause_message = ?, updated_at = ? WHERE id = ?',
    );
    setState.run('running', null, null, '2026-11-27T08:00:01.000Z', id);
    follower.check();
    expect(told).toHaveBeenCalledTimes(1);
    setState.run('paused', 'signal', 'SIGTERM', '2026-11-27T08:00:02.000Z', id);
    follower.check();
    expect(told).toHaveBeenCalledTimes(2);
    // Paused again for another reason within the same millisecond: still told.
    setState.run('paused', 'user', null, '2026-11-27T08:00:02.000Z', id);
    follower.check();
    expect(told).toHaveBeenCalledTimes(3);
  });

  it('tells when another process takes the batch or starts storing its rows', () => {
    const { id } = batch();
    const told = vi.fn();
    const follower = followHistory(db, told);
    other.prepare("UPDATE batches SET lease_owner = 'cli-1' WHERE id = ?").run(id);
    follower.check();
    expect(told).toHaveBeenCalledTimes(1);
    other.prepare('UPDATE batches SET storing = 1 WHERE id = ?').run(id);
    follower.check();
    expect(told).toHaveBeenCalledTimes(2);
  });

  it('reads five hundred batches in well under a millisecond a check', () => {
    const insert = other.prepare(
      `INSERT INTO batches (id, created_at, updated_at, source_name, source_sha256, environment,
         base_url, settings_json, state, pause_reason, pause_message, total)
       VALUES (?, '2026-11-27T08:00:00.000Z', '2026-11-27T08:00:00.000Z', 'pedidos.csv', ?,
         'sandbox', 'embedded', '{}', 'paused', 'signal', 'Stopped by a signal (SIGTERM)', 20000)`,
    );
    other.transaction(() => {
      for (let n = 0; n < 500; n += 1) insert.run(`batch-${n}`, 'f'.repeat(64));
    })();
    const told = vi.fn();
    const follower = followHistory(db, told);
    const touch = other.prepare("UPDATE settings SET updated_at = ? WHERE key = 'language'");
    other.prepare("INSERT OR REPLACE INTO settings VALUES ('language', '\"en\"', 'now')").run();
    const started = performance.now();
    for (let n = 0; n < 100; n += 1) {
      touch.run(String(n));
      follower.check();
    }
    // Each check here reads the signature (another connection committed): its whole cost.
    expect((performance.now() - started) / 100).toBeLessThan(5);
    expect(told).not.toHaveBeenCalled();
  });
});

describe('a batch created here and deleted elsewhere between two checks', () => {
  it('is told, though the batches are as they were', () => {
    const told = vi.fn();
    const follower = followHistory(db, told);
    const { id } = batch();
    follower.ownDone();
    other.prepare('DELETE FROM batches WHERE id = ?').run(id);
    follower.check();
    expect(told).toHaveBeenCalledTimes(1);
  });
});

describe('what another process changes while this core runs a task', () => {
  const trailLine = (id: string, on: Database.Database) =>
    on
      .prepare(
        `INSERT INTO outcome_changes (change_id, environment, external_id, outcome, previous,
           analyst, at, source, origin, pushed)
         VALUES (?, 'sandbox', 'PED-1', 'Suspeito', NULL, 'ana', '2026-11-27T08:00:00.000Z',
           'key', 'here', 0)`,
      )
      .run(id);

  it('tells of a batch deleted elsewhere, though the task writes outcomes meanwhile', () => {
    const { id } = batch();
    const told = vi.fn();
    const follower = followHistory(db, told);
    // The task thread's own outcomes: announced by the task's operation when it ends.
    const task = new Database(path.join(dir, 'history.sqlite3'));
    trailLine('c-task-1', task);
    follower.check({ quietOutcomes: true });
    expect(told).not.toHaveBeenCalled();
    other.prepare('DELETE FROM batches WHERE id = ?').run(id);
    trailLine('c-task-2', task);
    follower.check({ quietOutcomes: true });
    expect(told).toHaveBeenCalledTimes(1);
    task.close();
  });

  it('tells of the newest batch deleted and another added in its place between two checks', () => {
    batch();
    const { id } = batch();
    const told = vi.fn();
    const follower = followHistory(db, told);
    other.prepare('DELETE FROM batches WHERE id = ?').run(id);
    // A batch of the same size takes the deleted one's key (keys are the largest plus one).
    const again = new Database(path.join(dir, 'history.sqlite3'));
    again
      .prepare(
        `INSERT INTO batches (id, created_at, updated_at, source_name, source_sha256, environment,
           base_url, settings_json, state, total)
         SELECT 'other-batch', created_at, updated_at, source_name, source_sha256, environment,
           base_url, settings_json, state, total FROM batches LIMIT 1`,
      )
      .run();
    again.close();
    follower.check();
    expect(told).toHaveBeenCalledTimes(1);
  });
});
