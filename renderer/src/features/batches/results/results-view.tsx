import { memo, useCallback, useId, useMemo, useState } from 'react';
import type { ResultFilter } from '../../../../../shared/contract/results';
import { useI18n } from '../../../i18n/i18n';
import { ChartsPanel } from '../charts/charts-panel';
import { DetailPanel } from '../../../components/result-detail/detail-panel';
import { ExportButtons } from './export-buttons';
import {
  defaultSort,
  emptyFilterForm,
  invalidFields,
  nextSort,
  toResultFilter,
  type Sort,
} from './query-state';
import { ResultsFilters } from './results-filters';
import { ResultsGrid } from './results-grid';
import { useThrottled } from '../../../components/result-pages/use-throttled';
import { PersonalDataToggle } from '../../../components/personal-data-toggle';

interface ResultsViewProps {
  batchId: string;
  /** Running in this process: the table and the charts follow its answers. */
  running: boolean;
  failedRows: number;
}

/**
 * A batch's results: filters, charts, exports, the table of rows and the selected row in full.
 * Memoised on what it shows, not on the whole batch: a run's progress (four times a second)
 * changes the batch's counts, and rendering the charts and the table again with each took the
 * window's thread for tens of milliseconds at a time (issue 13).
 */
export const ResultsView = memo(function ResultsView({
  batchId,
  running,
  failedRows,
}: ResultsViewProps) {
  const { t } = useI18n();
  const id = useId();
  const [form, setForm] = useState(emptyFilterForm);
  // Typing in a filter asks the core at most every 250 ms.
  const filterText = useThrottled(JSON.stringify(toResultFilter(form)), 250);
  const filter = useMemo(() => JSON.parse(filterText) as ResultFilter, [filterText]);
  const [sort, setSort] = useState<Sort>(defaultSort);
  const [show, setShow] = useState(false);
  const [selected, setSelected] = useState<{ seq: number; focus: boolean } | null>(null);

  const query = useMemo(() => ({ batchId, filter, sort }), [batchId, filter, sort]);
  const onSelect = useCallback((seq: number, focus: boolean) => setSelected({ seq, focus }), []);
  const onSort = useCallback(
    (column: Sort['column']) => setSort((current) => nextSort(current, column)),
    [],
  );

  return (
    <section aria-labelledby={`${id}-title`} className="results" data-testid="results">
      <div className="row spread">
        <h3 id={`${id}-title`}>{t('batches.results.title')}</h3>
        <ExportButtons
          batchId={batchId}
          filter={filter}
          sort={sort}
          failedRows={failedRows}
          held={invalidFields(form).size > 0}
        />
      </div>
      <ResultsFilters form={form} onChange={setForm} />
      <ChartsPanel batchId={batchId} filter={filter} running={running} />
      <ResultsGrid
        query={query}
        running={running}
        onSort={onSort}
        selected={selected?.seq ?? null}
        onSelect={onSelect}
        show={show}
        toolbar={
          <PersonalDataToggle shown={show} onChange={setShow} testId="results-show-personal" />
        }
      />
      {selected ? (
        <DetailPanel
          key={selected.seq}
          batchId={batchId}
          seq={selected.seq}
          show={show}
          focus={selected.focus}
          onClose={() => setSelected(null)}
        />
      ) : null}
    </section>
  );
});
