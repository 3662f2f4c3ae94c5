import type { BatchEvent } from '../../../../shared/batch';

/** How often a run's progress moves the list of batches, at most. */
export const listProgressEveryMs = 1_000;

export interface ListTimers {
  set: (run: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
}

const windowTimers: ListTimers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * The run events the list of batches takes, fewer than the run panel: the list is read on
 * several screens at once (the header, the batch list, Review, Send outcomes), all rendered
 * again in one task whenever it changes, and progress comes four times a second (issue 13).
 * A batch's progress goes to `apply` at most once every `everyMs`, the last one (its counts are
 * totals); any other event goes at once, and drops that batch's progress still waiting.
 */
export function listProgress(
  apply: (events: BatchEvent[]) => void,
  everyMs = listProgressEveryMs,
  timers = windowTimers,
) {
  const waiting = new Map<string, BatchEvent>();
  let timer: unknown = null;
  const flush = () => {
    timer = null;
    const events = [...waiting.values()];
    waiting.clear();
    if (events.length > 0) apply(events);
  };
  return {
    take(event: BatchEvent): void {
      if (event.type !== 'progress') {
        waiting.delete(event.batchId);
        apply([event]);
        return;
      }
      waiting.set(event.batchId, event);
      timer ??= timers.set(flush, everyMs);
    },
    /** No more events: what waits is dropped. */
    stop(): void {
      if (timer !== null) timers.clear(timer);
      timer = null;
      waiting.clear();
    },
  };
}
