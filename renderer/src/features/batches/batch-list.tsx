import type { BatchSummary } from '../../../../shared/contract/results';
import { useNavigation } from '../../app/navigation';
import { ErrorNotice } from '../../components/error-notice';
import { useI18n } from '../../i18n/i18n';
import { actionsFor } from './batch-events';
import { BatchState } from './batch-state';
import { useBatchCommand, useBatchList } from './use-batches';
import { formatDateTime } from '../../lib/format';
import { destinationText } from '../../i18n/destination-text';
import { useSendAgain, type SendAgainApi } from './use-send-again';
import { useCoreConnected } from '../../lib/use-core-connected';

interface BatchLineProps {
  batch: BatchSummary;
  /** The list's one production question, rather than a dialog per line. */
  sendAgain: SendAgainApi['ask'];
}

function BatchLine({ batch, sendAgain }: BatchLineProps) {
  const { t, number, locale } = useI18n();
  const { go } = useNavigation();
  const command = useBatchCommand();
  // Without the core no command reaches the batch: none is offered (the banner says why).
  const connected = useCoreConnected();
  const open = () => go({ section: 'batches', batchId: batch.id });
  const { counts } = batch;
  return (
    <tr className="batch-line" onClick={open} data-testid={`batch-row-${batch.id}`}>
      <td>
        <button
          type="button"
          className="link-button"
          aria-label={t('batches.open', { name: batch.sourceName })}
          onClick={(event) => {
            event.stopPropagation();
            open();
          }}
          data-testid={`open-batch-${batch.id}`}
        >
          {batch.sourceName}
        </button>
      </td>
      <td>{destinationText(batch.environment, t)}</td>
      <td>
        <BatchState batch={batch} />
      </td>
      <td className="numeric">
        {t('batches.progressOf', { done: counts.done, total: counts.total })}
      </td>
      <td className="numeric">{number(counts.ok)}</td>
      <td className="numeric">{number(counts.failed)}</td>
      <td>{formatDateTime(batch.createdAt, locale)}</td>
      <td>
        {connected && actionsFor(batch).resume ? (
          <button
            type="button"
            className="button button-small"
            aria-label={t('batches.resumeLabel', { name: batch.sourceName })}
            disabled={command.isPending}
            onClick={(event) => {
              event.stopPropagation();
              sendAgain(batch, 'resume', () =>
                command.mutate({ command: 'resume', batchId: batch.id }, { onSuccess: open }),
              );
            }}
            data-testid={`resume-batch-${batch.id}`}
          >
            {t('batches.resume')}
          </button>
        ) : null}
        {/* A refusal (another process runs the batch, say) is said on its line, as elsewhere. */}
        {command.error ? <ErrorNotice error={command.error} /> : null}
      </td>
    </tr>
  );
}

/** Every stored batch, newest first; a row opens its run and results. */
export function BatchList() {
  const { t } = useI18n();
  const list = useBatchList();
  const sendAgain = useSendAgain();
  if (list.error) return <ErrorNotice error={list.error} onRetry={() => void list.refetch()} />;
  if (!list.data) return <p className="hint">{t('common.loading')}</p>;
  if (list.data.length === 0)
    return (
      <p className="hint" data-testid="batch-list-empty">
        {t('batches.empty')}
      </p>
    );
  return (
    <>
      {/* A zoomed window is narrower than the eight columns: the table scrolls, not the page. */}
      <div className="batch-list-scroll">
        <table className="batch-list" aria-label={t('batches.list.label')} data-testid="batch-list">
          <thead>
            <tr>
              <th scope="col">{t('batches.col.source')}</th>
              <th scope="col">{t('batches.col.environment')}</th>
              <th scope="col">{t('batches.col.state')}</th>
              <th scope="col">{t('batches.col.progress')}</th>
              <th scope="col">{t('batches.count.ok')}</th>
              <th scope="col">{t('batches.count.failed')}</th>
              <th scope="col">{t('batches.col.created')}</th>
              <th scope="col">{t('batches.col.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((batch) => (
              <BatchLine key={batch.id} batch={batch} sendAgain={sendAgain.ask} />
            ))}
          </tbody>
        </table>
      </div>
      {sendAgain.dialog}
    </>
  );
}
