import './uploads.css';
import { useNavigation } from '../../app/navigation';
import { useSettings } from '../../app/use-app';
import { useI18n } from '../../i18n/i18n';
import { BuildPanel } from './build-panel';
import { DiskPanel } from './disk-panel';
import { Ledger } from './ledger';

/**
 * Send outcomes: build a response-variable file from the reviewed transactions (or take one from
 * disk), see it exactly as it will be sent, send it to the active environment, and keep the ledger.
 */
export function UploadsPage() {
  const { t } = useI18n();
  const { place } = useNavigation();
  const settings = useSettings().data;
  const environment = settings?.activeEnvironment ?? 'sandbox';
  const visible = place.section === 'uploads';
  return (
    <section
      aria-labelledby="uploads-title"
      className="page uploads-page"
      data-testid="uploads-page"
    >
      <div className="uploads-heading">
        <h2 id="uploads-title">{t('uploads.title')}</h2>
        <p className={`hint uploads-env env-${environment}`} data-testid="uploads-environment">
          {t('uploads.environment', { env: t(`env.${environment}`) })}
        </p>
      </div>
      {settings ? (
        <>
          <BuildPanel
            environment={environment}
            defaultSeparator={settings.responseSeparator}
            visible={visible}
          />
          <DiskPanel environment={environment} visible={visible} />
          <Ledger environment={environment} visible={visible} />
        </>
      ) : (
        <p className="hint">{t('common.loading')}</p>
      )}
    </section>
  );
}
