import type { AppError } from '../../../shared/result';
import { useI18n } from '../i18n/i18n';
import { ApiError } from '../lib/device-check';
import { messageOf } from '../../../shared/message-of';

/** An error as the analyst reads it: what happened in their language, then the service's own words. */
export function ErrorNotice({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useI18n();
  const appError: AppError =
    error instanceof ApiError ? error.error : { code: 'internal', message: messageOf(error) };
  return (
    <div className="notice notice-error" role="alert">
      <p className="notice-title">{t(`error.${appError.code}`)}</p>
      <p>
        {appError.message}
        {appError.status === undefined ? null : ` (HTTP ${String(appError.status)})`}
      </p>
      {appError.details && appError.details.length > 0 ? (
        <ul className="notice-details">
          {appError.details.map((detail, index) => (
            <li key={index}>{detail}</li>
          ))}
        </ul>
      ) : null}
      {onRetry ? (
        <button type="button" className="button" onClick={onRetry}>
          {t('common.retry')}
        </button>
      ) : null}
    </div>
  );
}
