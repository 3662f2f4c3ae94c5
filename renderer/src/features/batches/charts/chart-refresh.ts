import type { QueryClient } from '@tanstack/react-query';
import type { BatchEvent } from '../../../../../shared/batch';
import { queryScopes } from '../../../lib/query-keys';

/**
 * A running batch's charts move with its counts: each progress event (the core sends at most
 * four a second, the ones that move the run panel's counts) reads the charts on screen again
 * (`results.aggregates`, well under a second for a million rows). One read at a time: progress
 * that comes while the charts are being read asks for one more read once it ends, so a slow read
 * never piles up others behind it and the last counts are always drawn. Charts not on screen
 * are left; they are read when shown.
 */
export function chartRefresh(client: QueryClient) {
  const reading = new Set<string>();
  const again = new Set<string>();

  function refresh(batchId: string): void {
    if (reading.has(batchId)) {
      again.add(batchId);
      return;
    }
    reading.add(batchId);
    void client
      .refetchQueries(
        { queryKey: queryScopes.aggregates(batchId), type: 'active' },
        // A read already under way (a filter just changed, say) counts as this one.
        { cancelRefetch: false },
      )
      .finally(() => {
        reading.delete(batchId);
        if (again.delete(batchId)) refresh(batchId);
      });
  }

  return {
    take(event: BatchEvent): void {
      if (event.type === 'progress') refresh(event.batchId);
    },
  };
}
