import type { BatchCounts, BatchEvent } from '../core/bulk/progress';
import type { Io } from './io';

function duration(seconds: number): string {
  if (seconds < 60) return `${String(seconds)}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${String(minutes)}m${String(seconds % 60).padStart(2, '0')}s`;
  return `${String(Math.floor(minutes / 60))}h${String(minutes % 60).padStart(2, '0')}m`;
}

export function describeCounts(counts: BatchCounts): string {
  return `ok ${String(counts.ok)} · no content ${String(counts.noContent)} · invalid ${String(counts.invalid)} · rejected ${String(counts.rejected)} · failed ${String(counts.failed)}`;
}

/**
 * Shows a batch's progress: a bar redrawn in place on a terminal, a plain line every few seconds
 * otherwise (logs and CI).
 */
export function progressView(io: Io, plainEveryMs = 5000) {
  let lastPlain = 0;
  let drawn = false;

  function line(event: Extract<BatchEvent, { type: 'progress' }>): string {
    const { counts } = event;
    const percent = counts.total === 0 ? 100 : Math.floor((counts.done * 100) / counts.total);
    const eta = event.etaSeconds === null ? '' : ` · ETA ${duration(event.etaSeconds)}`;
    return `${String(counts.done)}/${String(counts.total)} (${String(percent)}%) · ${describeCounts(counts)} · ${String(event.rowsPerSecond)}/s${eta}`;
  }

  return {
    show(event: BatchEvent): void {
      if (event.type !== 'progress' || io.verbosity === 'quiet') return;
      if (io.isTerminal) {
        const width = 24;
        const filled =
          event.counts.total === 0
            ? width
            : Math.round((event.counts.done * width) / event.counts.total);
        io.progress?.(`[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${line(event)}`);
        drawn = true;
        return;
      }
      const now = Date.now();
      if (now - lastPlain < plainEveryMs && event.counts.remaining > 0) return;
      lastPlain = now;
      io.err(line(event));
    },
    /** Ends the redrawn line so the next output starts on a fresh one. */
    close(): void {
      if (drawn) io.progress?.(null);
      drawn = false;
    },
  };
}
