import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Settings } from '../../../../shared/settings';
import { settingBounds as bounds } from '../../../../shared/settings-bounds';
import { ErrorNotice } from '../../components/error-notice';
import { useSettings } from '../../app/use-app';
import { useI18n } from '../../i18n/i18n';
import { api, unwrap } from '../../lib/device-check';
import { ForgetCpf } from './forget-cpf';
import { queryKeys } from '../../lib/query-keys';

type Draft = Record<'concurrency' | 'rate' | 'timeout' | 'maxRows' | 'retention', string> &
  Pick<Settings, 'language' | 'theme' | 'responseSeparator'>;

function draftOf(settings: Settings): Draft {
  return {
    concurrency: String(settings.concurrency),
    rate: settings.ratePerSecond === null ? '' : String(settings.ratePerSecond),
    timeout: String(settings.timeoutMs / 1000),
    maxRows: String(settings.maxRows),
    retention: String(settings.retentionDays),
    language: settings.language,
    theme: settings.theme,
    responseSeparator: settings.responseSeparator,
  };
}

function patchOf(draft: Draft): Partial<Settings> {
  return {
    concurrency: Number(draft.concurrency),
    ratePerSecond: draft.rate.trim() === '' ? null : Number(draft.rate),
    timeoutMs: Math.round(Number(draft.timeout) * 1000),
    maxRows: Number(draft.maxRows),
    retentionDays: Number(draft.retention),
    language: draft.language,
    theme: draft.theme,
    responseSeparator: draft.responseSeparator,
  };
}

function SettingsForm({ settings }: { settings: Settings }) {
  const { t } = useI18n();
  const id = useId();
  const client = useQueryClient();
  const [draft, setDraft] = useState(() => draftOf(settings));
  const save = useMutation({
    mutationFn: (patch: Partial<Settings>) => unwrap(api.settings.update(patch)),
    onSuccess: (saved) => client.setQueryData(queryKeys['settings.get'](), saved),
  });
  const purge = useMutation({ mutationFn: () => unwrap(api.history.purge({})) });
  const field = (name: keyof Draft) => ({
    id: `${id}-${name}`,
    value: draft[name],
    onChange: (event: { target: { value: string } }) =>
      setDraft({ ...draft, [name]: event.target.value }),
  });

  function submit(event: { preventDefault: () => void }) {
    event.preventDefault();
    save.mutate(patchOf(draft));
  }

  return (
    <form className="stack settings-form" onSubmit={submit}>
      <fieldset>
        <legend>{t('settings.lookups')}</legend>
        <label htmlFor={`${id}-concurrency`}>{t('settings.concurrency')}</label>
        <input
          className="input"
          type="number"
          min={bounds.concurrency.min}
          max={bounds.concurrency.max}
          required
          {...field('concurrency')}
        />
        <label htmlFor={`${id}-rate`}>{t('settings.rate')}</label>
        <input
          className="input"
          type="number"
          min={bounds.ratePerSecond.min}
          max={bounds.ratePerSecond.max}
          step="any"
          {...field('rate')}
        />
        <label htmlFor={`${id}-timeout`}>{t('settings.timeout')}</label>
        <input
          className="input"
          type="number"
          min={bounds.timeoutMs.min / 1000}
          max={bounds.timeoutMs.max / 1000}
          required
          {...field('timeout')}
        />
        <label htmlFor={`${id}-maxRows`}>{t('settings.maxRows')}</label>
        <input
          className="input"
          type="number"
          min={bounds.maxRows.min}
          max={bounds.maxRows.max}
          required
          {...field('maxRows')}
        />
      </fieldset>
      <fieldset>
        <legend>{t('settings.history')}</legend>
        <label htmlFor={`${id}-retention`}>{t('settings.retention')}</label>
        <div className="row">
          <input
            className="input"
            type="number"
            min={bounds.retentionDays.min}
            max={bounds.retentionDays.max}
            required
            {...field('retention')}
          />
          <button
            type="button"
            className="button"
            onClick={() => purge.mutate()}
            disabled={purge.isPending}
          >
            {t('settings.purge')}
          </button>
        </div>
        {purge.data ? (
          <p role="status">
            {t('settings.purged', { batches: purge.data.batches, rows: purge.data.rows })}
          </p>
        ) : null}
        {purge.error ? <ErrorNotice error={purge.error} /> : null}
      </fieldset>
      <fieldset>
        <legend>{t('settings.files')}</legend>
        <label htmlFor={`${id}-responseSeparator`}>{t('settings.separator')}</label>
        <select
          className="input"
          aria-describedby={`${id}-separator-hint`}
          data-testid="settings-separator"
          {...field('responseSeparator')}
        >
          <option value=",">{t('settings.separator.comma')}</option>
          <option value=";">{t('settings.separator.semicolon')}</option>
        </select>
        <p id={`${id}-separator-hint`} className="hint">
          {t('settings.separator.hint')}
        </p>
      </fieldset>
      <fieldset>
        <legend>{t('settings.appearance')}</legend>
        <label htmlFor={`${id}-language`}>{t('settings.language')}</label>
        <select className="input" {...field('language')}>
          <option value="system">{t('settings.language.system')}</option>
          <option value="en">English</option>
          <option value="pt-BR">Português (Brasil)</option>
        </select>
        <label htmlFor={`${id}-theme`}>{t('settings.theme')}</label>
        <select className="input" {...field('theme')}>
          <option value="system">{t('settings.theme.system')}</option>
          <option value="light">{t('settings.theme.light')}</option>
          <option value="dark">{t('settings.theme.dark')}</option>
        </select>
      </fieldset>
      <div className="row">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {t('common.save')}
        </button>
      </div>
      {save.isSuccess ? <p role="status">{t('settings.saved')}</p> : null}
      {save.error ? <ErrorNotice error={save.error} /> : null}
    </form>
  );
}

export function SettingsPage() {
  const { t } = useI18n();
  const settings = useSettings();
  return (
    <section aria-labelledby="settings-title" className="page">
      <h2 id="settings-title">{t('settings.title')}</h2>
      {settings.data ? <SettingsForm settings={settings.data} /> : <p>{t('common.loading')}</p>}
      <ForgetCpf />
    </section>
  );
}
