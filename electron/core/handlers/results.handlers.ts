import type { ResultAggregates, ResultFilter } from '../../../shared/contract/results';
import { fail, ok, type Result } from '../../../shared/result';
import type { CoreContext, HandlerGroup } from '../context';
import { batchesRepo, noBatch, refuseDeleting, type BatchRecord } from '../store/batches.repo';
import { resultsRepo } from '../store/results.repo';
import { searchRepo } from '../store/search.repo';
import { fromStore } from './from-store';

/** Resolves after the events waiting (other requests, I/O) have had their turn. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

type Names =
  | 'results.page'
  | 'results.aggregates'
  | 'results.detail'
  | 'history.search'
  | 'history.searchSummary'
  | 'devices.get';

/** The results screen, the history search and the device view (exports: results-export.handlers). */
export function resultHandlers({ db }: Pick<CoreContext, 'db'>): HandlerGroup<Names> {
  const batches = batchesRepo(db);
  const results = resultsRepo(db);
  const history = searchRepo(db);

  function withBatch<T>(batchId: string, read: (batch: BatchRecord) => T): Promise<Result<T>> {
    return fromStore(() => {
      const batch = batches.get(batchId);
      if (!batch) return noBatch(batchId);
      return refuseDeleting(batch) ?? ok(read(batch));
    });
  }

  /**
   * The charts, asked with the page of the same filter change: the page goes first (a turn of
   * the event loop), so its rows and count never wait for the charts' pass over the rows.
   */
  async function chartsOf(
    batchId: string,
    filter: ResultFilter,
  ): Promise<Result<ResultAggregates>> {
    await nextTurn();
    return withBatch(batchId, () => results.aggregates(batchId, filter));
  }

  return {
    'results.page': (query) => withBatch(query.batchId, () => results.page(query)),
    'results.aggregates': ({ batchId, filter }) => chartsOf(batchId, filter),
    'results.detail': ({ batchId, seq }) =>
      fromStore(() => {
        const detail = results.detail(batchId, seq);
        return detail
          ? ok(detail)
          : fail('validation', `There is no row ${seq} in batch ${batchId}.`);
      }),
    'history.search': ({ query, ...asked }) => fromStore(() => ok(history.page(query, asked))),
    'history.searchSummary': ({ query }) => fromStore(() => ok(history.summary(query))),
    'devices.get': ({ deviceId }) => fromStore(() => ok(history.device(deviceId))),
  };
}
