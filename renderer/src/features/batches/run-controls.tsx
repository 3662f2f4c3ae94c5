import { useEffect, useRef, useState } from 'react';
import type { BatchSummary } from '../../../../shared/contract/results';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorNotice } from '../../components/error-notice';
import { useI18n } from '../../i18n/i18n';
import { actionsFor } from './batch-events';
import { useBatchCommand, type BatchCommand } from './use-batches';
import { useSendAgain } from './use-send-again';

/** Pause, Resume, Cancel and "Retry failed rows", each offered only when the state allows it. */
export function RunControls({ batch }: { batch: BatchSummary }) {
  const { t } = useI18n();
  const command = useBatchCommand();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const allowed = actionsFor(batch);
  // A stopped batch (paused, interrupted) is cancelled too; nothing is in flight to abort.
  const running = allowed.pause;
  // The button used leaves (Pause gives way to Resume, Retry to Pause): focus goes to the one
  // that takes its place once it shows, rather than to the page's body or to Cancel. While the
  // command is on its way the buttons are aria-disabled, not disabled, so they keep focus.
  const controls = useRef<HTMLDivElement>(null);
  const next = useRef<string | null>(null);
  const send = (name: BatchCommand) => {
    next.current = name === 'pause' ? 'resume-batch' : 'pause-batch';
    command.mutate({ command: name, batchId: batch.id });
  };
  // Resume and Retry failed rows send the batch's rows: a production batch asks first.
  const sendAgain = useSendAgain();
  const shown = `${String(allowed.pause)} ${String(allowed.resume)} ${String(allowed.retryFailed)}`;
  useEffect(() => {
    const wanted = next.current;
    const active = document.activeElement;
    if (!wanted || (active !== document.body && !controls.current?.contains(active))) return;
    const target = controls.current?.querySelector<HTMLButtonElement>(`[data-testid="${wanted}"]`);
    if (!target || target.disabled) return;
    next.current = null;
    target.focus();
  }, [shown, command.isPending]);
  // Pausing lets the requests in flight finish: the batch reads `running` until they have.
  const pausing =
    command.isSuccess && command.variables.command === 'pause' && batch.state === 'running';

  return (
    <div className="run-controls" ref={controls}>
      <div className="row">
        {allowed.pause ? (
          <button
            type="button"
            className="button"
            aria-disabled={command.isPending || pausing}
            onClick={() => !command.isPending && !pausing && send('pause')}
            data-testid="pause-batch"
          >
            {t('batches.pause')}
          </button>
        ) : null}
        {allowed.resume ? (
          <button
            type="button"
            className="button button-primary"
            aria-disabled={command.isPending}
            onClick={() =>
              !command.isPending && sendAgain.ask(batch, 'resume', () => send('resume'))
            }
            data-testid="resume-batch"
          >
            {t('batches.resume')}
          </button>
        ) : null}
        {allowed.retryFailed ? (
          <button
            type="button"
            className="button"
            aria-disabled={command.isPending}
            onClick={() =>
              !command.isPending && sendAgain.ask(batch, 'retryFailed', () => send('retryFailed'))
            }
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
      {sendAgain.dialog}
    </div>
  );
}
