import type { ResultFilter, ResultSortColumn } from '../../../shared/contract/results';
import type { DeviceRisk, ReviewOutcome } from '../../../shared/domain/types';
import { batchKeyOf } from './batch-key';

/** The rank `result_index.risk` stores for each device risk (see migration 0003). */
export const riskRanks: Record<DeviceRisk, number> = { undefined: 0, low: 1, medium: 2, high: 3 };

/**
 * The rank `result_index.outcome` stores for each outcome (see migrations 0004 and 0009): the
 * order of `reviewOutcomes`, the keys 1 to 4 of the review queue. Rows not reviewed hold NULL.
 */
export const outcomeRanks: Record<ReviewOutcome, number> = {
  Suspeito: 0,
  'Fraude Confirmada': 1,
  'Device Positivado': 2,
  Legítima: 3,
};

/** `column` (an outcome's text) as its rank, for statements that write `result_index`. */
export function outcomeRankSql(column: string): string {
  const cases = Object.entries(outcomeRanks).map(
    ([outcome, rank]) => `WHEN '${outcome}' THEN ${String(rank)}`,
  );
  return `CASE ${column} ${cases.join(' ')} END`;
}

/**
 * Sortable columns of the contract mapped to `result_index` columns. Only these strings ever
 * reach the SQL text; each has an index `(batch_key, column, seq)`, so a sorted page is an index
 * walk.
 */
const sortColumns: Record<ResultSortColumn, string> = {
  row: 'source_row',
  externalId: 'external_id',
  status: 'status',
  // Within one risk the higher score is the riskier row (the review queue's default order).
  deviceRisk: 'risk, score',
  score: 'score',
  alertQuantity: 'alert_quantity',
  deviceAge: 'device_age',
  outcome: 'outcome',
};

/**
 * The index `(batch_key, column…, seq)` of each sort: walking it reads a batch's rows in the
 * sort's order without sorting them (the exports, which read every row anyway).
 */
export const sortIndexes: Record<ResultSortColumn, string> = {
  row: 'result_index_row',
  externalId: 'result_index_external',
  status: 'result_index_status',
  deviceRisk: 'result_index_risk',
  score: 'result_index_score',
  alertQuantity: 'result_index_alerts',
  deviceAge: 'result_index_age',
  outcome: 'result_index_outcome',
};

export type Direction = 'asc' | 'desc';

const directions: Record<Direction, string> = { asc: 'ASC', desc: 'DESC' };

/**
 * `ORDER BY` for a sort, the row's `seq` breaking ties in the same direction, so the order is
 * total and `desc` is exactly `asc` reversed. Rows without a value (no answer yet, no score) sort
 * first ascending and last descending, as SQLite orders NULL. Throws on anything outside the
 * whitelist, in case a caller skipped the contract's schema.
 *
 * `walk: false` writes each key as `+key` (the same value and order), which SQLite cannot read
 * from an index: it then finds the rows by the filter's best index, or one pass over the batch,
 * and sorts them. Walking the sort's index instead looks up every entry it passes to check the
 * filter: 2.4 s for the high-risk rows of a million by score, all after the lower scores.
 */
export function orderBy(
  sort: ResultSortColumn,
  direction: Direction,
  alias = 'ri',
  walk = true,
): string {
  const column = Object.hasOwn(sortColumns, sort) ? sortColumns[sort] : null;
  const dir = Object.hasOwn(directions, direction) ? directions[direction] : null;
  if (column === null || dir === null) throw new Error(`Cannot sort by ${sort} ${direction}.`);
  const keys = [...column.split(', '), 'seq'];
  return keys.map((key) => `${walk ? '' : '+'}${alias}.${key} ${dir}`).join(', ');
}

/**
 * A WHERE clause over `result_index ri` and its named parameters (`@batchId`, the batch's ID, is
 * always one).
 */
export interface FilterSql {
  where: string;
  params: Record<string, string | number>;
  /** False when only the batch restricts the rows. */
  filtered: boolean;
  /**
   * The index holding every column the filter reads, to count its rows along (for the charts):
   * the chart index, or the outcome's when the filter reads the outcome (migration 0024).
   */
  chartIndex: 'result_index_chart' | 'result_index_outcome';
  /**
   * The batch's rows the filter leaves out, with the same parameters: a condition that is false
   * or NULL (an empty score, say) leaves its row out. Nothing when not `filtered`.
   */
  outside: string;
  /**
   * `where` as one term SQLite reads from no index but the batch's (`+(…)`, the same value): it
   * then reads the rows from an index that holds every column the statement needs, or the table,
   * in one pass. Picking the score's index for `score >= 0.5` instead looked up each of half a
   * million rows to read the rest (1.8 s for a page).
   */
  scan: string;
  /**
   * The filter's conditions alone, without the batch (`1` when there are none): for rows of any
   * batch joined to their `result_index ri` entry (the history search). `@batchId` is not read.
   */
  matching: string;
}

/**
 * The filter as SQL made of fixed fragments; every value goes in as a parameter (lists as JSON
 * read with `json_each`). An empty list means "any", like an absent one. The insight filter
 * finds the code's number (`insight_codes`, without case) and reads `lookup_insights` through its
 * `(batch_key, code_id)` index; `none` among the outcomes means rows not reviewed.
 */
export function filterSql(batchId: string, filter: ResultFilter): FilterSql {
  const conditions: string[] = [`ri.batch_key = ${batchKeyOf('@batchId')}`];
  const params: Record<string, string | number> = { batchId };
  if (filter.statuses && filter.statuses.length > 0) {
    conditions.push('ri.status IN (SELECT value FROM json_each(@statuses))');
    params.statuses = JSON.stringify(filter.statuses);
  }
  if (filter.risks && filter.risks.length > 0) {
    conditions.push('ri.risk IN (SELECT value FROM json_each(@risks))');
    params.risks = JSON.stringify(filter.risks.map((risk) => riskRanks[risk]));
  }
  if (filter.scoreMin !== undefined) {
    conditions.push('ri.score >= @scoreMin');
    params.scoreMin = filter.scoreMin;
  }
  if (filter.scoreMax !== undefined) {
    conditions.push('ri.score <= @scoreMax');
    params.scoreMax = filter.scoreMax;
  }
  if (filter.alertMin !== undefined) {
    conditions.push('ri.alert_quantity >= @alertMin');
    params.alertMin = filter.alertMin;
  }
  if (filter.outcomes && filter.outcomes.length > 0) {
    const ranks = filter.outcomes.flatMap((outcome) =>
      outcome === 'none' ? [] : [outcomeRanks[outcome]],
    );
    const reviewed = 'ri.outcome IN (SELECT value FROM json_each(@outcomes))';
    const unreviewed = 'ri.outcome IS NULL';
    const none = filter.outcomes.includes('none');
    if (ranks.length > 0) params.outcomes = JSON.stringify(ranks);
    conditions.push(
      ranks.length === 0 ? unreviewed : none ? `(${unreviewed} OR ${reviewed})` : reviewed,
    );
  }
  const insight = filter.insight?.trim();
  if (insight) {
    // The sets of codes holding the code (a few, migration 0016): the row's set is in every
    // chart entry, where listing the rows of a code common to a million built a million-entry set.
    conditions.push(
      `ri.insight_set IN (SELECT s.id FROM insight_sets s
        JOIN json_each('[' || replace(s.codes, ' ', ',') || ']') j
        WHERE j.value = (SELECT id FROM insight_codes WHERE code = @insight))`,
    );
    params.insight = insight;
  }
  const [batch, ...rest] = conditions;
  return {
    where: conditions.join(' AND '),
    params,
    filtered: rest.length > 0,
    chartIndex:
      filter.outcomes && filter.outcomes.length > 0 ? 'result_index_outcome' : 'result_index_chart',
    outside: `${batch} AND ${rest.length > 0 ? `(${rest.join(' AND ')}) IS NOT 1` : '0'}`,
    scan: rest.length > 0 ? `${batch} AND +(${rest.join(' AND ')})` : `${batch}`,
    matching: rest.length > 0 ? rest.join(' AND ') : '1',
  };
}
