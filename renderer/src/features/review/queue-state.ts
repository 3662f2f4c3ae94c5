/**
 * The review queue's filter and sort as the analyst chose them, and the query the core receives.
 * Pure, so the same rules order a batch in SQLite and the hits of a search in memory.
 */
import type { ResultFilter, ResultRow } from '../../../../shared/contract/results';
import {
  reviewOutcomes,
  type DeviceRisk,
  type ReviewOutcome,
} from '../../../../shared/domain/types';
import type { Sort } from '../../components/result-pages/use-result-pages';

/** A review state to filter on: one outcome, or not reviewed yet. */
export type ReviewState = ReviewOutcome | 'none';

export const reviewStates: readonly ReviewState[] = ['none', ...reviewOutcomes];
export const riskChoices = [
  'high',
  'medium',
  'low',
  'undefined',
] as const satisfies readonly DeviceRisk[];

export interface QueueFilterForm {
  risks: DeviceRisk[];
  states: ReviewState[];
  /** Only rows the service found a device for: the others cannot be reviewed. */
  reviewableOnly: boolean;
}

export const emptyQueueFilter: QueueFilterForm = { risks: [], states: [], reviewableOnly: false };

/** The filter the core receives; lists sorted so equal choices make equal query keys. */
export function toQueueFilter(form: QueueFilterForm): ResultFilter {
  const filter: ResultFilter = {};
  if (form.risks.length > 0) filter.risks = [...form.risks].sort();
  if (form.states.length > 0) filter.outcomes = [...form.states].sort();
  if (form.reviewableOnly) filter.statuses = ['ok'];
  return filter;
}

/** The orders the queue offers; the first is the default (riskiest first). */
export const queueSorts = ['risk', 'score', 'row', 'outcome', 'externalId'] as const;
export type QueueSort = (typeof queueSorts)[number];

const sorts: Record<QueueSort, Sort> = {
  risk: { column: 'deviceRisk', direction: 'desc' },
  score: { column: 'score', direction: 'desc' },
  row: { column: 'row', direction: 'asc' },
  outcome: { column: 'outcome', direction: 'asc' },
  externalId: { column: 'externalId', direction: 'asc' },
};

export function sortOf(choice: QueueSort): Sort {
  return sorts[choice];
}

const riskRank: Record<DeviceRisk, number> = { undefined: 0, low: 1, medium: 2, high: 3 };
const outcomeRank = (outcome: ReviewOutcome | null) =>
  outcome === null ? reviewOutcomes.length : reviewOutcomes.indexOf(outcome);

/** True when a row passes the filter: the rule the core applies, for rows held in memory. */
export function matchesFilter(row: ResultRow, filter: ResultFilter): boolean {
  if (filter.statuses && !filter.statuses.includes(row.status)) return false;
  if (filter.risks && (row.deviceRisk === null || !filter.risks.includes(row.deviceRisk)))
    return false;
  if (filter.outcomes && !filter.outcomes.includes(row.outcome ?? 'none')) return false;
  return true;
}

/** Values that compare in ascending order; absent values (null) last. */
function compareValues(a: number | string | null, b: number | string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

/**
 * Orders rows held in memory (the hits of a search). Risk sorts riskiest first and then by
 * score, highest first; rows without a value come last whatever the direction.
 */
export function sortRows<T extends ResultRow>(rows: readonly T[], choice: QueueSort): T[] {
  const risk = (row: ResultRow) => (row.deviceRisk === null ? null : -riskRank[row.deviceRisk]);
  const score = (row: ResultRow) => (row.score === null ? null : -row.score);
  const keys: Record<QueueSort, Array<(row: ResultRow) => number | string | null>> = {
    risk: [risk, score],
    score: [score],
    row: [(row) => row.row],
    outcome: [(row) => outcomeRank(row.outcome)],
    externalId: [(row) => row.externalId],
  };
  const order = keys[choice];
  return [...rows].sort((a, b) => {
    for (const key of order) {
      const compared = compareValues(key(a), key(b));
      if (compared !== 0) return compared;
    }
    return a.row - b.row;
  });
}
