import { useState, type ReactNode } from 'react';
import type { ResultSortColumn } from '../../../../../shared/contract/results';
import { ErrorNotice } from '../../../components/error-notice';
import type { VisibleRange } from '../../../components/visible-range';
import { useI18n } from '../../../i18n/i18n';
import type { Sort } from './query-state';
import { ResultsTable } from './results-table';
import {
  useResultPages,
  type ResultQuery,
} from '../../../components/result-pages/use-result-pages';

interface ResultsGridProps {
  query: ResultQuery;
  running: boolean;
  onSort: (column: ResultSortColumn) => void;
  selected: number | null;
  onSelect: (seq: number, moveFocus: boolean) => void;
  show: boolean;
  /** The controls drawn beside the count of matching rows (the personal-data switch). */
  toolbar: ReactNode;
}

/**
 * The table with its pages: the range in view lives here, so a scroll re-renders the table and
 * nothing else on the screen (not the charts, not the filters).
 */
export function ResultsGrid({ query, running, toolbar, ...table }: ResultsGridProps) {
  const { t } = useI18n();
  const [range, setRange] = useState<VisibleRange>({ start: 0, end: 0 });
  const pages = useResultPages(query, range, running);
  const sort: Sort = query.sort;
  return (
    <>
      <div className="row spread">
        {toolbar}
        <span
          className="hint"
          role="status"
          data-testid="results-count"
          data-value={pages.total ?? undefined}
        >
          {pages.total === null
            ? t('batches.results.loading')
            : t('batches.results.matching', { count: pages.total })}
        </span>
      </div>
      {pages.error ? <ErrorNotice error={pages.error} /> : null}
      <ResultsTable
        {...table}
        total={pages.total ?? 0}
        row={pages.row}
        sort={sort}
        onRange={setRange}
        queryKey={JSON.stringify([query.filter, query.sort])}
      />
    </>
  );
}
