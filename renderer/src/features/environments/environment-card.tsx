import { useId, useRef, useState } from 'react';
import type { EnvironmentView } from '../../../../shared/contract/views';
import { ErrorNotice } from '../../components/error-notice';
import { useI18n } from '../../i18n/i18n';
import { environmentCalls, useConnectionTest, useEnvironmentChange } from './use-environments';

function CredentialsForm({ view }: { view: EnvironmentView & { name: 'production' | 'test' } }) {
  const { t } = useI18n();
  const id = useId();
  const [username, setUsername] = useState(view.username ?? '');
  const [password, setPassword] = useState('');
  // The password goes to the call, never into the mutation's variables, which the query
  // library keeps (and a devtools panel shows) for minutes after the call.
  const secret = useRef('');
  const save = useEnvironmentChange(
    (input: { environment: 'production' | 'test'; username: string }) =>
      environmentCalls.saveCredentials({ ...input, password: secret.current }),
  );
  const remove = useEnvironmentChange(environmentCalls.deleteCredentials);

  function submit(event: { preventDefault: () => void }) {
    event.preventDefault();
    // The password leaves this form once, to the keychain, and is never shown again.
    secret.current = password;
    save.mutate(
      { environment: view.name, username },
      {
        onSuccess: () => setPassword(''),
        onSettled: () => {
          secret.current = '';
        },
      },
    );
  }

  return (
    // Named after its environment: production's and test's forms are both on the screen.
    <form
      className="stack"
      onSubmit={submit}
      aria-label={t('environments.credentialsOf', { name: t(`env.${view.name}`) })}
    >
      <label htmlFor={`${id}-user`}>{t('environments.username')}</label>
      <input
        id={`${id}-user`}
        className="input"
        autoComplete="off"
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        required
      />
      <label htmlFor={`${id}-password`}>{t('environments.password')}</label>
      <input
        id={`${id}-password`}
        className="input"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        required
      />
      <p className="hint">
        {view.hasPassword ? t('environments.passwordSaved') : t('environments.noPassword')}
      </p>
      <div className="row">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {t('environments.saveCredentials')}
        </button>
        {view.hasPassword ? (
          <button
            type="button"
            className="button"
            onClick={() => remove.mutate(view.name)}
            disabled={remove.isPending}
          >
            {t('environments.deleteCredentials')}
          </button>
        ) : null}
      </div>
      {save.isSuccess ? <p role="status">{t('environments.saved')}</p> : null}
      {save.error ? <ErrorNotice error={save.error} /> : null}
      {remove.error ? <ErrorNotice error={remove.error} /> : null}
    </form>
  );
}

function AddressForm({ view }: { view: EnvironmentView & { name: 'production' | 'test' } }) {
  const { t } = useI18n();
  const id = useId();
  const [baseUrl, setBaseUrl] = useState(view.baseUrl);
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
          onChange={(event) => setBaseUrl(event.target.value)}
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
  const { t } = useI18n();
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
      {real ? <AddressForm view={real} /> : <p className="hint">{t('environments.sandboxUrl')}</p>}
      {real ? <CredentialsForm key={real.username ?? ''} view={real} /> : null}
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
          {t('environments.testOk', {
            ms: test.data.elapsedMs,
            time: new Date(test.data.expiresAt).toLocaleTimeString(),
            source: t(`environments.source.${test.data.expirySource}`),
          })}
        </p>
      ) : null}
      {test.error ? <ErrorNotice error={test.error} /> : null}
      {activate.error ? <ErrorNotice error={activate.error} /> : null}
    </section>
  );
}
