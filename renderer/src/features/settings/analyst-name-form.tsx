import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ErrorNotice } from '../../components/error-notice';
import { useI18n } from '../../i18n/i18n';
import { api, unwrap } from '../../lib/device-check';
import { queryKeys } from '../../lib/query-keys';

interface AnalystNameFormProps {
  /** The `analystName` setting: '' for the OS user's name. */
  setting: string;
  /** The OS user's name, when known (the team status gives it while the setting is empty). */
  osName: string | null;
}

/** The name this workstation's outcome changes carry in the team's trail. */
export function AnalystNameForm({ setting, osName }: AnalystNameFormProps) {
  const { t } = useI18n();
  const id = useId();
  const client = useQueryClient();
  const [name, setName] = useState(setting);
  const [stored, setStored] = useState(setting);
  if (setting !== stored) {
    // Changed elsewhere (another window, `dcdesk settings set`): follow unless being edited.
    setStored(setting);
    if (name === stored) setName(setting);
  }
  const save = useMutation({
    mutationFn: (analystName: string) => unwrap(api.settings.update({ analystName })),
    onSuccess: (saved) => {
      client.setQueryData(queryKeys['settings.get'](), saved);
      setName(saved.analystName);
      void client.invalidateQueries({ queryKey: queryKeys['team.status']() });
    },
  });
  return (
    <form
      className="stack"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(name);
      }}
      data-testid="team-analyst"
    >
      <label htmlFor={`${id}-name`}>{t('settings.team.analyst')}</label>
      <div className="row">
        <input
          id={`${id}-name`}
          className="input grow"
          autoComplete="off"
          maxLength={80}
          placeholder={osName ?? undefined}
          aria-describedby={`${id}-hint`}
          value={name}
          onChange={(event) => setName(event.target.value)}
          data-testid="team-analyst-input"
        />
        <button
          type="submit"
          className="button"
          disabled={save.isPending || name.trim() === setting}
          data-testid="team-analyst-save"
        >
          {t('settings.team.saveAnalyst')}
        </button>
      </div>
      <p id={`${id}-hint`} className="hint">
        {osName === null
          ? t('settings.team.analystHintSet')
          : t('settings.team.analystHint', { name: osName })}
      </p>
      {save.isSuccess ? <p role="status">{t('settings.team.analystSaved')}</p> : null}
      {save.error ? <ErrorNotice error={save.error} /> : null}
    </form>
  );
}
