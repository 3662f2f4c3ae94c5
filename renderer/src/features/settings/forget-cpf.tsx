import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { normaliseCpf } from '../../../../shared/domain/cpf';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorNotice } from '../../components/error-notice';
import { useI18n } from '../../i18n/i18n';
import { api, unwrap } from '../../lib/device-check';
import { formatCpf } from '../../lib/format';

/**
 * A data-subject request from the app: every row, result and outcome about one CPF removed, and
 * the older copies of the history with them. Asks first; nothing about the CPF is kept on screen
 * afterwards (the field is cleared).
 */
export function ForgetCpf() {
  const { t } = useI18n();
  const id = useId();
  const client = useQueryClient();
  const [cpf, setCpf] = useState('');
  const [asking, setAsking] = useState(false);
  const forget = useMutation({
    mutationFn: (value: string) => unwrap(api.history.forgetCpf({ cpf: value })),
    onSuccess: () => {
      setCpf('');
      // Results, searches and outcome counts may all have held the CPF's rows.
      void client.invalidateQueries();
    },
  });
  const complete = normaliseCpf(cpf).length === 11;

  return (
    <section className="stack settings-form" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('settings.privacy')}</h3>
      <p className="hint" id={`${id}-hint`}>
        {t('settings.forget.hint')}
      </p>
      <form
        className="row"
        onSubmit={(event) => {
          event.preventDefault();
          if (complete) setAsking(true);
        }}
      >
        <label htmlFor={`${id}-cpf`} className="visually-hidden">
          {t('settings.forget.label')}
        </label>
        <input
          id={`${id}-cpf`}
          className="input"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          placeholder="000.000.000-00"
          aria-describedby={`${id}-hint`}
          value={cpf}
          onChange={(event) => setCpf(event.target.value)}
          data-testid="forget-cpf-input"
        />
        <button
          type="submit"
          className="button button-danger"
          disabled={!complete || forget.isPending}
          data-testid="forget-cpf"
        >
          {t('settings.forget.button')}
        </button>
      </form>
      {forget.data ? (
        <p role="status" data-testid="forget-cpf-result">
          {t('settings.forget.done', {
            rows: forget.data.rows,
            outcomes: forget.data.outcomes,
            copies: forget.data.copies,
          })}
          {forget.data.wiped ? null : ` ${t('settings.notWiped')}`}
        </p>
      ) : null}
      {forget.error ? <ErrorNotice error={forget.error} /> : null}
      <ConfirmDialog
        open={asking}
        danger
        title={t('settings.forget.confirmTitle')}
        message={t('settings.forget.confirm', { cpf: formatCpf(cpf) })}
        confirmLabel={t('settings.forget.button')}
        cancelLabel={t('common.cancel')}
        onConfirm={() => {
          setAsking(false);
          forget.mutate(cpf);
        }}
        onCancel={() => setAsking(false)}
        testId="forget-cpf-dialog"
      />
    </section>
  );
}
