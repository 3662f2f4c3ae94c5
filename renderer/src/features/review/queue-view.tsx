import { useMemo, useState } from 'react';
import type { ResultFilter } from '../../../../shared/contract/results';
import type { ReviewOutcome } from '../../../../shared/domain/types';
import type { VisibleRange } from '../../components/visible-range';
import { useI18n } from '../../i18n/i18n';
import { useSearchSummary } from '../search/use-search';
import { OutcomeSummaryPanel } from './outcome-summary';
import { QueueBody } from './queue-body';
import { QueueFilters } from './queue-filters';
import { emptyQueueFilter, toQueueFilter, type QueueSort } from './queue-state';
import { sourceKey, type ReviewSource } from './review-source';
import { useBatchRows, useSearchRows, type QueueQuery } from './use-queue-rows';
import { useBulkProgress, useOutcomeSummary, useSetFiltered, useSetSearched } from './use-outcomes';

interface QueueViewProps {
  source: ReviewSource;
  /** The batch is running: its rows are fetched again every few seconds. */
  running: boolean;
  shown: boolean;
}

/** The review queue over one source: filters and order here, the rows below. */
export function QueueView({ source, running, shown }: QueueViewProps) {
  const { t } = useI18n();
  const [form, setForm] = useState(emptyQueueFilter);
  const [sort, setSort] = useState<QueueSort>('risk');
  const [range, setRange] = useState<VisibleRange>({ start: 0, end: 0 });
  const filter = useMemo(() => toQueueFilter(form), [form]);
  const query: QueueQuery = { filter, sort, range, running };
  const resetKey = JSON.stringify([sourceKey(source), filter, sort]);
  const common = { query, resetKey, onRange: setRange, shown };
  return (
    <>
      {/* Sixteen filter stops lie between the screen's top and its rows: this one jumps them. */}
      <button
        type="button"
        className="skip-local"
        onClick={(event) =>
          event.currentTarget.parentElement?.querySelector<HTMLElement>('[role="listbox"]')?.focus()
        }
        data-testid="review-skip-to-queue"
      >
        {t('review.skipToQueue')}
      </button>
      <QueueFilters form={form} onChange={setForm} sort={sort} onSort={setSort} />
      {source.kind === 'batch' ? (
        <BatchQueue key={source.batchId} batchId={source.batchId} {...common} />
      ) : (
        <SearchQueue key={source.query} text={source.query} {...common} />
      )}
    </>
  );
}

interface SourceQueueProps {
  query: QueueQuery;
  resetKey: string;
  onRange: (range: VisibleRange) => void;
  shown: boolean;
}

/** A batch: rows by page, the summary from the core, "all matching" done by the core. */
function BatchQueue({ batchId, query, ...rest }: SourceQueueProps & { batchId: string }) {
  const rows = useBatchRows(batchId, query);
  const summary = useOutcomeSummary(batchId, true);
  const setFiltered = useSetFiltered();
  const progress = useBulkProgress(batchId, setFiltered.isPending);
  const filter: ResultFilter = query.filter;
  return (
    <QueueBody
      {...rest}
      rows={rows}
      progress={progress}
      setMatching={(outcome: ReviewOutcome | null) =>
        // The count the confirmation named: the core refuses if the batch has moved on since.
        setFiltered.mutateAsync({ batchId, filter, outcome, expected: rows.total ?? undefined })
      }
      summary={<OutcomeSummaryPanel summary={summary.data} error={summary.error} scope="batch" />}
    />
  );
}

/**
 * Every lookup a search matches, paged and filtered by the core like a batch's rows: "all
 * matching" is set by the core over the search, not over the pages the window has loaded.
 */
function SearchQueue({ text, query, ...rest }: SourceQueueProps & { text: string }) {
  const rows = useSearchRows(text, query);
  const summary = useSearchSummary(text);
  const setSearched = useSetSearched();
  const filter: ResultFilter = query.filter;
  return (
    <QueueBody
      {...rest}
      rows={rows}
      setMatching={(outcome: ReviewOutcome | null) =>
        // The count the confirmation named: the core refuses if the matches have changed since.
        setSearched.mutateAsync({ query: text, filter, outcome, expected: rows.total ?? undefined })
      }
      summary={<OutcomeSummaryPanel summary={summary.data} error={summary.error} scope="search" />}
    />
  );
}
