/** Which rows of a fixed-height list are in view: the arithmetic of {@link VirtualList}. */
export interface VisibleRange {
  /** First row to render, inclusive. */
  start: number;
  /** Row after the last to render. */
  end: number;
}

export function visibleRange(
  scrollTop: number,
  viewHeight: number,
  rowHeight: number,
  count: number,
  overscan = 4,
): VisibleRange {
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const inView = Math.ceil(viewHeight / rowHeight) + 1;
  // A scroll position past the end (the list just shrank) still shows its last rows.
  const first = Math.min(
    Math.floor(Math.max(0, scrollTop) / rowHeight),
    Math.max(0, count - inView),
  );
  return {
    start: Math.max(0, first - overscan),
    end: Math.min(count, first + inView + overscan),
  };
}
