import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from './migrate';
import { migrations } from './migrations/index';
import { outcomeMatchSql, uploadsRepo } from './uploads.repo';

let dir = '';
let db: Database.Database;
beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-uploads-repo-'));
  db = new Database(path.join(dir, 'history.sqlite3'));
  db.pragma('foreign_keys = ON');
  await migrate(db, migrations, () => path.join(dir, 'backup.sqlite3'));
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** An outcome of the sandbox, as the review stores it. */
function outcome(id: string, device: string, value: string, setBy: string | null = null): void {
  db.prepare(
    `INSERT INTO outcomes (external_id, device_id, outcome, set_at, environment, set_by)
     VALUES (?, ?, ?, '2026-01-01T00:00:00.000Z', 'sandbox', ?)`,
  ).run(id, device, value, setBy);
}

/** A line of the trail: `value` null is a cleared outcome. */
function change(id: string, value: string | null, at: string): void {
  db.prepare(
    `INSERT INTO outcome_changes (change_id, environment, external_id, outcome, previous, analyst,
       at, source, origin)
     VALUES (?, 'sandbox', ?, ?, NULL, 'ana', ?, 'key', 'here')`,
  ).run(`${id}-${at}`, id, value, at);
}

describe('the rows of a file the history holds otherwise now', () => {
  // A million rows of a file: each is a seek by the outcomes' key and the trail's index.
  it('finds each row by index, scanning neither the outcomes nor the trail', () => {
    const steps = (
      db.prepare(`EXPLAIN QUERY PLAN ${outcomeMatchSql}`).all({
        rows: '[]',
        environment: 'sandbox',
      }) as Array<{ detail: string }>
    ).map((step) => step.detail);
    expect(steps.join('\n')).toMatch(
      /SEARCH o USING INDEX .*\(external_id=\? AND environment=\?\)/,
    );
    expect(steps.join('\n')).toMatch(/SEARCH c USING INDEX outcome_changes_transaction/);
    expect(steps.join('\n')).not.toMatch(/SCAN (o|c)\b/);
  });

  it('counts changed, re-deviced and cleared outcomes; not the transactions never reviewed', () => {
    outcome('same', 'dev-1', 'Suspeito');
    outcome('changed', 'dev-2', 'Suspeito');
    outcome('moved', 'dev-9', 'Suspeito');
    change('cleared', 'Fraude Confirmada', '2026-01-01T00:00:00.000Z');
    change('cleared', null, '2026-01-02T00:00:00.000Z');
    change('set-again-elsewhere', null, '2026-01-01T00:00:00.000Z');
    change('set-again-elsewhere', 'Suspeito', '2026-01-02T00:00:00.000Z');
    const repo = uploadsRepo(db);
    const rows: Array<[string, string, string]> = [
      ['same', 'dev-1', 'Suspeito'],
      ['changed', 'dev-2', 'Fraude Confirmada'],
      ['moved', 'dev-3', 'Suspeito'],
      ['cleared', 'dev-4', 'Fraude Confirmada'],
      ['never-reviewed', 'dev-5', 'Suspeito'],
      ['set-again-elsewhere', 'dev-6', 'Suspeito'],
    ];
    expect(repo.outcomeMatches('sandbox', rows).changed).toBe(3);
    // Another environment's history holds none of them.
    expect(repo.outcomeMatches('test', rows)).toEqual({ changed: 0, paired: [] });
  });

  // A row whose transaction's outcome names its DeviceId was paired by an answer the outcome was
  // set on: the check of pairs need not ask the answers again (a million rows: a second).
  it('says which rows an outcome of the environment pairs with their DeviceId', () => {
    // A colleague's outcomes (an outcome set here lives on its batch: see the CLI's tests).
    outcome('same', 'dev-1', 'Suspeito', 'bia');
    outcome('changed', 'dev-2', 'Suspeito', 'bia');
    outcome('moved', 'dev-9', 'Suspeito', 'bia');
    // Set here on a batch since deleted: its answer is gone, and its pair is asked again.
    outcome('batch-gone', 'dev-7', 'Suspeito');
    const rows: Array<[string, string, string]> = [
      ['never-reviewed', 'dev-5', 'Suspeito'],
      ['same', 'dev-1', 'Suspeito'],
      ['changed', 'dev-2', 'Fraude Confirmada'],
      ['moved', 'dev-3', 'Suspeito'],
      ['batch-gone', 'dev-7', 'Suspeito'],
    ];
    const repo = uploadsRepo(db);
    expect(repo.outcomeMatches('sandbox', rows)).toEqual({ changed: 2, paired: [1, 2] });
    expect(repo.outcomeMatches('test', rows).paired).toEqual([]);
  });
});
