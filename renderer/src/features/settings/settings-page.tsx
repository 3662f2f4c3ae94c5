import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import type { Settings } from '../../../../shared/settings';
import { settingBounds as bounds } from '../../../../shared/settings-bounds';
import { ErrorNotice } from '../../components/error-notice';
import { useSettings } from '../../app/use-app';
import { useI18n } from '../../i18n/i18n';
import { api, unwrap } from '../../lib/device-check';
import { ForgetCpf } from './forget-cpf';
import { PurgeNow } from './purge-now';
import { TeamSettings } from './team-settings';
import { queryKeys } from '../../lib/query-keys';
import { NumberField } from '../../components/number-field';
import { formatLocaleNumber, parseLocaleNumber, type NumberRules } from '../../lib/locale-number';

type Draft = Record<NumberName, string> &
  Pick<Settings, 'language' | 'theme' | 'responseSeparator'>;

type NumberName = 'concurrency' | 'rate' | 'timeout' | 'tokenLifetime' | 'maxRows' | 'retention';

/** Each field's range as typed: the timeout is typed in seconds but bounded in milliseconds. */
const rules: Record<NumberName, NumberRules> = {
  concurrency: bounds.concurrency,
  rate: bounds.ratePerSecond,
  timeout: { min: bounds.timeoutMs.min / 1000, max: bounds.timeoutMs.max / 1000 },
  tokenLifetime: bounds.tokenLifetimeMinutes,
  maxRows: bounds.maxRows,
  retention: bounds.retentionDays,
};

function draftOf(settings: Settings, locale: string): Draft {
  const text = (value: number) => formatLocaleNumber(value, locale);
  return {
    concurrency: text(settings.concurrency),
    rate: settings.ratePerSecond === null ? '' : text(settings.ratePerSecond),
    timeout: text(settings.timeoutMs / 1000),
    tokenLifetime: text(settings.tokenLifetimeMinutes),
    maxRows: text(settings.maxRows),
    retention: text(settings.retentionDays),
    language: settings.language,
    theme: settings.theme,
    responseSeparator: settings.responseSeparator,
  };
}

/** The number fields that cannot be used as typed: unreadable, or empty where one is needed. */
function invalidFields(draft: Draft): NumberName[] {
  return (Object.keys(rules) as NumberName[]).filter((name) => {
    const parsed = parseLocaleNumber(draft[name], rules[name]);
    return !parsed.ok || (parsed.value === null && name !== 'rate');
  });
}

/**
 * The settings patch, or null when a number cannot be used (its field says why). Only the rate
 * may be left empty: it means no limit.
 */
function patchOf(draft: Draft): Partial<Settings> | null {
  // undefined: cannot be used; null: left empty.
  const read = (name: NumberName) => {
    const parsed = parseLocaleNumber(draft[name], rules[name]);
    return parsed.ok ? parsed.value : undefined;
  };
  const rate = read('rate');
  const concurrency = read('concurrency');
  const timeout = read('timeout');
  const tokenLifetime = read('tokenLifetime');
  const maxRows = read('maxRows');
  const retention = read('retention');
  if (rate === undefined || concurrency == null || timeout == null) return null;
  if (maxRows == null || retention == null || tokenLifetime == null) return null;
  return {
    concurrency,
    ratePerSecond: rate,
    timeoutMs: Math.round(timeout * 1000),
    tokenLifetimeMinutes: tokenLifetime,
    maxRows,
    retentionDays: retention,
    language: draft.language,
    theme: draft.theme,
    responseSeparator: draft.responseSeparator,
  };
}

/** The draft after the stored settings went from `before` to `after`, keeping edited fields. */
function followed(draft: Draft, before: Draft, after: Draft): Draft {
  const next = { ...draft };
  for (const key of Object.keys(draft) as Array<keyof Draft>)
    if (draft[key] === before[key]) Object.assign(next, { [key]: after[key] });
  return next;
}

function SettingsForm({ settings }: { settings: Settings }) {
  const { t, locale } = useI18n();
  const id = useId();
  const client = useQueryClient();
  const [draft, setDraft] = useState(() => draftOf(settings, locale));
  const [base, setBase] = useState(settings);
  if (settings !== base) {
    // Saved here, in another window or by `dcdesk settings set`: the fields not being edited
    // follow, and an edit not saved yet stays as typed.
    setBase(settings);
    setDraft(followed(draft, draftOf(base, locale), draftOf(settings, locale)));
  }
  const save = useMutation({
    mutationFn: (patch: Partial<Settings>) => unwrap(api.settings.update(patch)),
    onSuccess: (saved) => client.setQueryData(queryKeys['settings.get'](), saved),
  });
  const field = (name: keyof Draft) => ({
    id: `${id}-${name}`,
    value: draft[name],
    onChange: (event: { target: { value: string } }) =>
      setDraft({ ...draft, [name]: event.target.value }),
  });

  // Save pressed with fields that cannot be used: said until they can, not ignored.
  const [refused, setRefused] = useState(false);
  const invalid = invalidFields(draft);
  const form = useRef<HTMLFormElement>(null);

  function submit(event: { preventDefault: () => void }) {
    event.preventDefault();
    const patch = patchOf(draft);
    if (patch !== null) {
      setRefused(false);
      save.mutate(patch);
      return;
    }
    save.reset();
    setRefused(true);
    // The first field to fix, whose own error its aria-describedby then reads out.
    form.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }

  return (
    <form className="stack settings-form" onSubmit={submit} ref={form}>
      <fieldset>
        <legend>{t('settings.lookups')}</legend>
        <label htmlFor={`${id}-concurrency`}>{t('settings.concurrency')}</label>
        <NumberField
          id={`${id}-concurrency`}
          value={draft.concurrency}
          onChange={(text) => setDraft({ ...draft, concurrency: text })}
          required
          {...rules.concurrency}
        />
        <label htmlFor={`${id}-rate`}>{t('settings.rate')}</label>
        <NumberField
          id={`${id}-rate`}
          value={draft.rate}
          onChange={(text) => setDraft({ ...draft, rate: text })}
          {...rules.rate}
        />
        <label htmlFor={`${id}-timeout`}>{t('settings.timeout')}</label>
        <NumberField
          id={`${id}-timeout`}
          value={draft.timeout}
          onChange={(text) => setDraft({ ...draft, timeout: text })}
          required
          {...rules.timeout}
        />
        <label htmlFor={`${id}-tokenLifetime`}>{t('settings.tokenLifetime')}</label>
        <NumberField
          id={`${id}-tokenLifetime`}
          value={draft.tokenLifetime}
          onChange={(text) => setDraft({ ...draft, tokenLifetime: text })}
          required
          describedBy={`${id}-tokenLifetime-hint`}
          {...rules.tokenLifetime}
        />
        <p id={`${id}-tokenLifetime-hint`} className="hint">
          {t('settings.tokenLifetime.hint')}
        </p>
        <label htmlFor={`${id}-maxRows`}>{t('settings.maxRows')}</label>
        <NumberField
          id={`${id}-maxRows`}
          value={draft.maxRows}
          onChange={(text) => setDraft({ ...draft, maxRows: text })}
          required
          {...rules.maxRows}
        />
      </fieldset>
      <fieldset>
        <legend>{t('settings.history')}</legend>
        <label htmlFor={`${id}-retention`}>{t('settings.retention')}</label>
        <PurgeNow typed={draft.retention} saved={settings.retentionDays}>
          <NumberField
            id={`${id}-retention`}
            value={draft.retention}
            onChange={(text) => setDraft({ ...draft, retention: text })}
            required
            {...rules.retention}
          />
        </PurgeNow>
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
      {refused && invalid.length > 0 ? (
        <p className="field-error" role="alert" data-testid="settings-not-saved">
          {t('settings.notSaved', { count: invalid.length })}
        </p>
      ) : null}
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
      <TeamSettings />
      <ForgetCpf />
    </section>
  );
}
