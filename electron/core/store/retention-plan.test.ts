import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempHistory } from '../../../tests/support/history';
import { forgetSql } from './retention';

let history: Awaited<ReturnType<typeof tempHistory>>;
beforeAll(async () => {
  history = await tempHistory();
});
afterAll(() => history.close());

/** SQLite's plan for a statement, one line per step. */
function planOf(sql: string): string[] {
  return history.db
    .prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .all({ rows: '[]' })
    .map((step) => (step as { detail: string }).detail);
}

describe('a CPF request at a million reviewed rows', () => {
  // A correlated EXISTS read every outcome and, for each, every row of its environment's batches:
  // over ten minutes holding the history's lock at 994,970 outcomes (2 ms found by their index).
  it.each(Object.entries(forgetSql))(
    'finds the %s it removes through an index, reading no table whole',
    (_name, sql) => {
      const plan = planOf(sql);
      expect(plan.join('\n')).not.toMatch(/^SCAN (outcomes|outcome_changes|batch_rows)\b/m);
      expect(plan.join('\n')).not.toMatch(/CORRELATED/);
      expect(plan[0]).toMatch(/^SEARCH (outcomes|outcome_changes) USING/);
    },
  );
});
