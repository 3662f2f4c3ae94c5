import { useEffect, useState } from 'react';
import { useI18n } from '../i18n/i18n';
import { onCoreConnection } from '../lib/device-check';
import './shell-aids.css';

/**
 * Says at once that the window lost the app's core (the web host or the main process ended), so
 * a run shown as "Running" with an ETA is not taken for live, and the service is not blamed.
 */
export function CoreConnectionBanner() {
  const { t } = useI18n();
  const [connected, setConnected] = useState(true);
  useEffect(() => onCoreConnection(setConnected), []);
  if (connected) return null;
  return (
    <div className="banner banner-core-lost" role="alert" data-testid="core-lost">
      <strong>{t('core.lost.title')}</strong> {t('core.lost.hint')}
    </div>
  );
}
