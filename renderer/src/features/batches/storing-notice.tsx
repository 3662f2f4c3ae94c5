import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BatchSummary } from '../../../../shared/contract/results';
import { useRowStoring, useStoringState } from '../../app/row-storing-provider';
import { ErrorNotice } from '../../components/error-notice';
import { useI18n } from '../../i18n/i18n';
import { api, unwrap } from '../../lib/device-check';
import { refreshBatch } from './use-batches';

/**
 * A batch whose rows are still being stored: how far this window has got, why it stopped (to
 * try again), or, when no window sends them any more, that the batch is incomplete and what to
 * do about it. Nothing once every row is stored.
 */
export function StoringNotice({ batch }: { batch: BatchSummary }) {
  const { t } = useI18n();
  const client = useQueryClient();
  const storing = useRowStoring();
  const local = useStoringState(batch.id);
  const keep = useMutation({
    mutationFn: () => unwrap(api.batches.keepStoredRows({ batchId: batch.id })),
    onSuccess: () => storing.stop(batch.id),
    onSettled: () => refreshBatch(client, batch.id),
  });

  if (local?.state === 'storing')
    return (
      <p className="notice" data-testid="storing-progress" data-stored={local.stored}>
        {t(
          batch.state === 'ready' ? 'batches.storing.progressReusing' : 'batches.storing.progress',
          {
            stored: local.stored,
            total: local.total,
          },
        )}
      </p>
    );
  const keepButton = (stored: number) => (
    <button
      type="button"
      className="button"
      disabled={keep.isPending}
      onClick={() => keep.mutate()}
      data-testid="keep-stored-rows"
    >
      {t('batches.storing.keep', { stored })}
    </button>
  );
  if (local?.state === 'failed')
    return (
      <div className="notice notice-error" role="alert" data-testid="storing-failed">
        <p>
          {t('batches.storing.failed', {
            stored: local.stored,
            total: local.total,
            message: local.error.message,
          })}
        </p>
        <div className="row">
          <button
            type="button"
            className="button button-primary"
            onClick={() => storing.retry(batch.id)}
            data-testid="storing-retry"
          >
            {t('batches.storing.retry')}
          </button>
          {keepButton(local.stored)}
        </div>
        {keep.error ? <ErrorNotice error={keep.error} /> : null}
      </div>
    );
  // Sent by this window and done: the batch is asked for again and this notice goes.
  if (!batch.storing || local?.state === 'done') return null;
  const { stored, total } = batch.storing;
  if (batch.storing.sending)
    return (
      <p className="notice" data-testid="storing-elsewhere">
        {t('batches.storing.elsewhere', { stored, total })}
      </p>
    );
  return (
    <div className="notice notice-error" data-testid="storing-incomplete">
      <p className="notice-title">{t('batches.storing.incompleteTitle')}</p>
      <p>{t('batches.storing.incomplete', { stored, total, name: batch.sourceName })}</p>
      <p className="hint">
        {t(
          batch.state === 'running' && batch.live
            ? 'batches.storing.incompleteHintRunning'
            : 'batches.storing.incompleteHint',
          { id: batch.id },
        )}
      </p>
      <div className="row">{keepButton(stored)}</div>
      {keep.error ? <ErrorNotice error={keep.error} /> : null}
    </div>
  );
}
