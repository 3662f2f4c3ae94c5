import type { StopCause } from './io';

/** How a stop said while the run waits for the history ends: what is lost is asked again. */
const notStored = 'answers not stored are asked again with --resume';
const historyWriter =
  'the other process that is writing the history to finish, to store the answers received';

/**
 * What dcdesk says when asked to stop, and why the batch paused as stored with it: only Ctrl+C is
 * the analyst; a SIGTERM or a reader closing standard output is said as such, and the batch is
 * stored as interrupted (the app offers to resume it, `dcdesk batches` lists it so). A run whose
 * writes wait for another process's lock (`historyWaiting`) waits for it to pause, not for its
 * requests: that is what the line says, with the stop that does not wait.
 */
export function stopWords(
  cause: StopCause | undefined,
  historyWaiting: boolean,
): { notice?: string; why?: string } {
  if (cause === 'SIGTERM')
    return {
      notice: historyWaiting
        ? `dcdesk: stopped by a signal (SIGTERM): stopping the batch (it is kept as interrupted), waiting for ${historyWriter} (a second SIGTERM stops the requests in flight, a third stops now: ${notStored}).`
        : 'dcdesk: stopped by a signal (SIGTERM): stopping the batch (it is kept as interrupted), waiting for the requests in flight to finish (a second SIGTERM stops them now; the batch can be resumed either way).',
      why: 'Stopped by a signal (SIGTERM).',
    };
  // Nobody pressed anything: the end of the run says why it stopped.
  if (cause === 'output closed') return { why: 'Standard output was closed before the end.' };
  return {
    notice: historyWaiting
      ? `dcdesk: pausing: waiting for ${historyWriter} (Ctrl+C again stops the requests in flight, a third time stops now: ${notStored}).`
      : 'dcdesk: pausing: waiting for the requests in flight to finish (Ctrl+C again to stop them now; the batch can be resumed either way).',
  };
}

/** Said at the second stop when the run still waits for the history: the next one does not. */
export function stopNowWords(cause: StopCause | undefined): string {
  const again = cause === 'SIGTERM' ? 'a third SIGTERM' : 'Ctrl+C again';
  return `dcdesk: stopping the requests in flight; still waiting for ${historyWriter} (${again} to stop now: ${notStored}).`;
}

/**
 * Said when a run already asked to stop starts or stops waiting for another process's lock
 * (busy.ts `waitWhileBusy`): the line said at the stop spoke of the requests in flight, and the
 * progress view's own line would offer a pause already asked for. `stopsHeard` is 1 after the
 * first stop (the next one stops the requests), 2 after the second (the next one ends dcdesk).
 */
export function stoppingWaitWords(
  cause: StopCause | undefined,
  stopsHeard: 1 | 2,
  historyWaiting: boolean,
): string {
  const pausing = cause === 'SIGTERM' ? 'stopping the batch' : 'pausing';
  if (!historyWaiting)
    return `dcdesk: the other process is done writing the history: storing the answers received, then ${pausing}.`;
  const next =
    stopsHeard === 1
      ? cause === 'SIGTERM'
        ? `a second SIGTERM stops the requests in flight, a third stops now: ${notStored}`
        : `Ctrl+C again stops the requests in flight, a third time stops now: ${notStored}`
      : `${cause === 'SIGTERM' ? 'a third SIGTERM' : 'Ctrl+C again'} to stop now: ${notStored}`;
  return `dcdesk: still ${pausing}: now waiting for ${historyWriter} (${next}).`;
}

/**
 * Said when a stopped run waits for the last rows of its file to be stored (a big file is stored
 * while its answers come in): the batch resumes without its file only once they are, so the
 * command to resume it is said then. `stopsHeard` stops were heard (none when the run stopped by
 * itself: a full disk, the service failing): the third ends dcdesk at once (see index.ts), leaving
 * the batch to be resumed with its file (`withFile`).
 */
export function storingLastWords(
  cause: StopCause | undefined,
  stopsHeard: 0 | 1 | 2,
  withFile: string,
): string {
  const signal = cause === 'SIGTERM' ? 'SIGTERM' : 'Ctrl+C';
  const next =
    stopsHeard === 0
      ? `Ctrl+C does not stop this; pressed three times, it ends dcdesk now`
      : stopsHeard === 1
        ? `a second ${signal} does not stop this, a third ${signal} ends dcdesk now`
        : `the next ${signal} ends dcdesk now`;
  return `dcdesk: storing the last rows of the batch before stopping, so that it resumes without its file (${next}: the batch then resumes only with its file: ${withFile}).`;
}

/** Said at a second stop while the last rows are stored: the next one ends dcdesk. */
export function stillStoringWords(cause: StopCause | undefined, withFile: string): string {
  const signal = cause === 'SIGTERM' ? 'SIGTERM' : 'Ctrl+C';
  return `dcdesk: still storing the last rows of the batch (the next ${signal} ends dcdesk now: the batch then resumes only with its file: ${withFile}).`;
}
