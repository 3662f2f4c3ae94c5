/** Waits for `ms`, or rejects early when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new Error('aborted'));
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export interface RateLimiter {
  /** Resolves when one more request may start; rejects if `signal` aborts while waiting. */
  take(signal?: AbortSignal): Promise<void>;
}

/**
 * A token bucket: `ratePerSecond` tokens a second, holding at most `burst`. Waiters are served in
 * order by reserving the time at which their token will exist. Null means no limit.
 *
 * `now` is a monotonic clock (`performance.now`), never the wall clock: a wall clock set back ten
 * minutes would put the next token ten minutes away, and the run would send nothing meanwhile.
 * Should a clock given here go back all the same, no time has passed; it is never a debt.
 */
export function createRateLimiter(
  ratePerSecond: number | null,
  now: () => number = () => performance.now(),
  burst = 1,
): RateLimiter {
  if (ratePerSecond === null) return { take: () => Promise.resolve() };
  const interval = 1000 / ratePerSecond;
  let tokens = burst;
  let updated = now();
  return {
    async take(signal) {
      const current = now();
      tokens = Math.min(burst, tokens + Math.max(0, current - updated) / interval);
      updated = current;
      tokens -= 1;
      if (tokens >= 0) return;
      await sleep(-tokens * interval, signal);
    },
  };
}
