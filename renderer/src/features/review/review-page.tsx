import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ErrorNotice } from '../../components/error-notice';
import { useI18n } from '../../i18n/i18n';
import { OutcomeImport } from './import/outcome-import';
import { QueueView } from './queue-view';
import { ReviewTabs, tabIds, type ReviewTab } from './review-tabs';
import { useReviewSource } from './review-source';
import { SourcePicker } from './source-picker';
import { refreshOutcomes, useOutcomeEvents } from './use-outcomes';
import './review.css';

/**
 * The Review section: a queue of a batch's rows (or of a search's hits), riskiest first, where
 * the analyst gives each transaction its outcome from the keyboard; and the import of outcomes
 * from the analyst's case system.
 */
export function ReviewPage() {
  const { t } = useI18n();
  const { source, batches, shown, chooseBatch } = useReviewSource();
  const [tab, setTab] = useState<ReviewTab>('queue');
  const client = useQueryClient();
  // The page is mounted once, hidden when elsewhere: the one subscriber for the whole window.
  useOutcomeEvents();
  // Coming back to the section shows outcomes set meanwhile (by the command line, say).
  useEffect(() => {
    if (shown) refreshOutcomes(client);
  }, [shown, client]);
  const batch =
    source?.kind === 'batch' ? batches.data?.find((item) => item.id === source.batchId) : undefined;
  // A running batch's rows are fetched again every few seconds, but only while they are on screen.
  const running = shown && batch !== undefined && batch.state === 'running' && batch.live;

  return (
    <section className="page review-page" aria-labelledby="review-title">
      <div className="row spread">
        <h2 id="review-title">{t('review.title')}</h2>
        <ReviewTabs tab={tab} onTab={setTab} />
      </div>
      <div
        role="tabpanel"
        id={tabIds('queue').panel}
        aria-labelledby={tabIds('queue').tab}
        hidden={tab !== 'queue'}
      >
        <div className="page">
          <p className="hint">{t('review.intro')}</p>
          {batches.error ? (
            <ErrorNotice error={batches.error} onRetry={() => void batches.refetch()} />
          ) : null}
          {source ? (
            <>
              <SourcePicker source={source} batches={batches.data ?? []} onBatch={chooseBatch} />
              <QueueView source={source} running={running} shown={shown && tab === 'queue'} />
            </>
          ) : batches.data ? (
            <p className="hint" data-testid="review-nothing">
              {t('review.nothing')}
            </p>
          ) : (
            <p className="hint">{t('common.loading')}</p>
          )}
        </div>
      </div>
      <div
        role="tabpanel"
        id={tabIds('import').panel}
        aria-labelledby={tabIds('import').tab}
        hidden={tab !== 'import'}
      >
        <OutcomeImport />
      </div>
    </section>
  );
}
