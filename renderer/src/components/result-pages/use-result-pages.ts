import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import type {
  ResultFilter,
  ResultRow,
  ResultSortColumn,
} from '../../../../shared/contract/results';
import type { VisibleRange } from '../visible-range';
import { api, unwrap } from '../../lib/device-check';
import { pageOffsets, pageSize, rowAt } from './page-cache';
import { useThrottled } from './use-throttled';
import { queryKeys } from '../../lib/query-keys';

/** The order of a query: one column, either way. */
export interface Sort {
  column: ResultSortColumn;
  direction: 'asc' | 'desc';
}

export interface ResultQuery {
  batchId: string;
  filter: ResultFilter;
  sort: Sort;
}

export function pageKey(query: ResultQuery, offset: number) {
  const { batchId, filter, sort } = query;
  return queryKeys['results.page'](batchId, filter, sort, offset);
}

/** A page of a paged list, and how many rows the whole list has. */
export interface PageAnswer<Row> {
  rows: Row[];
  total: number;
}

/** Where a paged list comes from: a key naming the list, each page's query key, and its fetch. */
export interface PageSource<Row> {
  /** Changes whenever the list does (its filter, sort, source). */
  key: string;
  pageKey: (offset: number) => readonly unknown[];
  fetch: (offset: number) => Promise<PageAnswer<Row>>;
}

/**
 * The rows a table shows, fetched page by page as the range in view needs them. Pages already in
 * the cache show at once; new ones are asked for at most every 100 ms while the analyst scrolls,
 * so a fling across 100,000 rows does not ask for every page on the way. Pages nobody looks at
 * leave the cache after 20 s: the renderer never holds the whole result set.
 */
export function usePages<Row>(source: PageSource<Row>, range: VisibleRange, running: boolean) {
  const baseKey = source.key;
  // The last total for this list decides which pages the range needs, before they answer.
  const [known, setKnown] = useState<{ key: string; total: number } | null>(null);
  const total = known?.key === baseKey ? known.total : null;
  const offsets = pageOffsets(range, total ?? 0);
  const fetchable = useThrottled(offsets.join(','), 100);

  const results = useQueries({
    queries: offsets.map((offset) => ({
      queryKey: source.pageKey(offset),
      queryFn: () => source.fetch(offset),
      enabled: offset === 0 || fetchable.split(',').includes(String(offset)),
      staleTime: running ? 0 : 60_000,
      gcTime: 20_000,
      refetchInterval: running ? 2_000 : (false as const),
    })),
  });

  const answered = results.find((result) => result.data)?.data;
  // Kept for the next render as state set during render (React's "information from previous
  // renders"), not a ref: a ref read during render can show a stale value.
  if (answered && (known?.key !== baseKey || known.total !== answered.total))
    setKnown({ key: baseKey, total: answered.total });

  // At most three pages: rebuilt every render, while the row objects stay those of the cache.
  const pages = new Map<number, Row[]>();
  results.forEach((result, index) => {
    const offset = offsets[index];
    if (result.data && offset !== undefined) pages.set(offset, result.data.rows);
  });

  return {
    total: answered?.total ?? total,
    row: (index: number) => rowAt(pages, index),
    error: results.find((result) => result.error)?.error ?? null,
  };
}

/** A batch's results, a page at a time (see `usePages`). */
export function useResultPages(query: ResultQuery, range: VisibleRange, running: boolean) {
  const source: PageSource<ResultRow> = {
    key: JSON.stringify([query.batchId, query.filter, query.sort]),
    pageKey: (offset) => pageKey(query, offset),
    fetch: (offset) =>
      unwrap(
        api.results.page({
          batchId: query.batchId,
          filter: query.filter,
          sort: query.sort.column,
          direction: query.sort.direction,
          offset,
          limit: pageSize,
        }),
      ),
  };
  return usePages(source, range, running);
}
