import type { AppError } from '../../../shared/result';
import { useI18n } from '../i18n/i18n';
import { ApiError } from '../lib/device-check';
import { messageOf } from '../../../shared/message-of';
import { formatDuration } from '../../../shared/format-duration';

/**
 * An error as the analyst reads it: what happened in their language, then the detail, which the
 * app's core and the service write in English. Outside English the detail is labelled as such and
 * marked `lang="en"`, so a screen reader reads it in English.
 */
export function ErrorNotice({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t, locale } = useI18n();
  const english = locale === 'en';
  const appError: AppError =
    error instanceof ApiError ? error.error : { code: 'internal', message: messageOf(error) };
  const title = t(`error.${appError.code}`);
  // A detail that only repeats the headline says nothing new: only its HTTP status stays.
  const repeats = english && appError.message.trim() === title;
  return (
    <div className="notice notice-error" role="alert">
      <p className="notice-title">{title}</p>
      <p>
        {english ? null : <span className="hint">{t('error.detailInEnglish')} </span>}
        <span lang={english ? undefined : 'en'}>
          {repeats ? null : appError.message}
          {appError.status === undefined
            ? null
            : `${repeats ? '' : ' '}(HTTP ${String(appError.status)})`}
        </span>
      </p>
      {appError.details && appError.details.length > 0 ? (
        <ul className="notice-details" lang={english ? undefined : 'en'}>
          {appError.details.map((detail, index) => (
            <li key={index}>{detail}</li>
          ))}
        </ul>
      ) : null}
      {appError.retryAfterMs === undefined ? null : (
        <p className="hint" data-testid="error-retry-after">
          {t('error.retryAfter', { time: formatDuration(appError.retryAfterMs / 1000) })}
        </p>
      )}
      {onRetry ? (
        <button type="button" className="button" onClick={onRetry}>
          {t('common.retry')}
        </button>
      ) : null}
    </div>
  );
}
