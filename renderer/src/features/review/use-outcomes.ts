/** Outcomes through the query cache: the summary, and the changes that refresh every view of them. */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { OperationName } from '../../../../shared/contract/operations';
import type { ReviewTarget } from '../../../../shared/contract/outcomes';
import type { ResultFilter } from '../../../../shared/contract/results';
import type { ReviewOutcome } from '../../../../shared/domain/types';
import { api, unwrap } from '../../lib/device-check';
import { queryKeys, queryScopes } from '../../lib/query-keys';
import { nextBulkProgress, type BulkProgress } from './bulk-progress';

/**
 * Everything that shows an outcome: every batch's result pages (an outcome belongs to a
 * transaction id, which other batches may share), the summaries, the search and device views,
 * and the report, whose labels are the outcomes (an open Report screen reads its figures again).
 */
export function refreshOutcomes(client: QueryClient): void {
  const { allResults, outcomes, history, devices, report } = queryScopes;
  for (const queryKey of [allResults, outcomes, history, devices, report])
    void client.invalidateQueries({ queryKey });
}

/**
 * The announced operations that delete rows, not only outcomes: a retention purge (whole batches),
 * one batch deleted, and a CPF erased (rows of any batch, whose totals shrink); and any change
 * another process made (`elsewhere`: `dcdesk purge --batch`, say), which may be any of them.
 */
const deletingOperations: ReadonlyArray<OperationName | 'elsewhere'> = [
  'history.purge',
  'history.forgetCpf',
  'history.deleteBatch',
  'elsewhere',
];

/**
 * Follows outcome changes made anywhere (another window, this one): each refreshes every view of
 * outcomes and of what is still to send, so two windows never disagree. Subscribed once.
 */
export function useOutcomeEvents(): void {
  const client = useQueryClient();
  useEffect(
    () =>
      api.onOutcomesChanged(({ operation }) => {
        // Rows gone: every count shown may have held them (a batch's header and progress, the
        // batches list, the report, the send screen), not only the outcomes; all are read again.
        if (deletingOperations.includes(operation)) {
          void client.invalidateQueries();
          return;
        }
        refreshOutcomes(client);
        void client.invalidateQueries({ queryKey: queryScopes.uploads });
      }),
    [client],
  );
}

/** Outcome changes run one after another, so `3` then `0` on a row always ends cleared. */
const serial = { id: 'outcomes' };

export function useSetOutcome() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { targets: ReviewTarget[]; outcome: ReviewOutcome | null }) =>
      unwrap(api.outcomes.set(input)),
    scope: serial,
    onSettled: () => refreshOutcomes(client),
  });
}

export function useSetFiltered() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      batchId: string;
      filter: ResultFilter;
      outcome: ReviewOutcome | null;
      expected?: number;
    }) => unwrap(api.outcomes.setFiltered(input)),
    scope: serial,
    onSettled: () => refreshOutcomes(client),
  });
}

/** The same over every lookup a history search matches that passes the filter. */
export function useSetSearched() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      query: string;
      filter: ResultFilter;
      outcome: ReviewOutcome | null;
      expected?: number;
    }) => unwrap(api.outcomes.setSearched(input)),
    scope: serial,
    onSettled: () => refreshOutcomes(client),
  });
}

/** Reviewed transactions of one batch. */
export function useOutcomeSummary(batchId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys['outcomes.summary'](batchId),
    queryFn: () => unwrap(api.outcomes.summary(batchId === null ? {} : { batchId })),
    enabled,
  });
}

/** The progress of this batch's bulk outcome while `running`; null otherwise. */
export function useBulkProgress(batchId: string, running: boolean): BulkProgress | null {
  const [shown, setShown] = useState<BulkProgress | null>(null);
  useEffect(() => {
    if (!running) return undefined;
    const stop = api.onOutcomesProgress((event) =>
      setShown((previous) => nextBulkProgress(previous, event, batchId)),
    );
    return () => {
      stop();
      setShown(null);
    };
  }, [batchId, running]);
  return running ? shown : null;
}
