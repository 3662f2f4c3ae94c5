import { useEffect, useState } from 'react';
import { useI18n } from '../i18n/i18n';
import { onAddressRefused } from '../lib/device-check';

/** Whether the web host has refused this window's address; once it has, it stays refused. */
export function useAddressRefused(): boolean {
  const [refused, setRefused] = useState(false);
  useEffect(() => onAddressRefused(() => setRefused(true)), []);
  return refused;
}

/**
 * The whole window when the web host refused its address: every call would be refused the same
 * way, so no screen, environment or "Try again" is shown, only why and which address to open.
 */
export function WrongAddressState() {
  const { t } = useI18n();
  return (
    <div className="shell" data-testid="wrong-address">
      <header className="shell-header">
        <h1 className="shell-title">{t('app.name')}</h1>
      </header>
      <main className="shell-main">
        <div className="notice notice-error" role="alert">
          <h2>{t('address.title')}</h2>
          <p>{t('address.why')}</p>
          <p>{t('address.fix')}</p>
        </div>
      </main>
    </div>
  );
}
