import type { ReactNode } from 'react';
import { VirtualList } from '../../../components/virtual-list';
import { useI18n } from '../../../i18n/i18n';

interface IssueListProps<T> {
  /** The count's label, in a sentence: "Ids not found". */
  title: string;
  items: readonly T[];
  itemKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
  /** For the count: data-testid, with the count in `data-value`. */
  testId: string;
  tone?: 'neutral' | 'warning' | 'danger';
  /** A count without a list (rows to apply): only the number. */
  count?: number;
}

/**
 * One line of a report: a count, and, when there is something to see, the rows behind it in an
 * expandable list (native `<details>`, so keyboard and screen readers get a disclosure for free;
 * a long list scrolls virtually).
 */
export function IssueList<T>(props: IssueListProps<T>) {
  const { t, number } = useI18n();
  const count = props.count ?? props.items.length;
  const heading = (
    <>
      <span className="issue-title">{props.title}</span>
      <span className={`issue-count issue-${props.tone ?? 'neutral'}`}>{number(count)}</span>
    </>
  );
  return (
    <div className="issue-list" data-testid={props.testId} data-value={count}>
      {props.items.length === 0 ? (
        <div className="issue-summary">{heading}</div>
      ) : (
        <details>
          <summary className="issue-summary">{heading}</summary>
          <VirtualList
            items={props.items}
            rowHeight={28}
            maxHeight={240}
            itemKey={props.itemKey}
            renderItem={props.renderItem}
            label={t('review.import.listOf', { title: props.title })}
            className="issue-rows"
            testId={`${props.testId}-rows`}
          />
        </details>
      )}
    </div>
  );
}

/** A row number and an id, as every list shows them. */
export function RowAndId({ row, id, extra }: { row: number; id: string; extra?: ReactNode }) {
  const { t } = useI18n();
  return (
    <span className="issue-row">
      <span className="issue-row-number">{t('review.import.row', { row })}</span>
      <span className="mono">{id}</span>
      {extra}
    </span>
  );
}
