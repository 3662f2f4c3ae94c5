import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useI18n } from '../i18n/i18n';
import { useCoreConnected } from '../lib/use-core-connected';
import './shell-aids.css';

/**
 * Says at once that the window lost the app's core (the web host or the main process ended), so
 * a run shown as "Running" with an ETA is not taken for live, and the service is not blamed.
 * When the connection comes back (the web host's event stream reopens), everything shown is read
 * again: what is on screen dates from before the loss, and no event told of what changed since.
 */
export function CoreConnectionBanner() {
  const { t } = useI18n();
  const client = useQueryClient();
  const connected = useCoreConnected();
  const lost = useRef(false);
  useEffect(() => {
    if (!connected) lost.current = true;
    else if (lost.current) {
      lost.current = false;
      void client.invalidateQueries();
    }
  }, [connected, client]);
  if (connected) return null;
  return (
    <div className="banner banner-core-lost" role="alert" data-testid="core-lost">
      <strong>{t('core.lost.title')}</strong> {t('core.lost.hint')}
    </div>
  );
}
