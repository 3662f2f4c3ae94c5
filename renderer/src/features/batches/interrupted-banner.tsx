import { useNavigation, type Section } from '../../app/navigation';
import { ErrorNotice } from '../../components/error-notice';
import { useI18n } from '../../i18n/i18n';
import { interruptedBatches } from './batch-events';
import { useBatchCommand, useBatchList } from './use-batches';
import { BatchEnvironment } from './batch-environment';
import { useSendAgain } from './use-send-again';
import { formatDateTime } from '../../lib/format';
import { useCoreConnected } from '../../lib/use-core-connected';

interface InterruptedBannerProps {
  /** The section showing the banner: it renders only there, so one banner exists at a time. */
  section: Section;
  /** The batch on screen, which offers its own Resume button. */
  exceptBatchId?: string;
}

/** "A batch was interrupted: resume it?" while some batch was paused by the app closing. */
export function InterruptedBanner({ section, exceptBatchId }: InterruptedBannerProps) {
  const { t, locale } = useI18n();
  const { place, go } = useNavigation();
  const list = useBatchList();
  const command = useBatchCommand();
  const sendAgain = useSendAgain();
  // Without the core Resume cannot reach the batch: not offered (the banner says why).
  const connected = useCoreConnected();
  const waiting = interruptedBatches(list.data ?? []).filter((b) => b.id !== exceptBatchId);
  const batch = waiting[0];
  if (place.section !== section || !batch) return null;

  const resume = () =>
    sendAgain.ask(batch, 'resume', () =>
      command.mutate(
        { command: 'resume', batchId: batch.id },
        { onSuccess: () => go({ section: 'batches', batchId: batch.id }) },
      ),
    );

  return (
    <div className="notice interrupted-banner" role="status" data-testid="interrupted-banner">
      <p className="notice-title">{t('batches.interrupted.title')}</p>
      <p>
        <BatchEnvironment destination={batch.environment} />
      </p>
      <p>
        {batch.storing
          ? // Interrupted while its rows were stored: its screen offers to keep those it has.
            t('batches.storing.incomplete', {
              stored: batch.storing.stored,
              total: batch.storing.total,
              name: batch.sourceName,
            })
          : t('batches.interrupted.detail', {
              name: batch.sourceName,
              time: formatDateTime(batch.createdAt, locale),
              done: batch.counts.done,
              total: batch.counts.total,
            })}
      </p>
      {waiting.length > 1 ? (
        <p className="hint">{t('batches.interrupted.more', { count: waiting.length - 1 })}</p>
      ) : null}
      <div className="row">
        {batch.storing || !connected ? null : (
          <button
            type="button"
            className="button button-primary"
            onClick={resume}
            disabled={command.isPending}
            data-testid="interrupted-resume"
          >
            {t('batches.interrupted.resume')}
          </button>
        )}
        <button
          type="button"
          className={batch.storing ? 'button button-primary' : 'button'}
          onClick={() => go({ section: 'batches', batchId: batch.id })}
        >
          {t('batches.open', { name: batch.sourceName })}
        </button>
      </div>
      {command.error ? <ErrorNotice error={command.error} /> : null}
      {sendAgain.dialog}
    </div>
  );
}
