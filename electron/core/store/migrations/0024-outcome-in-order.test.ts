import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../migrate';
import { filterSql } from '../result-filter';
import { migrations } from './index';

let dir = '';
let db: Database.Database;
beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-0024-'));
  db = new Database(path.join(dir, 'history.sqlite3'));
  db.pragma('foreign_keys = ON');
  await migrate(db, migrations, () => path.join(dir, 'backup.sqlite3'));
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The columns of each index of the results index, in their order. */
function indexColumns(): Map<string, string[]> {
  const names = db
    .prepare<[], string>(
      "SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'result_index' AND sql IS NOT NULL",
    )
    .pluck()
    .all();
  return new Map(
    names.map((name) => [
      name,
      (db.prepare(`PRAGMA index_info(${name})`).all() as Array<{ name: string }>).map(
        (column) => column.name,
      ),
    ]),
  );
}

describe('migration 0024: outcomes indexed in row order', () => {
  it('puts no outcome in an index before the row order: a bulk outcome in seq order writes every index in order', () => {
    const holding = [...indexColumns()].filter(([, columns]) => columns.includes('outcome'));
    expect(holding.map(([name]) => name)).toEqual(['result_index_outcome']);
    for (const [, columns] of holding) {
      // After the batch and the outcome comes the row: a slice of rows in `seq` order changes a
      // run of neighbouring entries, not one on every page (57 s of commits at a million rows).
      expect(columns.slice(0, 3)).toEqual(['batch_key', 'outcome', 'seq']);
    }
  });

  it('counts a filter on outcomes along an index holding every column a filter reads', () => {
    const filtered = ['status', 'risk', 'score', 'insight_set', 'alert_quantity', 'outcome'];
    const columns = indexColumns();
    for (const filter of [{}, { outcomes: ['none' as const] }, { risks: ['high' as const] }]) {
      const sql = filterSql('b', filter);
      const chart = columns.get(sql.chartIndex) ?? [];
      const read = filtered.filter((column) => sql.where.includes(`ri.${column}`));
      expect(read.filter((column) => !chart.includes(column))).toEqual([]);
      const plan = (
        db
          .prepare(
            `EXPLAIN QUERY PLAN SELECT ri.status, ri.risk, ri.score, COUNT(*) FROM result_index ri
             INDEXED BY ${sql.chartIndex} WHERE ${sql.where} GROUP BY ri.status, ri.risk, ri.score`,
          )
          .all(sql.params) as Array<{ detail: string }>
      )
        .map((step) => step.detail)
        .join('\n');
      expect(plan).toContain(`COVERING INDEX ${sql.chartIndex}`);
    }
  });
});
