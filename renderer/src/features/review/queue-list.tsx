import {
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { visibleRange, type VisibleRange } from '../../components/visible-range';

interface QueueListProps {
  count: number;
  /** Every row is exactly this tall, in pixels. */
  rowHeight: number;
  height: number;
  /** The current row: kept in view, and named to assistive technology as the active option. */
  activeIndex: number;
  /** One option, given its position and the id it must carry. */
  renderRow: (index: number, id: string) => ReactNode;
  onRange: (range: VisibleRange) => void;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  /** When this changes (another filter, sort or source), the list scrolls back to the top. */
  resetKey: string;
  label: string;
  /** The legend of the keys. */
  describedBy: string;
  idPrefix: string;
  listRef: RefObject<HTMLDivElement | null>;
  /** The column header above the list: it follows the list when the list scrolls sideways. */
  headRef: RefObject<HTMLDivElement | null>;
}

/** The id of the option at a position: what `aria-activedescendant` points to. */
export const optionId = (prefix: string, index: number) => `${prefix}-row-${String(index)}`;

/**
 * The queue as a multi-select listbox of any length. Focus stays on the list itself and
 * `aria-activedescendant` names the current row, so scrolling never loses focus the way moving
 * focus into rows that unmount would. Only the rows in view exist in the page, as in
 * `VirtualRows` (whose role and scroll position are fixed for tables, hence this variant over the
 * same `visibleRange` arithmetic); the current row is scrolled into view whenever it moves.
 */
export function QueueList(props: QueueListProps) {
  const { count, rowHeight, height, activeIndex, renderRow, onRange, resetKey } = props;
  const { listRef, headRef } = props;
  const [range, setRange] = useState<VisibleRange>(() =>
    visibleRange(0, height, rowHeight, count, 8),
  );

  const measure = () => {
    const next = visibleRange(listRef.current?.scrollTop ?? 0, height, rowHeight, count, 8);
    setRange((current) =>
      current.start === next.start && current.end === next.end ? current : next,
    );
  };
  // Effect events: they read the latest list and sizes without making them reasons to run.
  const remeasure = useEffectEvent(measure);
  const scrollToTop = useEffectEvent(() => {
    if (listRef.current) listRef.current.scrollTop = 0;
    measure();
  });
  const keepActiveInView = useEffectEvent(() => {
    const list = listRef.current;
    if (!list || activeIndex < 0) return;
    const top = activeIndex * rowHeight;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + rowHeight > list.scrollTop + height) list.scrollTop = top + rowHeight - height;
    else return;
    measure();
  });
  useEffect(() => remeasure(), [count, height, rowHeight]);
  // Only a new key scrolls back to the top.
  useEffect(() => scrollToTop(), [resetKey]);
  useEffect(() => onRange(range), [range, onRange]);
  // Before paint, so the current row never flashes out of view.
  useLayoutEffect(() => keepActiveInView(), [activeIndex, rowHeight, height]);

  const indexes: number[] = [];
  for (let index = range.start; index < range.end; index += 1) indexes.push(index);
  const activeShown = activeIndex >= range.start && activeIndex < range.end;
  return (
    <div
      ref={listRef}
      role="listbox"
      aria-label={props.label}
      aria-describedby={props.describedBy}
      aria-multiselectable
      aria-activedescendant={activeShown ? optionId(props.idPrefix, activeIndex) : undefined}
      tabIndex={0}
      className="queue-list"
      // Both ways: a queue narrower than its columns (a zoomed window) scrolls sideways too, and
      // the arrow keys left and right, which the queue does not use, scroll it.
      style={{ height, overflow: 'auto', position: 'relative' }}
      onScroll={() => {
        measure();
        const list = listRef.current;
        // Moved, not scrolled: a box that cannot scroll has no room for the gutter it keeps, so its
        // scroll would stop a gutter short of the list's.
        const head = headRef.current;
        if (list && head) head.style.transform = `translateX(${String(-list.scrollLeft)}px)`;
      }}
      onKeyDown={props.onKeyDown}
      data-testid="review-queue"
      data-active={activeIndex}
    >
      <div style={{ height: count * rowHeight, position: 'relative' }}>
        <div
          className="virtual-rows-window"
          style={{ transform: `translateY(${String(range.start * rowHeight)}px)` }}
        >
          {indexes.map((index) => renderRow(index, optionId(props.idPrefix, index)))}
        </div>
      </div>
    </div>
  );
}
