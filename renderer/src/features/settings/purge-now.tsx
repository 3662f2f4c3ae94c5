import { useMutation } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import type { PurgePreview } from '../../../../shared/purge';
import { settingBounds } from '../../../../shared/settings-bounds';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorNotice } from '../../components/error-notice';
import { WaitingButton } from '../../components/waiting-button';
import { useI18n } from '../../i18n/i18n';
import { api, unwrap } from '../../lib/device-check';
import { parseLocaleNumber } from '../../lib/locale-number';

interface PurgeNowProps {
  /** The retention field as typed, which may not be saved yet. */
  typed: string;
  /** The saved retention: the one a purge uses. */
  saved: number;
  /** The retention field, shown beside the button. */
  children: ReactNode;
}

/**
 * Purge now: deletes batches older than the saved retention, for good. It asks first with what
 * would go (counted by the core, nothing deleted) and the days used, and waits while the field
 * holds another number: a purge with the saved 2 days under a field reading 3650 deleted
 * batches the analyst meant to keep.
 */
export function PurgeNow({ typed, saved, children }: PurgeNowProps) {
  const { t } = useI18n();
  const id = useId();
  const parsed = parseLocaleNumber(typed, settingBounds.retentionDays);
  const unsaved = !parsed.ok || parsed.value !== saved;
  const [question, setQuestion] = useState<PurgePreview | null>(null);
  const preview = useMutation({
    mutationFn: () => unwrap(api.history.purgePreview({})),
    onSuccess: setQuestion,
  });
  const purge = useMutation({
    mutationFn: (days: number) => unwrap(api.history.purge({ days })),
  });
  const busy = preview.isPending || purge.isPending;

  return (
    <>
      <div className="row">
        {children}
        {/* Disabled while the field is unsaved (focus is in the field then), only aria-disabled
            while the core counts or purges: the button keeps focus for when the question closes. */}
        <WaitingButton
          className="button"
          onClick={() => {
            purge.reset();
            preview.mutate();
          }}
          disabled={unsaved}
          waiting={busy}
          aria-describedby={unsaved ? `${id}-unsaved` : undefined}
        >
          {t('settings.purge')}
        </WaitingButton>
      </div>
      {unsaved ? (
        <p className="hint" id={`${id}-unsaved`} data-testid="purge-unsaved">
          {t('settings.purge.unsaved', { days: saved })}
        </p>
      ) : null}
      {purge.data ? (
        <p role="status" data-testid="purge-result">
          {t('settings.purged', {
            batches: purge.data.batches,
            rows: purge.data.rows,
            days: purge.variables,
          })}
          {purge.data.copies > 0
            ? ` ${t('settings.purgedCopies', { copies: purge.data.copies })}`
            : null}
          {purge.data.kept > 0 ? ` ${t('settings.purgeKept', { kept: purge.data.kept })}` : null}
          {purge.data.wiped ? null : ` ${t('settings.notWiped')}`}
        </p>
      ) : null}
      {preview.error ? <ErrorNotice error={preview.error} /> : null}
      {purge.error ? <ErrorNotice error={purge.error} /> : null}
      <ConfirmDialog
        open={question !== null}
        danger
        title={t('settings.purge.confirmTitle', { days: question?.days ?? saved })}
        message={
          question
            ? [
                t('settings.purge.confirmText', { batches: question.batches, rows: question.rows }),
                ...(question.kept > 0 ? [t('settings.purgeKept', { kept: question.kept })] : []),
              ].join(' ')
            : ''
        }
        confirmLabel={t('settings.purge.confirm')}
        cancelLabel={t('common.cancel')}
        onConfirm={() => {
          setQuestion(null);
          if (question) purge.mutate(question.days);
        }}
        onCancel={() => setQuestion(null)}
        testId="confirm-purge"
      />
    </>
  );
}
