/**
 * The queue's rows from either source, behind one shape: a count and the row at a position.
 * Both are fetched page by page as the range in view needs them (as the results table does),
 * filtered and sorted by the core: a batch's rows, or every lookup a search matches.
 */
import { useMemo } from 'react';
import type { ResultFilter, ResultRow, SearchHit } from '../../../../shared/contract/results';
import type { VisibleRange } from '../../components/visible-range';
import { pageOffsets, pageSize } from '../../components/result-pages/page-cache';
import {
  usePages,
  useResultPages,
  type PageSource,
} from '../../components/result-pages/use-result-pages';
import { api, unwrap } from '../../lib/device-check';
import { queryKeys } from '../../lib/query-keys';
import { sortOf, type QueueSort } from './queue-state';
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
  return queueRows(pages, range, (row) => {
    let queueRow = wrapped.get(row);
    if (!queueRow) {
      queueRow = { batchId, row };
      wrapped.set(row, queueRow);
    }
    return queueRow;
  });
}

/** The lookups a history search matches, filtered and sorted by the core, a page at a time. */
export function useSearchRows(text: string, { filter, sort, range }: QueueQuery): QueueRows {
  const order = sortOf(sort);
  const source: PageSource<SearchHit> = {
    key: JSON.stringify([text, filter, order]),
    pageKey: (offset) => queryKeys['history.search'](text, { filter, sort: order, offset }),
    fetch: async (offset) => {
      const page = await unwrap(
        api.history.search({
          query: text,
          filter,
          sort: order.column,
          direction: order.direction,
          offset,
          limit: pageSize,
        }),
      );
      return { rows: page.hits, total: page.total };
    },
  };
  const pages = usePages(source, range, false);
  return queueRows(pages, range, (hit) => {
    let queueRow = wrappedHits.get(hit);
    if (!queueRow) {
      queueRow = { batchId: hit.batchId, row: hit };
      wrappedHits.set(hit, queueRow);
    }
    return queueRow;
  });
}

const wrappedHits = new WeakMap<SearchHit, QueueRow>();

/** The queue's shape over pages of rows: `wrap` gives each row its batch. */
function queueRows<Row>(
  pages: { total: number | null; row: (index: number) => Row | undefined; error: unknown },
  range: VisibleRange,
  wrap: (row: Row) => QueueRow,
): QueueRows {
  const { total } = pages;
  return {
    total,
    rowAt: (index) => {
      const row = pages.row(index);
      return row === undefined ? undefined : wrap(row);
    },
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
