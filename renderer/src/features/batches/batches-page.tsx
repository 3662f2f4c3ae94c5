import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useState } from 'react';
import type { BatchSummary } from '../../../../shared/contract/results';
import { useNavigation } from '../../app/navigation';
import { ErrorNotice } from '../../components/error-notice';
import { useI18n } from '../../i18n/i18n';
import { BatchList } from './batch-list';
import { DeleteBatch } from './delete-batch';
import { InterruptedBanner } from './interrupted-banner';
import { ResultsView } from './results/results-view';
import { RunPanel } from './run-panel';
import { useBatch, useBatchList } from './use-batches';
import { useBatchEvents, type LiveRuns } from './use-batch-events';
import './batches.css';
import { queryKeys } from '../../lib/query-keys';
import { useCoreConnected } from '../../lib/use-core-connected';

/**
 * The Batches section: the list of batches, or one batch's run and results. The run's events are
 * followed all the time, so the list, the banner and the panel are current whenever shown.
 */
export function BatchesPage() {
  const { place } = useNavigation();
  const live = useBatchEvents();
  const client = useQueryClient();
  const shown = place.section === 'batches';
  // The batch open when the analyst left stays mounted, hidden, so coming back (from a device
  // view, say) finds its filters and scroll position as they were.
  const [batchId, setBatchId] = useState(shown ? place.batchId : undefined);
  if (shown && place.batchId !== batchId) setBatchId(place.batchId);

  // Coming back to the section shows what changed meanwhile (another batch finished, say; or
  // `dcdesk purge`, run by another process, deleted rows: no event tells the window of that).
  useEffect(() => {
    if (!shown) return;
    void client.invalidateQueries({ queryKey: queryKeys['batches.list']() });
    if (batchId) void client.invalidateQueries({ queryKey: queryKeys['batches.get'](batchId) });
  }, [shown, batchId, client]);

  if (!shown && batchId === undefined) return null;
  return (
    <section className="page batches-page" aria-labelledby="batches-title">
      <InterruptedBanner section="batches" exceptBatchId={batchId} />
      {batchId ? <BatchView key={batchId} batchId={batchId} live={live} /> : <ListView />}
    </section>
  );
}

function ListView() {
  const { t } = useI18n();
  const { place } = useNavigation();
  const deleted = place.section === 'batches' ? place.deleted : undefined;
  return (
    <>
      <h2 id="batches-title">{t('batches.title')}</h2>
      {deleted ? (
        <p className="notice" role="status" data-testid="batch-deleted">
          {t('batches.deleted', { name: deleted.name })}
          {deleted.wiped ? null : ` ${t('settings.notWiped')}`}
        </p>
      ) : null}
      <p className="hint">{t('batches.intro')}</p>
      <BatchList />
    </>
  );
}

/** A batch a run is sending, or whose rows this window is still storing: not deleted from here. */
function atWork(batch: BatchSummary): boolean {
  return (batch.state === 'running' && batch.live) || batch.storing?.sending === true;
}

function BatchView({ batchId, live }: { batchId: string; live: LiveRuns }) {
  const { t } = useI18n();
  const { go } = useNavigation();
  const batch = useBatch(batchId);
  const list = useBatchList();
  // Without the core, deleting cannot work: not offered (the run panel says why).
  const connected = useCoreConnected();
  // Deleted while open (a purge, in this window or another): the last answer is not shown as if
  // the batch were still there, with counts of rows that are gone.
  const gone =
    batch.isError && list.data !== undefined && !list.data.some((item) => item.id === batchId);
  // The run first, in a commit of its own; the results (charts and table, the heavy part) in a
  // later render React may interrupt, so opening the screen never holds the thread long.
  const withResults = useDeferredValue(true, false);
  return (
    <>
      <div className="row">
        <button
          type="button"
          className="button button-small"
          onClick={() => go({ section: 'batches' })}
          data-testid="back-to-batches"
        >
          ← {t('batches.back')}
        </button>
        {batch.data && connected && !gone && !atWork(batch.data) ? (
          <DeleteBatch batchId={batchId} name={batch.data.sourceName} />
        ) : null}
      </div>
      <h2 id="batches-title" data-testid="batch-title">
        {batch.data?.sourceName ?? t('batches.title')}
      </h2>
      {gone ? (
        <p className="notice" role="status" data-testid="batch-gone">
          {t('batches.gone')}
        </p>
      ) : batch.error ? (
        <ErrorNotice error={batch.error} onRetry={() => void batch.refetch()} />
      ) : null}
      {gone ? null : batch.data?.deleting ? (
        <p className="notice notice-error" role="status" data-testid="batch-deleting">
          {t('batches.deleting')}
        </p>
      ) : batch.data ? (
        <>
          <RunPanel
            batch={batch.data}
            speed={live.speeds[batchId]}
            failure={live.failures[batchId]}
          />
          {withResults ? (
            <ResultsView
              batchId={batchId}
              running={batch.data.state === 'running' && batch.data.live}
              failedRows={batch.data.counts.failed}
            />
          ) : null}
        </>
      ) : batch.isPending ? (
        <p className="hint">{t('common.loading')}</p>
      ) : null}
    </>
  );
}
