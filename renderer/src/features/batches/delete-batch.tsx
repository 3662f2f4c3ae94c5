import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BatchDeletion } from '../../../../shared/purge';
import { useNavigation } from '../../app/navigation';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorNotice } from '../../components/error-notice';
import { WaitingButton } from '../../components/waiting-button';
import { useI18n } from '../../i18n/i18n';
import { api, unwrap } from '../../lib/device-check';
import { queryKeys } from '../../lib/query-keys';

/**
 * "Delete batch…": a test run or a file imported by mistake, gone for good. The core is asked
 * first what would go (and refuses a batch a live process runs), so the question names the rows
 * and the reviews; once deleted, the window goes back to the list (every window refreshes on the
 * change the core announces), which says so, and whether the data is still in the history file
 * (another program reading the history holds the wipe back, as Purge now and dcdesk say too).
 */
export function DeleteBatch({ batchId, name }: { batchId: string; name: string }) {
  const { t } = useI18n();
  const { go } = useNavigation();
  const client = useQueryClient();
  // Refused because the batch is gone (deleted by another process, which sends no event): the
  // batch is read again, so the screen says it is gone instead of showing it with an error.
  const refresh = () => {
    void client.invalidateQueries({ queryKey: queryKeys['batches.get'](batchId) });
    void client.invalidateQueries({ queryKey: queryKeys['batches.list']() });
  };
  const preview = useMutation({
    mutationFn: () => unwrap(api.history.batchDeletion({ batchId })),
    onError: refresh,
  });
  const deletion = useMutation({
    mutationFn: () => unwrap(api.history.deleteBatch({ batchId })),
    onError: refresh,
    onSuccess: ({ wiped }) => {
      client.removeQueries({ queryKey: queryKeys['batches.get'](batchId) });
      go({ section: 'batches', deleted: { name, wiped } });
    },
  });
  const asked: BatchDeletion | undefined = preview.data;
  const text = asked
    ? [
        t(asked.outcomes > 0 ? 'batches.deleteConfirm.textReviews' : 'batches.deleteConfirm.text', {
          rows: asked.rows,
          outcomes: asked.outcomes,
        }),
        asked.shared > 0 ? t('batches.deleteConfirm.shared', { count: asked.shared }) : '',
        asked.copies > 0 ? t('batches.deleteConfirm.copies', { copies: asked.copies }) : '',
        t('batches.deleteConfirm.sent'),
      ]
        .filter((part) => part !== '')
        .join(' ')
    : '';
  const error = preview.error ?? deletion.error;
  return (
    <>
      <WaitingButton
        className="button button-small"
        waiting={preview.isPending || deletion.isPending}
        onClick={() => {
          deletion.reset();
          preview.mutate();
        }}
        data-testid="delete-batch"
      >
        {t('batches.delete')}
      </WaitingButton>
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
