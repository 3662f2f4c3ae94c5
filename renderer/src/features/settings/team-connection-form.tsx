import { useId, useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import type { TeamActions } from './use-team';
import { splitTeamUrl } from './team-text';

interface TeamConnectionFormProps {
  /** The linked URL (never with a password), shown in the field when it changes; null for none. */
  savedUrl: string | null;
  disabled: boolean;
  actions: Pick<TeamActions, 'test' | 'connect'>;
}

/**
 * The URL and the password of a team database, tested or connected. The password lives in this
 * form only until the call answers: the field is emptied then, whatever the answer, and a
 * password typed inside the URL is moved out of it before the call, so the URL field never keeps
 * one either.
 */
export function TeamConnectionForm({ savedUrl, disabled, actions }: TeamConnectionFormProps) {
  const { t } = useI18n();
  const id = useId();
  const [url, setUrl] = useState(savedUrl ?? '');
  const [password, setPassword] = useState('');
  // A newly linked URL replaces what was typed (adjusted while rendering, not in an effect).
  const [shown, setShown] = useState(savedUrl);
  if (savedUrl !== shown) {
    setShown(savedUrl);
    if (savedUrl !== null) setUrl(savedUrl);
  }

  async function go(action: 'test' | 'connect'): Promise<void> {
    const typed = splitTeamUrl(url);
    setUrl(typed.url);
    try {
      await actions[action](typed.url, password || typed.password);
    } finally {
      setPassword('');
    }
  }

  const empty = url.trim() === '';
  return (
    <form
      className="stack"
      onSubmit={(event) => {
        event.preventDefault();
        if (!disabled && !empty) void go('connect');
      }}
      data-testid="team-connection"
    >
      <label htmlFor={`${id}-url`}>{t('settings.team.url')}</label>
      <input
        id={`${id}-url`}
        className="input mono"
        type="text"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder={t('settings.team.urlPlaceholder')}
        aria-describedby={`${id}-url-hint`}
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        disabled={disabled}
        data-testid="team-url-input"
      />
      <p id={`${id}-url-hint`} className="hint">
        {t('settings.team.urlHint')}
      </p>
      <label htmlFor={`${id}-password`}>{t('settings.team.password')}</label>
      <input
        id={`${id}-password`}
        className="input"
        type="password"
        autoComplete="new-password"
        aria-describedby={`${id}-password-hint`}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        disabled={disabled}
        data-testid="team-password-input"
      />
      <p id={`${id}-password-hint`} className="hint">
        {t('settings.team.passwordHint')}
      </p>
      <div className="row">
        <button
          type="button"
          className="button"
          onClick={() => void go('test')}
          disabled={disabled || empty}
          data-testid="team-test"
        >
          {t('settings.team.test')}
        </button>
        <button
          type="submit"
          className="button button-primary"
          disabled={disabled || empty}
          data-testid="team-connect"
        >
          {t('settings.team.connect')}
        </button>
      </div>
    </form>
  );
}
