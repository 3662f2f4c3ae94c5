/** Batches through the query cache: the list, one batch, and the commands that change a run. */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/device-check';
import { queryKeys } from '../../lib/query-keys';

export function useBatchList() {
  return useQuery({
    queryKey: queryKeys['batches.list'](),
    queryFn: () => unwrap(api.batches.list({})),
    staleTime: 5_000,
  });
}

export function useBatch(batchId: string) {
  return useQuery({
    queryKey: queryKeys['batches.get'](batchId),
    queryFn: () => unwrap(api.batches.get({ batchId })),
    staleTime: 5_000,
    // Rows still being stored: asked for again, so a window gone meanwhile shows as such.
    refetchInterval: (query) => (query.state.data?.storing ? 5_000 : false),
  });
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
