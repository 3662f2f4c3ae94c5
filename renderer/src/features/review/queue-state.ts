/**
 * The review queue's filter and sort as the analyst chose them, and the query the core receives
 * (which filters and orders a batch's rows and a search's lookups alike).
 */
import type { ResultFilter } from '../../../../shared/contract/results';
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
