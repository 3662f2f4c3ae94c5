import type { BatchSummary } from '../../../../shared/contract/results';
import { useNavigation } from '../../app/navigation';
import { useI18n } from '../../i18n/i18n';
import type { RunSpeed } from './batch-events';
import { BatchState, stateKey } from './batch-state';
import { PauseReason } from './pause-reason';
import { RunControls } from './run-controls';
import { RunCounts } from './run-counts';
import { RunProgress } from './run-progress';
import { StoringNotice } from './storing-notice';
import { formatDateTime } from '../../lib/format';
import { BatchEnvironment } from './batch-environment';
import { useCoreConnected } from '../../lib/use-core-connected';

interface RunPanelProps {
  batch: BatchSummary;
  speed?: RunSpeed;
  /** Why the run stopped when its results could not be stored. */
  failure?: string;
}

/**
 * One batch's run: where it is, how fast, why it stopped, and what can be done with it now. While
 * the window has lost the app's core, the last state read is only a memory: the panel says the
 * state is unknown and offers no command, since none could reach the run.
 */
export function RunPanel({ batch, speed, failure }: RunPanelProps) {
  const { t, locale } = useI18n();
  const { go } = useNavigation();
  const connected = useCoreConnected();
  const state = connected ? t(stateKey(batch)) : t('batches.state.unknown');
  return (
    <section className="run-panel card" aria-label={t('batches.run.label')} data-testid="run-panel">
      <div className="row spread">
        <div className="row">
          <BatchState batch={batch} testId="run-state" />
          <BatchEnvironment destination={batch.environment} />
          <button
            type="button"
            className="button button-small"
            aria-label={t('review.open.batchLabel', { name: batch.sourceName })}
            onClick={() => go({ section: 'review', batchId: batch.id })}
            data-testid="review-batch"
          >
            {t('review.open.batch')}
          </button>
        </div>
        <span className="hint">
          {t('batches.run.created', { time: formatDateTime(batch.createdAt, locale) })}
          {batch.finishedAt
            ? ` · ${t('batches.run.finished', { time: formatDateTime(batch.finishedAt, locale) })}`
            : ''}
        </span>
      </div>
      {connected ? null : (
        <p className="notice notice-error" data-testid="run-unknown">
          {t('batches.run.unknown', { state: t(stateKey(batch)) })}
        </p>
      )}
      <RunProgress batch={batch} speed={speed} live={connected} />
      <StoringNotice batch={batch} />
      <RunCounts counts={batch.counts} />
      <PauseReason batch={batch} />
      {failure ? (
        <p className="notice notice-error" role="alert">
          {t('batches.run.failed', { message: failure })}
        </p>
      ) : null}
      {connected ? <RunControls batch={batch} /> : null}
      {/* State changes are announced; the counts, which change every quarter second, are not. */}
      <p className="visually-hidden" role="status">
        {t('batches.run.stateNow', { state })}
      </p>
    </section>
  );
}
