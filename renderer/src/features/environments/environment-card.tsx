import { useId, useState } from 'react';
import type { EnvironmentView } from '../../../../shared/contract/views';
import { credentialLimits } from '../../../../shared/environment';
import { ErrorNotice } from '../../components/error-notice';
import { useI18n } from '../../i18n/i18n';
import { CredentialsForm } from './credentials-form';
import { connectionTestText } from './test-text';
import { environmentCalls, useConnectionTest, useEnvironmentChange } from './use-environments';

interface FormProps {
  view: EnvironmentView & { name: 'production' | 'test' };
  /** Called as soon as a field changes: an earlier connection test no longer says anything. */
  onEdit: () => void;
}

function AddressForm({ view, onEdit }: FormProps) {
  const { t } = useI18n();
  const id = useId();
  const [baseUrl, setBaseUrl] = useState(view.baseUrl);
  const [saved, setSaved] = useState(view.baseUrl);
  if (view.baseUrl !== saved) {
    // Changed elsewhere (another window, `dcdesk settings set`): follow unless being edited.
    setSaved(view.baseUrl);
    if (baseUrl === saved) setBaseUrl(view.baseUrl);
  }
  const configure = useEnvironmentChange(environmentCalls.configure);
  return (
    <form
      className="stack"
      onSubmit={(event) => {
        event.preventDefault();
        configure.mutate({ environment: view.name, baseUrl });
      }}
    >
      <label htmlFor={`${id}-url`}>{t('environments.baseUrl')}</label>
      <div className="row">
        <input
          id={`${id}-url`}
          className="input grow env-url"
          type="url"
          value={baseUrl}
          maxLength={credentialLimits.baseUrl}
          onChange={(event) => {
            setBaseUrl(event.target.value);
            // An error about the address typed before says nothing of this one, even one the
            // browser's own check then keeps from being sent (https://host:99999).
            configure.reset();
            onEdit();
          }}
          required
        />
        <button
          type="submit"
          className="button"
          disabled={configure.isPending || baseUrl === view.baseUrl}
        >
          {t('environments.saveUrl')}
        </button>
      </div>
      <p className="hint">
        {t('environments.paths', {
          prefix: view.pathStyle === 'test' ? '/api/products/…' : '/api/…',
        })}
      </p>
      {configure.error ? <ErrorNotice error={configure.error} /> : null}
    </form>
  );
}

/** One environment: activate it, set its address and credentials, test the connection. */
export function EnvironmentCard({ view }: { view: EnvironmentView }) {
  const { t, locale } = useI18n();
  const activate = useEnvironmentChange(environmentCalls.activate);
  const test = useConnectionTest();
  const name = t(`env.${view.name}`);
  const real = view.name === 'sandbox' ? null : { ...view, name: view.name };

  return (
    <section
      className={`card env-card env-${view.name}`}
      aria-labelledby={`env-${view.name}-title`}
      data-testid={`environment-${view.name}`}
    >
      <header className="row spread">
        <h3 id={`env-${view.name}-title`}>{name}</h3>
        {view.active ? (
          <span className="pill">{t('environments.active')}</span>
        ) : (
          <button
            type="button"
            className="button"
            onClick={() => activate.mutate(view.name)}
            disabled={activate.isPending}
          >
            {t('environments.activate', { name })}
          </button>
        )}
      </header>
      {real ? (
        <AddressForm view={real} onEdit={test.reset} />
      ) : (
        <p className="hint">{t('environments.sandboxUrl')}</p>
      )}
      {real ? <CredentialsForm key={real.username ?? ''} view={real} onEdit={test.reset} /> : null}
      <div className="row">
        <button
          type="button"
          className="button"
          onClick={() => test.mutate(view.name)}
          disabled={test.isPending}
        >
          {test.isPending ? t('environments.testing') : t('environments.test')}
        </button>
      </div>
      {test.data ? (
        <p role="status" className="success">
          {connectionTestText(t, locale, test.data)}
        </p>
      ) : null}
      {test.error ? <ErrorNotice error={test.error} /> : null}
      {activate.error ? <ErrorNotice error={activate.error} /> : null}
    </section>
  );
}
