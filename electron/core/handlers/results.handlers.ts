import type { ResultAggregates, ResultFilter } from '../../../shared/contract/results';
import { fail, ok, type Result } from '../../../shared/result';
import { filterSql } from '../store/result-filter';
import type { CoreContext, HandlerGroup } from '../context';
import { batchesRepo, type BatchRecord } from '../store/batches.repo';
import { resultsRepo } from '../store/results.repo';
import { searchRepo } from '../store/search.repo';
import { fromStore } from './from-store';

/** Resolves after the events waiting (other requests, I/O) have had their turn. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** SQLite's NOCASE order of two codes: ASCII letters without case, then as they are. */
function compareCodes(a: string, b: string): number {
  const upperA = a.toUpperCase();
  const upperB = b.toUpperCase();
  return upperA < upperB ? -1 : upperA > upperB ? 1 : 0;
}

type Names =
  'results.page' | 'results.aggregates' | 'results.detail' | 'history.search' | 'devices.get';

/** The results screen, the history search and the device view (exports: results-export.handlers). */
export function resultHandlers(
  { db }: Pick<CoreContext, 'db'>,
  sliceRows = 65_536,
): HandlerGroup<Names> {
  const batches = batchesRepo(db);
  const results = resultsRepo(db);
  const history = searchRepo(db);

  function withBatch<T>(batchId: string, read: (batch: BatchRecord) => T): Promise<Result<T>> {
    return fromStore(() => {
      const batch = batches.get(batchId);
      return batch ? ok(read(batch)) : fail('validation', `There is no batch ${batchId}.`);
    });
  }

  /**
   * The charts. Unfiltered they are read from counts kept by triggers. Under a filter the top
   * insight codes are counted over the filtered rows' codes, seconds at a million rows: counted
   * in slices of `sliceRows` rows with a turn of the event loop between, so the page and its
   * count asked at the same moment, and every other window, are answered meanwhile.
   */
  async function chartsOf(
    batchId: string,
    filter: ResultFilter,
  ): Promise<Result<ResultAggregates>> {
    // The page of the same filter change, asked with these charts, goes first.
    await nextTurn();
    if (!filterSql(batchId, filter).filtered)
      return withBatch(batchId, () => results.aggregates(batchId, filter));
    const counted = await withBatch(batchId, (batch) => ({
      total: batch.total,
      charts: results.aggregates(batchId, filter, { topInsights: false }),
    }));
    if (!counted.ok) return counted;
    const codes = new Map<string, { code: string; count: number }>();
    for (let from = 1; from <= counted.value.total; from += sliceRows) {
      await nextTurn();
      const slice = await fromStore(() =>
        ok(results.insightCountsBetween(batchId, filter, from, from + sliceRows - 1)),
      );
      if (!slice.ok) return slice;
      for (const { code, count } of slice.value) {
        // Codes compare without case, as the codes table does.
        const key = code.toUpperCase();
        const entry = codes.get(key) ?? { code, count: 0 };
        entry.count += count;
        codes.set(key, entry);
      }
    }
    const topInsights = [...codes.values()]
      .sort((a, b) => b.count - a.count || compareCodes(a.code, b.code))
      .slice(0, 10);
    return ok({ ...counted.value.charts, topInsights });
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
    'history.search': ({ query, limit }) => fromStore(() => ok(history.search(query, limit))),
    'devices.get': ({ deviceId }) => fromStore(() => ok(history.device(deviceId))),
  };
}
