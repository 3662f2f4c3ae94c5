/**
 * The results exports follow the results screen: the rows of its filter in the order of its sort
 * (column and direction), read along the sort's index so a million rows are never sorted in
 * memory.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outputColumns } from '../../electron/core/bulk/output';
import { exportRowsSql } from '../../electron/core/store/export.repo';
import type { ResultFilter, ResultSortColumn, SavedExport } from '../../shared/contract/results';
import { detectHeaderRow, readSpreadsheet } from '../../shared/spreadsheet';
import { savedBytes } from '../support/result-handlers';
import { resultsFixture, unwrap, type ResultsFixture } from './results-fixture';

let fixture: ResultsFixture;
beforeAll(async () => {
  fixture = await resultsFixture();
});
afterAll(() => fixture.close());

type Direction = 'asc' | 'desc';

/** The `Row` column of an export, top to bottom. */
function rowNumbers(file: SavedExport): string[] {
  const read = readSpreadsheet(new Uint8Array(savedBytes(file)), file.fileName);
  if (!read.ok) throw new Error(read.problem.message);
  const text = read.value.rows.map((row) => row.map((cell) => cell?.text ?? ''));
  const column = outputColumns.indexOf('row');
  return text.slice(detectHeaderRow(read.value.rows) + 1).map((row) => row[column] ?? '');
}

/** The `Row` of every line the results screen shows for a filter and a sort. */
async function screenRows(filter: ResultFilter, sort: ResultSortColumn, direction: Direction) {
  const page = unwrap(
    await fixture.handlers['results.page']({
      batchId: fixture.batchId,
      filter,
      sort,
      direction,
      offset: 0,
      limit: 500,
    }),
  );
  return page.rows.map((row) => String(row.row));
}

const cases: Array<[ResultFilter, ResultSortColumn, Direction]> = [
  [{ risks: ['high'] }, 'score', 'desc'],
  [{}, 'score', 'desc'],
  [{ statuses: ['ok'] }, 'deviceRisk', 'desc'],
  [{}, 'alertQuantity', 'asc'],
  [{ scoreMin: 0.3 }, 'externalId', 'desc'],
  [{}, 'status', 'asc'],
  [{}, 'row', 'desc'],
];

describe('the order of results exports', () => {
  it.each(cases)('writes %j sorted by %s %s, as the screen shows it', async (filter, sort, dir) => {
    const shown = await screenRows(filter, sort, dir);
    expect(shown.length).toBeGreaterThan(1);
    for (const format of ['csv', 'xlsx'] as const) {
      const file = unwrap(
        await fixture.handlers['results.export']({
          batchId: fixture.batchId,
          filter,
          sort,
          direction: dir,
          format,
        }),
      );
      expect(rowNumbers(file)).toEqual(shown);
    }
  });

  it('keeps input order when no sort is given', async () => {
    const file = unwrap(
      await fixture.handlers['results.export']({
        batchId: fixture.batchId,
        filter: { risks: ['high'] },
        format: 'csv',
      }),
    );
    expect(rowNumbers(file)).toEqual(await screenRows({ risks: ['high'] }, 'row', 'asc'));
  });

  it('reads the rows along the sort index, never sorting them apart', () => {
    const filters: ResultFilter[] = [{}, { risks: ['high'] }, { insight: 'DEV0003' }];
    const sorts = ['row', 'score', 'deviceRisk', 'outcome', 'externalId'] as const;
    for (const filter of filters)
      for (const sort of sorts)
        for (const direction of ['asc', 'desc'] as const) {
          const { sql, params } = exportRowsSql(fixture.batchId, filter, sort, direction);
          const plan = fixture.history.db
            .prepare<Record<string, unknown>, { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`)
            .all(params)
            .map((step) => step.detail);
          expect(plan.join('\n')).not.toMatch(/TEMP B-TREE/);
        }
  });
});
