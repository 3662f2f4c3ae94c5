import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { BatchSummary } from '../../../../shared/contract/results';
import { api } from '../../lib/device-check';
import { applyEvent, applyEventToList, endsARun, speedOf, type RunSpeed } from './batch-events';
import { chartRefresh } from './charts/chart-refresh';
import { listProgress } from './list-progress';
import { refreshBatch } from './use-batches';
import { queryKeys, queryScopes } from '../../lib/query-keys';

export interface LiveRuns {
  /** The last measured speed of each batch running now. */
  speeds: Readonly<Record<string, RunSpeed>>;
  /** Why a run stopped when its results could not be stored (English, from the core). */
  failures: Readonly<Record<string, string>>;
}

/** A copy of `record` with `key` set to `value`, or without `key` when `value` is null. */
function withEntry<T>(
  record: Readonly<Record<string, T>>,
  key: string,
  value: T | null,
): Record<string, T> {
  const entries = Object.entries(record).filter(([name]) => name !== key);
  return Object.fromEntries(value === null ? entries : [...entries, [key, value]]);
}

/**
 * Follows every run's progress events (the core already throttles them) into the query cache, so
 * the list, the run panel and the charts move without polling. Subscribed once, while the app is
 * open.
 */
export function useBatchEvents(): LiveRuns {
  const client = useQueryClient();
  const [live, setLive] = useState<LiveRuns>({ speeds: {}, failures: {} });

  useEffect(() => {
    // The list less often than the batch itself (see listProgress).
    const list = listProgress((events) =>
      client.setQueryData<BatchSummary[]>(queryKeys['batches.list'](), (current) =>
        current ? events.reduce(applyEventToList, current) : current,
      ),
    );
    // The charts with the counts, not on a timer of their own that left them behind.
    const charts = chartRefresh(client);
    const unsubscribe = api.onBatchProgress((event) => {
      client.setQueryData<BatchSummary>(queryKeys['batches.get'](event.batchId), (summary) =>
        summary ? applyEvent(summary, event) : summary,
      );
      charts.take(event);
      list.take(event);
      const speed = speedOf(event);
      setLive((current) => ({
        speeds: withEntry(current.speeds, event.batchId, speed),
        failures: withEntry(
          current.failures,
          event.batchId,
          event.type === 'failed' ? event.message : null,
        ),
      }));
      if (event.type === 'started' || endsARun(event)) refreshBatch(client, event.batchId);
      if (endsARun(event)) {
        void client.invalidateQueries({ queryKey: queryScopes.results(event.batchId) });
        void client.invalidateQueries({ queryKey: queryScopes.recentLookups });
      }
    });
    return () => {
      unsubscribe();
      list.stop();
    };
  }, [client]);

  return live;
}
