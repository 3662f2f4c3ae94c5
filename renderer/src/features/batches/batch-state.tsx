import type { BatchSummary } from '../../../../shared/contract/results';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/messages';
import { useCoreConnected } from '../../lib/use-core-connected';

/** The state's key: a batch the app closed on reads "Interrupted" rather than "Paused". */
export function stateKey(batch: BatchSummary): MessageKey {
  if (batch.deleting) return 'batches.state.deleting';
  if (batch.state === 'paused' && batch.pauseReason === 'interrupted')
    return 'batches.state.interrupted';
  return `batches.state.${batch.state}`;
}

/**
 * A batch's state as a small badge; `data-state` carries the raw state for tests. While the window
 * has lost the app's core the last state read is only a memory, so the badge says it is unknown.
 */
export function BatchState({ batch, testId }: { batch: BatchSummary; testId?: string }) {
  const { t } = useI18n();
  const connected = useCoreConnected();
  if (!connected)
    return (
      <span className="batch-state" data-state="unknown" data-testid={testId}>
        {t('batches.state.unknown')}
      </span>
    );
  return (
    <span
      className={`batch-state batch-state-${batch.state}`}
      data-state={batch.state}
      data-reason={batch.pauseReason ?? undefined}
      data-testid={testId}
    >
      {t(stateKey(batch))}
    </span>
  );
}
