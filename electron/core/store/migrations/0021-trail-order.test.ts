import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../migrate';
import { trailRepo, unappliedSql, waitingSql } from '../trail.repo';
import { migrations } from './index';

let dir = '';
let db: Database.Database;
beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-0021-'));
  db = new Database(path.join(dir, 'history.sqlite3'));
  db.pragma('foreign_keys = ON');
  await migrate(db, migrations, () => path.join(dir, 'backup.sqlite3'));
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Each step of SQLite's plan for `sql`. */
const plan = (sql: string, ...params: unknown[]) =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map(
    (step) => step.detail,
  );

/** `count` changes of one time (an outcomes spreadsheet applies every row at one time). */
function changesAtOneTime(count: number, pulled: boolean): string[] {
  const insert = db.prepare(
    `INSERT INTO outcome_changes (change_id, environment, external_id, outcome, previous, analyst,
       at, source, origin, pushed, unapplied)
     VALUES (?, 'sandbox', ?, 'Suspeito', NULL, 'ana', '2026-11-27T07:00:00.000Z', 'spreadsheet',
       ?, ?, ?)`,
  );
  const ids = Array.from({ length: count }, (_, at) => `c-${String(at).padStart(4, '0')}`);
  for (const [at, id] of [...ids].reverse().entries())
    insert.run(id, `PED-${String(at)}`, pulled ? 'team' : 'here', pulled ? 1 : 0, pulled ? 1 : 0);
  return ids;
}

describe('the trail pages of migration 21', () => {
  // With the changes' time alone indexed, a page of changes of one time read and sorted every
  // change of that time: a million rows of a spreadsheet, at each page of a push.
  it('reads the changes waiting to be pushed in order from the index, sorting none', () => {
    expect(plan(waitingSql, 1000).join('\n')).not.toContain('TEMP B-TREE');
    const ids = changesAtOneTime(5, false);
    expect(
      trailRepo(db)
        .waiting(3)
        .map((change) => change.changeId),
    ).toEqual(ids.slice(0, 3));
  });

  it('seeks the page after a keyset of pulled changes waiting for a device', () => {
    const steps = plan(unappliedSql, '2026-11-27T07:00:00.000Z', 'c-0001', 1000);
    expect(steps.join('\n')).not.toContain('TEMP B-TREE');
    expect(steps.join('\n')).toContain('(at,change_id)>(?,?)');
    const ids = changesAtOneTime(5, true);
    const trail = trailRepo(db);
    const first = trail.unapplied(2);
    const last = first.at(-1);
    const next = trail.unapplied(2, last ? { at: last.at, changeId: last.changeId } : null);
    expect([...first, ...next].map((change) => change.changeId)).toEqual(ids.slice(0, 4));
  });
});
