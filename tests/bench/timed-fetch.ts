import type { FetchFn } from '../../electron/core/service/fetch-types';
import { nodeFetch } from '../../electron/core/service/node-fetch';

/**
 * A fetch that notes when the first lookup left and the last lookup was answered, so an
 * efficiency is measured over the window the service was busy (as the issue measured it at the
 * emulator) and not over start-up or the final bookkeeping. It sends as `dcdesk bulk` does
 * (`nodeFetch`).
 */
export function timedFetch() {
  let first = Number.POSITIVE_INFINITY;
  let last = 0;
  const send = nodeFetch();
  const fetch: FetchFn = async (url, init) => {
    const lookup = url.endsWith('/insights');
    if (lookup) first = Math.min(first, performance.now());
    try {
      return await send(url, init);
    } finally {
      if (lookup) last = performance.now();
    }
  };
  return {
    fetch,
    /** Seconds from the first lookup sent to the last one answered. */
    seconds: () => (last - first) / 1000,
  };
}
