import { ErrorNotice } from '../../components/error-notice';
import { useAppInfo } from '../../app/use-app';
import { useI18n } from '../../i18n/i18n';
import { EnvironmentCard } from './environment-card';
import { useEnvironments } from './use-environments';

export function EnvironmentsPage() {
  const { t } = useI18n();
  const environments = useEnvironments();
  const info = useAppInfo();
  return (
    <section aria-labelledby="environments-title" className="page">
      <h2 id="environments-title">{t('environments.title')}</h2>
      <p className="hint">{t('environments.intro')}</p>
      {info.data && !info.data.keychainAvailable ? (
        <div className="notice notice-error" role="alert">
          {t('environments.keychainUnavailable')}
        </div>
      ) : null}
      {environments.error ? (
        <ErrorNotice error={environments.error} onRetry={() => void environments.refetch()} />
      ) : null}
      {environments.isPending ? <p>{t('common.loading')}</p> : null}
      <div className="cards">
        {environments.data?.map((view) => (
          <EnvironmentCard key={view.name} view={view} />
        ))}
      </div>
    </section>
  );
}
