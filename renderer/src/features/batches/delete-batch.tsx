import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BatchDeletion } from '../../../../shared/purge';
import { useNavigation } from '../../app/navigation';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorNotice } from '../../components/error-notice';
import { useI18n } from '../../i18n/i18n';
import { api, unwrap } from '../../lib/device-check';
import { queryKeys } from '../../lib/query-keys';

/**
 * "Delete batch…": a test run or a file imported by mistake, gone for good. The core is asked
 * first what would go (and refuses a batch a live process runs), so the question names the rows
 * and the reviews; once deleted, the window goes back to the list (every window refreshes on the
 * change the core announces).
 */
export function DeleteBatch({ batchId }: { batchId: string }) {
  const { t } = useI18n();
  const { go } = useNavigation();
  const client = useQueryClient();
  const preview = useMutation({
    mutationFn: () => unwrap(api.history.batchDeletion({ batchId })),
  });
  const deletion = useMutation({
    mutationFn: () => unwrap(api.history.deleteBatch({ batchId })),
    onSuccess: () => {
      client.removeQueries({ queryKey: queryKeys['batches.get'](batchId) });
      go({ section: 'batches' });
    },
  });
  const asked: BatchDeletion | undefined = preview.data;
  const text = asked
    ? `${t(asked.outcomes > 0 ? 'batches.deleteConfirm.textReviews' : 'batches.deleteConfirm.text', { ...asked })} ${t('batches.deleteConfirm.sent')}`
    : '';
  const error = preview.error ?? deletion.error;
  return (
    <>
      <button
        type="button"
        className="button button-small"
        disabled={preview.isPending || deletion.isPending}
        onClick={() => {
          deletion.reset();
          preview.mutate();
        }}
        data-testid="delete-batch"
      >
        {t('batches.delete')}
      </button>
      {error ? <ErrorNotice error={error} /> : null}
      <ConfirmDialog
        open={asked !== undefined}
        title={t('batches.deleteConfirm.title')}
        message={text}
        confirmLabel={t('batches.deleteConfirm.yes')}
        cancelLabel={t('batches.deleteConfirm.no')}
        danger
        onConfirm={() => {
          preview.reset();
          deletion.mutate();
        }}
        onCancel={() => preview.reset()}
        testId="confirm-delete-batch"
      />
    </>
  );
}
