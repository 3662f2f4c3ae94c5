import type { UploadView } from '../../../../shared/contract/outcomes';
import type { EnvironmentName } from '../../../../shared/environment';
import { CopyButton } from '../../components/copy-button';
import { useI18n } from '../../i18n/i18n';
import { destinationText } from '../../i18n/destination-text';
import { EnglishMessages } from './english-messages';
import { answerSummary, shortSha } from './format';
import { SendButton } from './send-button';
import type { SendFlow } from './use-send';
import { formatDateTime } from '../../lib/format';

interface LedgerRowProps {
  upload: UploadView;
  flow: SendFlow;
  /** Where a re-send goes: the active environment, whatever this line's was. */
  environment: EnvironmentName;
  onSave: (upload: UploadView) => void;
  saving: boolean;
}

/** The SHA-256 shortened, in full in its title and one click from the clipboard. */
function Sha({ sha256 }: { sha256: string }) {
  const { t } = useI18n();
  return (
    <span className="sha">
      <code title={sha256} data-sha256={sha256}>
        {shortSha(sha256)}
      </code>
      <CopyButton text={sha256} label={t('uploads.ledger.copySha')} />
    </span>
  );
}

/**
 * What the service said: its answer for a sent file, its messages (expandable) otherwise, with
 * the service's trace id a support request about a refusal needs.
 */
function Answer({ upload }: { upload: UploadView }) {
  const { t } = useI18n();
  const answer = upload.status === 'sent' ? answerSummary(upload.answer) : null;
  return (
    <>
      {answer ? <span className="ledger-answer">{answer}</span> : null}
      {upload.messages.length > 0 ? (
        <details className="ledger-messages" data-testid="ledger-messages">
          <summary>{t('uploads.ledger.messages', { count: upload.messages.length })}</summary>
          <EnglishMessages messages={upload.messages} />
          {upload.traceId === null ? null : (
            <p className="hint" data-testid="ledger-trace-id">
              {t('uploads.ledger.traceId', { id: upload.traceId })}
            </p>
          )}
        </details>
      ) : null}
      {!answer && upload.messages.length === 0 ? <span className="hint">–</span> : null}
    </>
  );
}

/** One line of the upload ledger with its actions. */
export function LedgerRow({ upload, flow, environment, onSave, saving }: LedgerRowProps) {
  const { t, number, locale } = useI18n();
  return (
    <tr data-testid={`upload-row-${String(upload.id)}`} data-status={upload.status}>
      <td className="nowrap">
        <time dateTime={upload.createdAt}>{formatDateTime(upload.createdAt, locale)}</time>
      </td>
      <td>
        <span className="mono ledger-file">{upload.fileName}</span>
        <span className="hint ledger-id">
          {t('uploads.ledger.number', { id: String(upload.id) })}
          {upload.resentFrom === null
            ? ''
            : ` · ${t('uploads.ledger.resentFrom', { id: String(upload.resentFrom) })}`}
          {upload.analyst === null ? '' : ` · ${t('uploads.ledger.by', { name: upload.analyst })}`}
        </span>
      </td>
      <td data-testid="ledger-kind">
        <span className={`kind-badge kind-${upload.kind}`}>{upload.kind.toUpperCase()}</span>
      </td>
      <td className="numeric" data-testid="ledger-rows" data-value={upload.rows}>
        {number(upload.rows)}
      </td>
      <td>
        <Sha sha256={upload.sha256} />
      </td>
      <td>{destinationText(upload.environment, t)}</td>
      <td>
        <span className={`status-badge status-${upload.status}`} data-testid="ledger-status">
          {upload.mayHaveArrived
            ? t('uploads.status.unanswered')
            : t(`uploads.status.${upload.status}`)}
        </span>
      </td>
      <td className="numeric">{upload.httpStatus ?? '–'}</td>
      <td className="ledger-answer-cell">
        <Answer upload={upload} />
      </td>
      <td>
        <div className="ledger-actions">
          <button
            type="button"
            className="button button-small"
            disabled={saving}
            onClick={() => onSave(upload)}
            aria-label={t('uploads.ledger.saveNamed', {
              id: String(upload.id),
              file: upload.fileName,
            })}
            data-testid="ledger-save"
          >
            {t('uploads.ledger.save')}
          </button>
          <SendButton
            flow={flow}
            environment={environment}
            request={{
              kind: 'resend',
              uploadId: upload.id,
              fileName: upload.fileName,
              rows: upload.rows,
              sha256: upload.sha256,
            }}
            label={t('uploads.ledger.resend')}
            ariaLabel={t('uploads.ledger.resendNamed', {
              id: String(upload.id),
              file: upload.fileName,
            })}
            active={flow.target?.kind === 'resend' && flow.target.uploadId === upload.id}
            // Its devices were named by that environment's answers: it can go again only there;
            // and not while its own request is out (the core would refuse it too).
            disabled={upload.environment !== environment || upload.status === 'sending'}
            small
            testId="ledger-resend"
          />
        </div>
      </td>
    </tr>
  );
}
