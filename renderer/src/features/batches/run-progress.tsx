import { useId } from 'react';
import type { BatchSummary } from '../../../../shared/contract/results';
import { useI18n } from '../../i18n/i18n';
import type { RunSpeed } from './batch-events';
import { formatDuration, percentDone } from '../../../../shared/format-duration';

interface RunProgressProps {
  batch: BatchSummary;
  speed?: RunSpeed;
  /** False while the core is unreachable: the counts are the last read, and no rate is known. */
  live?: boolean;
}

/** The progress bar of a run, with its rate and time left while it runs. */
export function RunProgress({ batch, speed, live = true }: RunProgressProps) {
  const { t, number } = useI18n();
  const id = useId();
  const { done, total } = batch.counts;
  const percent = percentDone(done, total);
  const running = live && batch.state === 'running' && batch.live;
  return (
    <div className="run-progress">
      <p id={id} className="run-progress-label">
        {t('batches.run.progressText', { done, total, percent: String(percent) })}
      </p>
      <div
        role="progressbar"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={`${String(percent)}%`}
        className="run-progress-track"
        data-testid="run-progress"
      >
        {/* Width is set through the CSSOM, which the page's CSP allows. */}
        <div className="run-progress-fill" style={{ width: `${String(percent)}%` }} />
      </div>
      {running ? (
        <p className="hint run-speed">
          <span data-testid="run-rate">
            {t('batches.run.rate', {
              rate: number(speed?.rowsPerSecond ?? 0, { maximumFractionDigits: 1 }),
            })}
          </span>
          {' · '}
          <span data-testid="run-eta">
            {speed?.etaSeconds != null
              ? t('batches.run.eta', { time: formatDuration(speed.etaSeconds) })
              : t('batches.run.etaUnknown')}
          </span>
        </p>
      ) : null}
      {/* Why nothing moves: the service asked to wait, and the rows go again after it. */}
      {running && speed?.serviceWait ? (
        <p className="notice" role="status" data-testid="service-wait">
          {t('batches.run.serviceWait', {
            time: formatDuration(speed.serviceWait.seconds),
            status: String(speed.serviceWait.status),
          })}
        </p>
      ) : null}
      {/* Why the answers are not stored: another process holds the history; gone once it is done. */}
      {running && speed?.historyWait ? (
        <p className="notice" role="status" data-testid="history-wait">
          {t('batches.run.historyWait')}
        </p>
      ) : null}
    </div>
  );
}
