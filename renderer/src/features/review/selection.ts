/**
 * The rows the analyst ticked, across pages: a map from a row's key to its target, so a bulk
 * change can be sent without the rows themselves. Every function returns a new map.
 */
import type { ReviewTarget } from '../../../../shared/contract/outcomes';

export type Selection = ReadonlyMap<string, ReviewTarget>;

export const noSelection: Selection = new Map();

/** One row's key: a batch's rows and a search's hits alike. */
export function targetKey(target: ReviewTarget): string {
  return `${target.batchId}:${String(target.seq)}`;
}

export function isSelected(selection: Selection, target: ReviewTarget): boolean {
  return selection.has(targetKey(target));
}

export function toggleTarget(selection: Selection, target: ReviewTarget, on?: boolean): Selection {
  const key = targetKey(target);
  const next = new Map(selection);
  if (on ?? !next.has(key)) next.set(key, { batchId: target.batchId, seq: target.seq });
  else next.delete(key);
  return next;
}

/**
 * Ticks every loaded row between two positions (both included), as a shift-click does; rows whose
 * page is not loaded (`undefined`) are skipped.
 */
export function selectRange(
  selection: Selection,
  targetAt: (index: number) => ReviewTarget | undefined,
  from: number,
  to: number,
): Selection {
  const next = new Map(selection);
  const [start, end] = from <= to ? [from, to] : [to, from];
  for (let index = Math.max(0, start); index <= end; index += 1) {
    const target = targetAt(index);
    if (target) next.set(targetKey(target), { batchId: target.batchId, seq: target.seq });
  }
  return next;
}

/** The targets to send, in a stable order. */
export function selectedTargets(selection: Selection): ReviewTarget[] {
  return [...selection.values()];
}
