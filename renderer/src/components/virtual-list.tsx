import { useState, type ReactNode } from 'react';
import { visibleRange } from './visible-range';

interface VirtualListProps<T> {
  items: readonly T[];
  /** Every row is exactly this tall, in pixels: what makes skipping the others cheap. */
  rowHeight: number;
  /** The most the list takes on screen; a shorter list takes only what it needs. */
  maxHeight: number;
  itemKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
  /** Accessible name of the list. */
  label: string;
  className?: string;
  testId?: string;
}

/**
 * A list of any length where only the rows in view (and a few around them) exist in the page, so
 * 100,000 rows scroll as smoothly as 10. Rows are list items that tell assistive technology their
 * position in the whole list. The layout is set through element styles (CSSOM, which the CSP
 * allows), so the component needs no style sheet.
 */
export function VirtualList<T>(props: VirtualListProps<T>) {
  const { items, rowHeight, maxHeight, itemKey, renderItem, label, className, testId } = props;
  const [scrollTop, setScrollTop] = useState(0);
  const height = Math.min(maxHeight, items.length * rowHeight);
  const { start, end } = visibleRange(scrollTop, height, rowHeight, items.length);
  return (
    <div
      role="list"
      aria-label={label}
      className={`virtual-list ${className ?? ''}`}
      style={{ height, overflowY: 'auto', position: 'relative' }}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      data-testid={testId}
    >
      <div
        className="virtual-list-body"
        style={{ height: items.length * rowHeight, position: 'relative' }}
      >
        {items.slice(start, end).map((item, offset) => (
          <div
            role="listitem"
            key={itemKey(item)}
            aria-posinset={start + offset + 1}
            aria-setsize={items.length}
            className="virtual-list-item"
            style={{
              position: 'absolute',
              top: (start + offset) * rowHeight,
              left: 0,
              right: 0,
              height: rowHeight,
            }}
          >
            {renderItem(item)}
          </div>
        ))}
      </div>
    </div>
  );
}
