import { ConfirmDialog } from '../../components/confirm-dialog';
import { useI18n } from '../../i18n/i18n';
import { shortSha } from './format';
import { guardQuestion, guardSentences, sentBefore } from './guard-text';
import type { SendFlow } from './use-send';

/**
 * The two questions a send may ask: production first (as a production run does), then what the
 * re-send guard found (sent before, or outcomes changed since). Cancelling either sends nothing.
 */
export function SendDialogs({ flow }: { flow: SendFlow }) {
  const { t, locale } = useI18n();
  const { step } = flow;
  const request = step.name === 'idle' ? null : step.request;
  // A file never sent whose outcomes changed since it was built is asked about, not "again".
  const again = step.name !== 'guard' || sentBefore(step.check);
  // The guard's own answer says where the file goes: production is said and marked there too.
  const production = step.name === 'guard' && step.check.environment === 'production';
  return (
    <>
      <ConfirmDialog
        open={step.name === 'production'}
        title={t('uploads.production.title')}
        message={[
          t('uploads.production.text', {
            rows: request?.rows ?? 0,
            file: request?.fileName ?? '',
          }),
          ...(request?.sha256 === undefined
            ? []
            : [t('uploads.send.which', { file: request.fileName, sha: shortSha(request.sha256) })]),
        ].join(' ')}
        confirmLabel={t('uploads.production.confirm')}
        cancelLabel={t('common.cancel')}
        danger
        production
        waiting={flow.waitingForFile}
        onConfirm={flow.confirm}
        onCancel={flow.cancel}
        testId="confirm-production-upload"
      />
      <ConfirmDialog
        open={step.name === 'guard'}
        title={t(again ? 'uploads.guard.title' : 'uploads.guard.changedTitle')}
        message={
          step.name === 'guard'
            ? [
                t('uploads.send.which', {
                  file: step.check.fileName,
                  sha: shortSha(step.check.sha256),
                }),
                ...guardSentences(step.check, t, locale),
                ...(again ? [guardQuestion(step.check, t) ?? ''] : []),
                ...(production ? [t('uploads.guard.production')] : []),
              ].join(' ')
            : ''
        }
        confirmLabel={t('uploads.guard.confirm')}
        cancelLabel={t('common.cancel')}
        danger
        production={production}
        waiting={flow.waitingForFile}
        onConfirm={flow.confirm}
        onCancel={flow.cancel}
        testId="confirm-resend"
      />
    </>
  );
}
