/**
 * How a run's events change what the screen knows of a batch. Pure: the subscription hook feeds
 * each event to the query cache through these functions.
 */
import type { BatchCounts, BatchEvent } from '../../../../shared/batch';
import type { BatchSummary } from '../../../../shared/contract/results';

/** The batch as the event leaves it; `failed` keeps the state (the core is asked again). */
export function applyEvent(summary: BatchSummary, event: BatchEvent): BatchSummary {
  if (summary.id !== event.batchId) return summary;
  const next: BatchSummary = { ...summary, counts: event.counts };
  switch (event.type) {
    case 'started':
    case 'progress':
      return { ...next, state: 'running', pauseReason: null, pauseMessage: null, live: true };
    case 'paused':
      return {
        ...next,
        state: 'paused',
        pauseReason: event.reason,
        pauseMessage: event.message,
        live: false,
      };
    case 'cancelled':
      return { ...next, state: 'cancelled', live: false };
    case 'finished':
      return { ...next, state: 'finished', pauseReason: null, pauseMessage: null, live: false };
    case 'failed':
      return { ...next, live: false };
  }
}

/** The same change applied to the batch's line of a list, leaving the others as they are. */
export function applyEventToList(list: BatchSummary[], event: BatchEvent): BatchSummary[] {
  return list.map((summary) => applyEvent(summary, event));
}

/** Events after which the stored rows and the batch's state have settled: caches are refreshed. */
export function endsARun(event: BatchEvent): boolean {
  return event.type !== 'progress' && event.type !== 'started';
}

/** Rows per second and time left, as the last progress event measured them. */
export interface RunSpeed {
  rowsPerSecond: number;
  etaSeconds: number | null;
  /** The service asked to wait (Retry-After): its HTTP status and the seconds it asked for. */
  serviceWait?: { status: number; seconds: number };
  /** Another process holds the history's lock: the answers wait to be stored. */
  historyWait?: true;
}

export function speedOf(event: BatchEvent): RunSpeed | null {
  if (event.type !== 'progress') return null;
  const { rowsPerSecond, etaSeconds, serviceWait, historyWait } = event;
  return {
    rowsPerSecond,
    etaSeconds,
    ...(serviceWait ? { serviceWait } : {}),
    ...(historyWait ? { historyWait } : {}),
  };
}

/** The buttons a batch offers in its state. */
export interface BatchActions {
  pause: boolean;
  resume: boolean;
  cancel: boolean;
  retryFailed: boolean;
}

export function actionsFor(summary: BatchSummary): BatchActions {
  // Part of its rows are gone: nothing of it is sent again (the core refuses it as well).
  if (summary.deleting) return { pause: false, resume: false, cancel: false, retryFailed: false };
  const running = summary.state === 'running' && summary.live;
  // A batch left `running` without a live run (the app died) can only be resumed.
  // Rows no window sends any more: the batch first keeps the rows it has (see StoringNotice).
  const rowsComing = summary.storing === null || summary.storing.sending;
  const resumable =
    rowsComing &&
    (summary.state === 'paused' ||
      (summary.state === 'ready' && summary.storing === null) ||
      (summary.state === 'running' && !summary.live));
  // A stopped batch is cancelled as it is (the core sends no row for it), unless a window is
  // still sending its rows: the core refuses then, as they would keep arriving.
  const stopped =
    !running &&
    summary.state !== 'finished' &&
    summary.state !== 'cancelled' &&
    !summary.storing?.sending;
  return {
    pause: running,
    resume: resumable,
    cancel: running || stopped,
    retryFailed: !summary.live && summary.counts.failed > 0,
  };
}

/** Batches the app closed in the middle of, newest first (the list comes newest first). */
export function interruptedBatches(list: readonly BatchSummary[]): BatchSummary[] {
  return list.filter(
    (batch) => batch.state === 'paused' && batch.pauseReason === 'interrupted' && !batch.live,
  );
}

/** What sends a stopped batch's rows again. */
export type SendAgain = 'resume' | 'retryFailed';

/** Rows a command sends: Resume those not yet done; Retry failed rows the failed ones as well. */
export function rowsToSend(counts: BatchCounts, command: SendAgain): number {
  return command === 'resume' ? counts.remaining : counts.remaining + counts.failed;
}
