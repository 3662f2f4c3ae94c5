/**
 * The arithmetic of a results table that holds only the pages in view: which pages a visible range
 * needs, and which row of which page an index is. Pages are cached by offset in the query cache.
 */
import type { ResultRow } from '../../../../shared/contract/results';
import type { VisibleRange } from '../visible-range';

/** Rows asked for at once: a screenful many times over, and small enough to answer quickly. */
export const pageSize = 200;

/**
 * Offsets of the pages holding rows `start` to `end` (exclusive), plus the next or previous page
 * when the range comes within `ahead` rows of it, so scrolling rarely meets an empty row.
 */
export function pageOffsets(range: VisibleRange, total: number, size = pageSize, ahead = 40) {
  if (total <= 0 || range.end <= range.start) return [0];
  const first = Math.max(0, range.start - ahead);
  const last = Math.min(total - 1, range.end - 1 + ahead);
  const offsets: number[] = [];
  for (let page = Math.floor(first / size); page <= Math.floor(last / size); page += 1)
    offsets.push(page * size);
  return offsets;
}

/** The row at `index` of the whole filtered list, or undefined while its page is not loaded. */
export function rowAt<Row = ResultRow>(
  pages: ReadonlyMap<number, readonly Row[]>,
  index: number,
  size = pageSize,
): Row | undefined {
  const offset = Math.floor(index / size) * size;
  return pages.get(offset)?.[index - offset];
}
