import { useState } from 'react';
import type { BatchSummary } from '../../../../shared/contract/results';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorNotice } from '../../components/error-notice';
import { useI18n } from '../../i18n/i18n';
import { actionsFor } from './batch-events';
import { useBatchCommand, type BatchCommand } from './use-batches';

/** Pause, Resume, Cancel and "Retry failed rows", each offered only when the state allows it. */
export function RunControls({ batch }: { batch: BatchSummary }) {
  const { t } = useI18n();
  const command = useBatchCommand();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const allowed = actionsFor(batch);
  // A stopped batch (paused, interrupted) is cancelled too; nothing is in flight to abort.
  const running = allowed.pause;
  const send = (name: BatchCommand) => command.mutate({ command: name, batchId: batch.id });
  // Pausing lets the requests in flight finish: the batch reads `running` until they have.
  const pausing =
    command.isSuccess && command.variables.command === 'pause' && batch.state === 'running';

  return (
    <div className="run-controls">
      <div className="row">
        {allowed.pause ? (
          <button
            type="button"
            className="button"
            disabled={command.isPending || pausing}
            onClick={() => send('pause')}
            data-testid="pause-batch"
          >
            {t('batches.pause')}
          </button>
        ) : null}
        {allowed.resume ? (
          <button
            type="button"
            className="button button-primary"
            disabled={command.isPending}
            onClick={() => send('resume')}
            data-testid="resume-batch"
          >
            {t('batches.resume')}
          </button>
        ) : null}
        {allowed.retryFailed ? (
          <button
            type="button"
            className="button"
            disabled={command.isPending}
            onClick={() => send('retryFailed')}
            data-testid="retry-failed"
          >
            {t('batches.retryFailed')}
          </button>
        ) : null}
        {allowed.cancel ? (
          <button
            type="button"
            className="button"
            disabled={command.isPending}
            onClick={() => setConfirmCancel(true)}
            data-testid="cancel-batch"
          >
            {t('batches.cancel')}
          </button>
        ) : null}
        {pausing ? (
          <span className="hint" role="status">
            {t('batches.pausing')}
          </span>
        ) : null}
      </div>
      {allowed.retryFailed ? (
        <p className="hint" data-testid="failed-hint">
          {t('batches.failedHint', { count: batch.counts.failed })}
        </p>
      ) : null}
      {command.error ? <ErrorNotice error={command.error} /> : null}
      <ConfirmDialog
        open={confirmCancel}
        title={t('batches.cancelConfirm.title')}
        message={t(running ? 'batches.cancelConfirm.text' : 'batches.cancelConfirm.stoppedText')}
        confirmLabel={t('batches.cancel')}
        cancelLabel={t(running ? 'batches.cancelConfirm.no' : 'batches.cancelConfirm.keep')}
        danger
        onConfirm={() => {
          setConfirmCancel(false);
          send('cancel');
        }}
        onCancel={() => setConfirmCancel(false)}
        testId="confirm-cancel"
      />
    </div>
  );
}
