import type { BatchSummary } from '../../../../shared/contract/results';
import { useI18n } from '../../i18n/i18n';

/** Why a paused batch stopped, in the analyst's language, with the core's own words below. */
export function PauseReason({ batch }: { batch: BatchSummary }) {
  const { t } = useI18n();
  const reason = batch.pauseReason;
  if (batch.state !== 'paused' || !reason) return null;
  return (
    <div
      className={reason === 'user' ? 'notice pause-reason' : 'notice notice-error pause-reason'}
      data-testid="pause-reason"
      data-reason={reason}
    >
      <p className="notice-title">{t('batches.reason.title')}</p>
      <p>{t(`batches.reason.${reason}`)}</p>
      {/* The analyst's own pause and a full disk are said whole above; the others add the core's words. */}
      {batch.pauseMessage && reason !== 'user' && reason !== 'disk_full' ? (
        <p className="hint">{t('batches.reason.message', { message: batch.pauseMessage })}</p>
      ) : null}
    </div>
  );
}
