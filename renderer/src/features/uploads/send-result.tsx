import type { UploadView } from '../../../../shared/contract/outcomes';
import type { AppError } from '../../../../shared/result';
import { formatDuration } from '../../../../shared/format-duration';
import { ErrorNotice } from '../../components/error-notice';
import { useI18n } from '../../i18n/i18n';
import { destinationText } from '../../i18n/destination-text';
import { EnglishMessages } from './english-messages';
import { answerSummary } from './format';
import { sendAdvice } from './send-advice';
import { TeamNotUpdatedNotice } from './team-not-updated';
import type { SendFlow } from './use-send';

/**
 * The ledger line of a send, as the analyst reads it: accepted, refused with reasons, or failed,
 * with advice by why (`error`: the failure the send answered with, when there was one).
 */
export function UploadOutcomeNotice({
  upload,
  error = null,
}: {
  upload: UploadView;
  error?: AppError | null;
}) {
  const { t } = useI18n();
  const env = destinationText(upload.environment, t);
  const http = upload.httpStatus === null ? '' : ` (HTTP ${String(upload.httpStatus)})`;
  if (upload.status === 'sent') {
    const answer = answerSummary(upload.answer);
    return (
      <div
        className="notice notice-success"
        role="status"
        data-testid="send-result"
        data-status="sent"
      >
        <p className="notice-title">
          {t('uploads.result.sent', { env, id: String(upload.id), rows: upload.rows })}
        </p>
        <p>
          {answer === null ? t('uploads.result.noAnswer') : t('uploads.result.answer', { answer })}
        </p>
      </div>
    );
  }
  return (
    <div
      className="notice notice-error"
      role="alert"
      data-testid="send-result"
      data-status={upload.status}
    >
      <p className="notice-title">
        {upload.status === 'refused'
          ? t('uploads.result.refused', { env, id: String(upload.id) })
          : sendAdvice(upload, error) === 'mayHaveArrived'
            ? t('uploads.result.unanswered', { env, id: String(upload.id) })
            : t('uploads.result.failed', { env, id: String(upload.id) })}
        {http}
      </p>
      {upload.messages.length > 0 ? (
        <EnglishMessages
          messages={upload.messages}
          className="notice-details"
          testId="send-messages"
        />
      ) : null}
      {upload.traceId === null ? null : (
        <p className="hint" data-testid="send-trace-id">
          {t('uploads.ledger.traceId', { id: upload.traceId })}
        </p>
      )}
      {error?.retryAfterMs === undefined ? null : (
        <p className="hint" data-testid="send-retry-after">
          {t('uploads.result.retryAfter', { time: formatDuration(error.retryAfterMs / 1000) })}
        </p>
      )}
      <p className="hint" data-testid="send-advice">
        {t(`uploads.result.advice.${sendAdvice(upload, error)}`)}
      </p>
    </div>
  );
}

/** What the last send did: on its way, answered, refused before it left, or cancelled. */
export function SendResult({ flow }: { flow: SendFlow }) {
  const { t } = useI18n();
  return (
    <div className="send-result" aria-live="polite">
      {flow.busy ? (
        <p className="hint send-busy" role="status" data-testid="send-busy">
          <span className="spinner" aria-hidden="true" /> {t('uploads.send.busy')}
        </p>
      ) : null}
      {flow.upload ? <UploadOutcomeNotice upload={flow.upload} error={flow.uploadError} /> : null}
      <TeamNotUpdatedNotice shown={flow.teamNotUpdated} />
      {flow.error ? <ErrorNotice error={flow.error} /> : null}
      {flow.fileChanged ? (
        <p className="notice" role="status" data-testid="send-file-changed">
          {t('uploads.send.fileChanged')}
        </p>
      ) : null}
      {flow.cancelled ? (
        <p className="hint" role="status" data-testid="send-cancelled">
          {t('uploads.send.cancelled')}
        </p>
      ) : null}
    </div>
  );
}
