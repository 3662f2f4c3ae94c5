/**
 * The queue's rows from either source, behind one shape: a count and the row at a position.
 * A batch's rows are fetched page by page as the range in view needs them (as the results table
 * does); a search's hits (at most a few hundred) are filtered and sorted here.
 */
import { useMemo } from 'react';
import type { ResultFilter, ResultRow, SearchHit } from '../../../../shared/contract/results';
import type { VisibleRange } from '../../components/visible-range';
import { pageOffsets, pageSize } from '../../components/result-pages/page-cache';
import { useResultPages } from '../../components/result-pages/use-result-pages';
import { useSearch } from '../search/use-search';
import { matchesFilter, sortOf, sortRows, type QueueSort } from './queue-state';
import type { QueueRow, QueueRows } from './queue-row';

export { targetOf, type QueueRow, type QueueRows } from './queue-row';

export interface QueueQuery {
  filter: ResultFilter;
  sort: QueueSort;
  range: VisibleRange;
  running: boolean;
}

/** Wrapping keeps each row object stable while its page is cached, so lines stay memoised. */
const wrapped = new WeakMap<ResultRow, QueueRow>();

/** One batch's rows, a page at a time. */
export function useBatchRows(
  batchId: string,
  { filter, sort, range, running }: QueueQuery,
): QueueRows {
  const query = useMemo(() => ({ batchId, filter, sort: sortOf(sort) }), [batchId, filter, sort]);
  const pages = useResultPages(query, range, running);
  const rowAt = (index: number): QueueRow | undefined => {
    const row = pages.row(index);
    if (!row) return undefined;
    let queueRow = wrapped.get(row);
    if (!queueRow) {
      queueRow = { batchId, row };
      wrapped.set(row, queueRow);
    }
    return queueRow;
  };
  const total = pages.total;
  return {
    total,
    rowAt,
    loaded: () => {
      const offsets = pageOffsets(range, total ?? 0);
      const indexes: number[] = [];
      for (const offset of offsets)
        for (let index = offset; index < Math.min(total ?? 0, offset + pageSize); index += 1)
          if (pages.row(index)) indexes.push(index);
      return indexes;
    },
    error: pages.error,
  };
}

/** The hits of a history search, filtered and sorted in memory. */
export function useSearchRows(query: string, { filter, sort }: QueueQuery): QueueRows {
  const search = useSearch(query);
  const rows = useMemo(() => {
    const hits: SearchHit[] = (search.data ?? []).filter((hit) => matchesFilter(hit, filter));
    return sortRows(hits, sort).map((hit) => ({ batchId: hit.batchId, row: hit }));
  }, [search.data, filter, sort]);
  return {
    total: search.data ? rows.length : null,
    rowAt: (index) => rows[index],
    loaded: () => rows.map((_, index) => index),
    error: search.error,
  };
}
