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
    // A run elsewhere: the batch's state and rows, followed by the run's own progress.
    other.prepare("UPDATE batches SET state = 'running', updated_at = 'now' WHERE id = ?").run(id);
    follower.check();
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
