import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { visibleRange, type VisibleRange } from './visible-range';
import './virtual-rows.css';

interface VirtualRowsProps {
  /** Rows in all; only those in view (and a few around them) exist in the page. */
  count: number;
  /** Every row is exactly this tall, in pixels. */
  rowHeight: number;
  /** Height of the scrolling body, in pixels. */
  height: number;
  /** One row, given its index in the whole list; it must carry its own key. */
  renderRow: (index: number) => ReactNode;
  /** Told whenever the rows in view change, so their data can be fetched. */
  onRange?: (range: VisibleRange) => void;
  /** When this changes (a new filter or sort), the body scrolls back to the top. */
  resetKey?: string;
  /** Accessible name of the body (the table around it has its own). */
  label: string;
  className?: string;
  testId?: string;
}

/**
 * The scrolling body of a table of any length whose rows are fetched by range: like
 * {@link VirtualList} but driven by a count, not an array, so the data may arrive page by page.
 * Rows are placed in one block moved with a transform (set through the CSSOM, which the CSP
 * allows); a scroll re-renders only when the first row in view changes.
 */
export function VirtualRows(props: VirtualRowsProps) {
  const { count, rowHeight, height, renderRow, onRange, resetKey } = props;
  const body = useRef<HTMLDivElement>(null);
  const [range, setRange] = useState<VisibleRange>(() =>
    visibleRange(0, height, rowHeight, count, 8),
  );

  const measure = () => {
    const next = visibleRange(body.current?.scrollTop ?? 0, height, rowHeight, count, 8);
    setRange((current) =>
      current.start === next.start && current.end === next.end ? current : next,
    );
  };
  // An effect event: it reads the latest count and sizes without making them reasons to run.
  const remeasure = useEffectEvent(measure);
  // The list grew or shrank (a page answered with a new total): the range follows.
  useEffect(() => remeasure(), [count, height, rowHeight]);
  // Only a new key scrolls back to the top.
  useEffect(() => {
    if (body.current) body.current.scrollTop = 0;
    remeasure();
  }, [resetKey]);
  useEffect(() => onRange?.(range), [range, onRange]);

  const indexes: number[] = [];
  for (let index = range.start; index < range.end; index += 1) indexes.push(index);
  return (
    <div
      ref={body}
      role="rowgroup"
      aria-label={props.label}
      className={`virtual-rows ${props.className ?? ''}`}
      style={{ height, overflowY: 'auto', position: 'relative' }}
      onScroll={measure}
      tabIndex={0}
      data-testid={props.testId}
    >
      <div style={{ height: count * rowHeight, position: 'relative' }}>
        <div
          className="virtual-rows-window"
          style={{ transform: `translateY(${String(range.start * rowHeight)}px)` }}
        >
          {indexes.map((index) => renderRow(index))}
        </div>
      </div>
    </div>
  );
}
