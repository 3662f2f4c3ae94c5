/** Batches through the query cache: the list, one batch, and the commands that change a run. */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, unwrap } from '../../lib/device-check';
import { queryKeys } from '../../lib/query-keys';

export function useBatchList() {
  return useQuery({
    queryKey: queryKeys['batches.list'](),
    queryFn: () => unwrap(api.batches.list({})),
    staleTime: 5_000,
  });
}

/** How often a batch whose state moves without events of this window is asked for again. */
export const batchAskAgainMs = 5_000;

export function useBatch(batchId: string) {
  const query = useQuery({
    queryKey: queryKeys['batches.get'](batchId),
    queryFn: () => unwrap(api.batches.get({ batchId })),
    staleTime: 5_000,
  });
  // Rows still being stored (a window gone meanwhile shows as such), or a run another process
  // holds (its counts move without events here). A timer of its own: react-query restarts a
  // refetchInterval at every setQueryData, and the run's progress events write one each.
  const batch = query.data;
  const askAgain = Boolean(batch?.storing) || (batch?.state === 'running' && !batch.live);
  const { refetch } = query;
  useEffect(() => {
    if (!askAgain) return;
    const timer = setInterval(() => void refetch(), batchAskAgainMs);
    return () => clearInterval(timer);
  }, [askAgain, refetch]);
  return query;
}

export type BatchCommand = 'pause' | 'resume' | 'cancel' | 'retryFailed';

/**
 * Refreshes what the core knows of a batch. Answers to commands are not written into the cache:
 * an event of the run may already have moved the batch on, and the last refetch always wins.
 */
export function refreshBatch(client: QueryClient, batchId: string): void {
  void client.invalidateQueries({ queryKey: queryKeys['batches.get'](batchId) });
  void client.invalidateQueries({ queryKey: queryKeys['batches.list']() });
}

export function useBatchCommand() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ command, batchId }: { command: BatchCommand; batchId: string }) =>
      unwrap(api.batches[command]({ batchId })),
    onSettled: (_summary, _error, { batchId }) => refreshBatch(client, batchId),
  });
}
