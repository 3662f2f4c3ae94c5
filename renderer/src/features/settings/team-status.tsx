import type { TeamStatus } from '../../../../shared/contract/team';
import { useI18n } from '../../i18n/i18n';
import { formatDateTime } from '../../lib/format';
import { colleaguesText } from './team-text';

/** Where this workstation stands with its team database, and why the last sync failed. */
export function TeamStatusFacts({ status }: { status: TeamStatus }) {
  const { t, locale, number } = useI18n();
  if (status.url === null)
    return (
      <p className="hint" data-testid="team-not-connected">
        {t('settings.team.notConnected')}
      </p>
    );
  return (
    <>
      <dl className="team-facts" data-testid="team-status">
        <dt>{t('settings.team.connectedTo')}</dt>
        <dd className="mono" data-testid="team-url">
          {status.url}
        </dd>
        <dt>{t('settings.team.lastSync')}</dt>
        <dd data-testid="team-last-sync" data-value={status.lastSyncAt ?? ''}>
          {status.lastSyncAt === null
            ? t('settings.team.never')
            : formatDateTime(status.lastSyncAt, locale)}
        </dd>
        <dt>{t('settings.team.waiting')}</dt>
        <dd data-testid="team-waiting" data-value={status.waiting}>
          {number(status.waiting)}
        </dd>
        <dt>{t('settings.team.colleagues')}</dt>
        <dd data-testid="team-colleagues">{colleaguesText(t, locale, status.colleagues)}</dd>
        <dt>{t('settings.team.passwordFact')}</dt>
        <dd data-testid="team-password" data-value={status.passwordSaved}>
          {t(status.passwordSaved ? 'settings.team.passwordSaved' : 'settings.team.passwordNone')}
        </dd>
      </dl>
      {status.lastError === null ? null : (
        <div className="notice notice-error" role="alert" data-testid="team-last-error">
          <p className="notice-title">{t('settings.team.lastError')}</p>
          {/* The core's words are English: labelled and marked so outside English (error-notice). */}
          <p>
            {locale === 'en' ? null : <span className="hint">{t('error.detailInEnglish')} </span>}
            <span lang={locale === 'en' ? undefined : 'en'}>{status.lastError}</span>
          </p>
          <p className="hint">{t('settings.team.lastErrorHint')}</p>
        </div>
      )}
    </>
  );
}
