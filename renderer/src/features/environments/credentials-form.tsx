import { useId, useRef, useState } from 'react';
import type { EnvironmentView } from '../../../../shared/contract/views';
import { credentialLimits } from '../../../../shared/environment';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorNotice } from '../../components/error-notice';
import { useI18n } from '../../i18n/i18n';
import { environmentCalls, useEnvironmentChange } from './use-environments';

interface CredentialsFormProps {
  view: EnvironmentView & { name: 'production' | 'test' };
  /** Called as soon as a field changes: an earlier connection test no longer says anything. */
  onEdit: () => void;
}

/**
 * An environment's user name and password. With a password already saved, the password may be
 * left empty: the core keeps the saved one under the new user name, so it never comes back here.
 */
export function CredentialsForm({ view, onEdit }: CredentialsFormProps) {
  const { t } = useI18n();
  const id = useId();
  const [username, setUsername] = useState(view.username ?? '');
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  // A user name of spaces only: said here, beside the field, not by the core's schema wording.
  const [blankName, setBlankName] = useState(false);
  const userField = useRef<HTMLInputElement>(null);
  // The password goes to the call, never into the mutation's variables, which the query
  // library keeps (and a devtools panel shows) for minutes after the call.
  const secret = useRef('');
  const save = useEnvironmentChange(
    (input: { environment: 'production' | 'test'; username: string }) =>
      environmentCalls.saveCredentials({ ...input, password: secret.current }),
  );
  const remove = useEnvironmentChange(environmentCalls.deleteCredentials);

  function edit() {
    // "Saved" and an earlier failure were about what the fields held before.
    save.reset();
    setBlankName(false);
    onEdit();
  }

  function submit(event: { preventDefault: () => void }) {
    event.preventDefault();
    const name = username.trim();
    if (name === '') {
      setBlankName(true);
      userField.current?.focus();
      return;
    }
    // The password leaves this form once, to the keychain, and is never shown again.
    secret.current = password;
    save.mutate(
      { environment: view.name, username: name },
      {
        onSuccess: () => {
          setPassword('');
          onEdit();
        },
        onSettled: () => {
          secret.current = '';
        },
      },
    );
  }

  function deleteNow() {
    setConfirming(false);
    remove.mutate(view.name, { onSuccess: onEdit });
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
        ref={userField}
        value={username}
        maxLength={credentialLimits.username}
        onChange={(event) => {
          setUsername(event.target.value);
          edit();
        }}
        aria-invalid={blankName}
        aria-describedby={blankName ? `${id}-user-error` : undefined}
        required
      />
      {blankName ? (
        <p
          id={`${id}-user-error`}
          className="field-error"
          role="alert"
          data-testid="credentials-problem"
        >
          {t('environments.usernameBlank')}
        </p>
      ) : null}
      <label htmlFor={`${id}-password`}>{t('environments.password')}</label>
      <input
        id={`${id}-password`}
        className="input"
        type="password"
        autoComplete="new-password"
        value={password}
        maxLength={credentialLimits.password}
        onChange={(event) => {
          setPassword(event.target.value);
          edit();
        }}
        aria-describedby={`${id}-password-hint`}
        required={!view.hasPassword}
      />
      <p id={`${id}-password-hint`} className="hint">
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
            onClick={() => setConfirming(true)}
            disabled={remove.isPending}
          >
            {t('environments.deleteCredentials')}
          </button>
        ) : null}
      </div>
      {save.isSuccess ? <p role="status">{t('environments.saved')}</p> : null}
      {save.error ? <ErrorNotice error={save.error} /> : null}
      {remove.error ? <ErrorNotice error={remove.error} /> : null}
      <ConfirmDialog
        open={confirming}
        title={t('environments.delete.title', { name: t(`env.${view.name}`) })}
        message={t('environments.delete.message')}
        confirmLabel={t('environments.deleteCredentials')}
        cancelLabel={t('common.cancel')}
        onConfirm={deleteNow}
        onCancel={() => setConfirming(false)}
        danger
        testId={`delete-credentials-${view.name}`}
      />
    </form>
  );
}
