import { useCallback } from 'react';
import type { VisibleRange } from '../../../components/visible-range';
import { VirtualRows } from '../../../components/virtual-rows';
import { useI18n } from '../../../i18n/i18n';
import { columns, rowHeight } from './columns';
import { ariaSort, type Sort } from './query-state';
import { LoadingLine, ResultLine } from './result-line';
import type { ResultSortColumn, ResultRow } from '../../../../../shared/contract/results';

interface ResultsTableProps {
  total: number;
  row: (index: number) => ResultRow | undefined;
  sort: Sort;
  onSort: (column: ResultSortColumn) => void;
  onRange: (range: VisibleRange) => void;
  selected: number | null;
  onSelect: (seq: number, moveFocus: boolean) => void;
  show: boolean;
  /** Changes with the filter and sort, to scroll back to the top. */
  queryKey: string;
}

/** The results as an ARIA table: sortable headers, and a body that renders only the rows in view. */
export function ResultsTable(props: ResultsTableProps) {
  const { t } = useI18n();
  const { total, row, sort, onSort, selected, onSelect, show } = props;

  const renderRow = useCallback(
    (index: number) => {
      const data = row(index);
      return data ? (
        <ResultLine
          key={data.seq}
          row={data}
          index={index}
          selected={data.seq === selected}
          show={show}
          onSelect={onSelect}
        />
      ) : (
        <LoadingLine key={`loading-${String(index)}`} index={index} />
      );
    },
    [row, selected, show, onSelect],
  );

  return (
    <div
      role="table"
      aria-label={t('batches.results.table')}
      aria-rowcount={total + 1}
      className="results-table"
      data-testid="results-table"
    >
      <div role="rowgroup" className="results-head">
        <div role="row" aria-rowindex={1} className="result-row">
          {columns.map((column) => (
            <div
              key={column.id}
              role="columnheader"
              title={t(column.label)}
              aria-sort={column.sort ? ariaSort(sort, column.sort) : undefined}
            >
              {column.sort ? (
                <button
                  type="button"
                  className="sort-button"
                  onClick={() => column.sort && onSort(column.sort)}
                  data-testid={`sort-${column.id}`}
                >
                  {t(column.label)}
                  <span aria-hidden="true" className="sort-mark">
                    {sort.column !== column.sort ? '' : sort.direction === 'asc' ? '▲' : '▼'}
                  </span>
                </button>
              ) : (
                t(column.label)
              )}
            </div>
          ))}
        </div>
      </div>
      <VirtualRows
        count={total}
        rowHeight={rowHeight}
        height={Math.min(480, Math.max(1, total) * rowHeight)}
        renderRow={renderRow}
        onRange={props.onRange}
        resetKey={props.queryKey}
        label={t('batches.results.table')}
        className="results-body"
        testId="results-scroll"
      />
    </div>
  );
}
