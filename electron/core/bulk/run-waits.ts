import type { BatchEvent } from './progress';

/**
 * What holds a run up besides its own requests, told with each progress event while it lasts:
 * the wait the service asked for (Retry-After), and the history's lock held by another process
 * past the busy timeout (busy.ts). Each is said at once when it starts, as nothing else moves
 * meanwhile; the first progress event without it says the run went on.
 */
export function runWaits(now: () => number) {
  /** Until when, and why, the service asked to wait. */
  let service: { status: number; until: number } | null = null;
  let history = false;

  return {
    /** The service asked to wait `delayMs`; false when a wait as long was already told. */
    service(status: number, delayMs: number): boolean {
      const until = now() + delayMs;
      if (service && service.until >= until) return false;
      service = { status, until };
      return true;
    },
    /** The run's writes started or stopped waiting for the lock; false when nothing changed. */
    history(waiting: boolean): boolean {
      if (history === waiting) return false;
      history = waiting;
      return true;
    },
    /** `event` with the waits that last yet, when it is a progress event. */
    told(event: BatchEvent): BatchEvent {
      if (event.type !== 'progress') return event;
      const left = service ? service.until - now() : 0;
      if (left <= 0) service = null;
      return {
        ...event,
        ...(service
          ? { serviceWait: { status: service.status, seconds: Math.ceil(left / 1000) } }
          : {}),
        ...(history ? { historyWait: true } : {}),
      };
    },
  };
}
