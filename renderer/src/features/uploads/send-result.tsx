import type { UploadView } from '../../../../shared/contract/outcomes';
import { ErrorNotice } from '../../components/error-notice';
import { useI18n } from '../../i18n/i18n';
import { destinationText } from '../../i18n/destination-text';
import { answerSummary } from './format';
import type { SendFlow } from './use-send';

/** The ledger line of a send, as the analyst reads it: accepted, refused with reasons, or failed. */
export function UploadOutcomeNotice({ upload }: { upload: UploadView }) {
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
          : t('uploads.result.failed', { env, id: String(upload.id) })}
        {http}
      </p>
      {upload.messages.length > 0 ? (
        <ul className="notice-details" data-testid="send-messages">
          {upload.messages.map((message, index) => (
            <li key={index}>{message}</li>
          ))}
        </ul>
      ) : null}
      {upload.traceId === null ? null : (
        <p className="hint" data-testid="send-trace-id">
          {t('uploads.ledger.traceId', { id: upload.traceId })}
        </p>
      )}
      <p className="hint">{t('uploads.result.inLedger')}</p>
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
      {flow.upload ? <UploadOutcomeNotice upload={flow.upload} /> : null}
      {flow.error ? <ErrorNotice error={flow.error} /> : null}
      {flow.cancelled ? (
        <p className="hint" role="status" data-testid="send-cancelled">
          {t('uploads.send.cancelled')}
        </p>
      ) : null}
    </div>
  );
}
