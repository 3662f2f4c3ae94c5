import { ConfirmDialog } from '../../components/confirm-dialog';
import { useI18n } from '../../i18n/i18n';
import { guardSentences } from './guard-text';
import type { SendFlow } from './use-send';

/**
 * The two questions a send may ask: production first (as a production run does), then what the
 * re-send guard found. Cancelling either sends nothing.
 */
export function SendDialogs({ flow }: { flow: SendFlow }) {
  const { t, locale } = useI18n();
  const { step } = flow;
  const request = step.name === 'idle' ? null : step.request;
  return (
    <>
      <ConfirmDialog
        open={step.name === 'production'}
        title={t('uploads.production.title')}
        message={t('uploads.production.text', {
          rows: request?.rows ?? 0,
          file: request?.fileName ?? '',
        })}
        confirmLabel={t('uploads.production.confirm')}
        cancelLabel={t('common.cancel')}
        danger
        onConfirm={flow.confirm}
        onCancel={flow.cancel}
        testId="confirm-production-upload"
      />
      <ConfirmDialog
        open={step.name === 'guard'}
        title={t('uploads.guard.title')}
        message={
          step.name === 'guard'
            ? [...guardSentences(step.check, t, locale), t('uploads.guard.question')].join(' ')
            : ''
        }
        confirmLabel={t('uploads.guard.confirm')}
        cancelLabel={t('common.cancel')}
        danger
        onConfirm={flow.confirm}
        onCancel={flow.cancel}
        testId="confirm-resend"
      />
    </>
  );
}
