/**
 * How far a bulk outcome over a filter is, from the core's `main:outcomes.progress` events: a
 * million rows take minutes, so the bulk bar says which row it has reached.
 */
import type { OutcomesProgressEvent } from '../../../../shared/contract/events';

export type BulkProgress = Pick<OutcomesProgressEvent, 'done' | 'total'>;

/** The progress shown after `event`: only this batch's, and never backwards (events may cross). */
export function nextBulkProgress(
  shown: BulkProgress | null,
  event: OutcomesProgressEvent,
  batchId: string,
): BulkProgress | null {
  if (event.batchId !== batchId) return shown;
  if (shown !== null && shown.total === event.total && shown.done >= event.done) return shown;
  return { done: event.done, total: event.total };
}
