import type { BatchCounts, BatchEvent } from '../core/bulk/progress';
import type { Io } from './io';
import { formatCount } from '../../shared/spreadsheet/problem';
import { note } from './verbosity';

type Progress = Extract<BatchEvent, { type: 'progress' }>;

function duration(seconds: number): string {
  if (seconds < 60) return `${String(seconds)}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${String(minutes)}m${String(seconds % 60).padStart(2, '0')}s`;
  return `${String(Math.floor(minutes / 60))}h${String(minutes % 60).padStart(2, '0')}m`;
}

/** Said when the run's answers start waiting for another process's lock on the history. */
const historyWaitText =
  'dcdesk: waiting for another process that is writing the history (another dcdesk, or the app): the answers received are kept, and stored as soon as it is done. Ctrl+C still pauses the batch.';
const historyFreeText = 'dcdesk: the other process is done writing the history: going on.';

export function describeCounts(counts: BatchCounts): string {
  // Grouped as every other count dcdesk prints (`1,810`), through the one formatter.
  return `ok ${formatCount(counts.ok)} · no content ${formatCount(counts.noContent)} · invalid ${formatCount(counts.invalid)} · rejected ${formatCount(counts.rejected)} · failed ${formatCount(counts.failed)}`;
}

/**
 * Shows a batch's progress: a bar redrawn in place on a terminal, a plain line every few seconds
 * otherwise (logs and CI).
 */
export function progressView(io: Io, plainEveryMs = 5000) {
  let lastPlain = -Infinity;
  let drawn = false;
  let historyWaiting = false;
  /** What a wait's start or end is said as once the run was asked to stop (`whileStopping`). */
  let stopping: ((waiting: boolean) => string) | null = null;

  /**
   * The rows of the whole file, when known (a big file is run while its rows are stored: the
   * run's own total counts only those stored yet, and would make a false percentage and ETA).
   */
  let fileTotal: number | null = null;

  /** The total the line is measured against, with its ETA. */
  function measure(event: Progress): { total: number; eta: number | null } {
    const { counts } = event;
    if (fileTotal === null || fileTotal <= counts.total)
      return { total: counts.total, eta: event.etaSeconds };
    const left = fileTotal - counts.done;
    const eta = event.rowsPerSecond > 0 ? Math.ceil(left / event.rowsPerSecond) : null;
    return { total: fileTotal, eta };
  }

  function line(event: Progress): string {
    const { counts } = event;
    const rate = `${describeCounts(counts)} · ${formatCount(event.rowsPerSecond)}/s`;
    const { total, eta } = measure(event);
    const percent = total === 0 ? 100 : Math.floor((counts.done * 100) / total);
    const shownEta = eta === null ? '' : ` · ETA ${duration(eta)}`;
    return `${formatCount(counts.done)}/${formatCount(total)} (${String(percent)}%) · ${rate}${shownEta}`;
  }

  function filled(event: Progress, width: number): number {
    const { total } = measure(event);
    return total === 0 ? width : Math.round((event.counts.done * width) / total);
  }

  function endLine(): void {
    if (drawn) io.progress?.(null);
    drawn = false;
  }

  return {
    /** The file's row count, known before its rows are all stored. */
    expect(total: number): void {
      fileTotal = total;
    },
    show(event: BatchEvent): void {
      if (event.type !== 'progress') return;
      // Said on lines of their own, once each: the bar alone would only show the rate falling.
      if ((event.historyWait === true) !== historyWaiting) {
        historyWaiting = !historyWaiting;
        endLine();
        // Once a stop was asked, always said (as the stop's own line): it replaces that line.
        if (stopping) io.err(stopping(historyWaiting));
        else note(io, historyWaiting ? historyWaitText : historyFreeText);
      }
      if (io.verbosity === 'quiet') return;
      if (io.isTerminal) {
        const width = 24;
        const done = filled(event, width);
        io.progress?.(`[${'#'.repeat(done)}${'.'.repeat(width - done)}] ${line(event)}`);
        drawn = true;
        return;
      }
      // Monotonic: a wall clock set back would hold the progress lines for as long.
      const now = performance.now();
      if (now - lastPlain < plainEveryMs && measure(event).total > event.counts.done) return;
      lastPlain = now;
      io.err(line(event));
    },
    /**
     * The run was asked to stop: a wait for the history that starts or ends from now is said by
     * `words` (what the run waits for now, and what the next stop does), not as a running run's.
     */
    whileStopping(words: (waiting: boolean) => string): void {
      stopping = words;
    },
    /** Whether the run's writes are waiting for another process's lock on the history now. */
    waitingForHistory: () => historyWaiting,
    /** Ends the redrawn line so the next output starts on a fresh one. */
    close: endLine,
  };
}
