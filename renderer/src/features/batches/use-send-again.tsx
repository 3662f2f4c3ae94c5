import type { ReactNode } from 'react';
import type { BatchSummary } from '../../../../shared/contract/results';
import { useProductionConfirm } from '../../components/production-confirm';
import { useI18n } from '../../i18n/i18n';
import { rowsToSend, type SendAgain } from './batch-events';

/**
 * The production question before a stopped batch's rows go out again (Resume, Retry failed
 * rows), from the banner, the list or the batch's screen: the batch's rows hold CPFs, e-mails
 * and phones, and its first run asked too. Asked for a production batch whatever is active.
 */
export interface SendAgainApi {
  ask: (batch: BatchSummary, command: SendAgain, send: () => void) => void;
  dialog: ReactNode;
}

export function useSendAgain(): SendAgainApi {
  const { t } = useI18n();
  const confirm = useProductionConfirm('confirm-production-send');
  const ask = (batch: BatchSummary, command: SendAgain, send: () => void) =>
    confirm.ask(batch.environment, {
      title: t(`batches.sendAgain.${command}.title`),
      message: t(`batches.sendAgain.${command}.text`, {
        count: rowsToSend(batch.counts, command),
        name: batch.sourceName,
      }),
      confirmLabel: t(`batches.sendAgain.${command}.confirm`),
      onConfirm: send,
    });
  return { ask, dialog: confirm.dialog };
}
