import { ErrorNotice } from '../components/error-notice';
import { useI18n } from '../i18n/i18n';
import { ApiError } from '../lib/device-check';
import { isFatalCode } from './fatal-codes';

/** Whether the app's core could not start (see fatal-codes.ts). */
export function coreUnavailable(error: unknown): error is ApiError {
  return error instanceof ApiError && isFatalCode(error.error.code);
}

/** The whole window when the history cannot be opened: the reason and the fix, nothing to click. */
export function FatalState({ error }: { error: ApiError }) {
  const { t } = useI18n();
  return (
    <div className="shell" data-testid="fatal-state">
      <header className="shell-header">
        <h1 className="shell-title">{t('app.name')}</h1>
      </header>
      <main className="shell-main">
        <h2>{t('fatal.title')}</h2>
        <ErrorNotice error={error} />
        <p className="hint">{t('fatal.hint')}</p>
      </main>
    </div>
  );
}
