import type { BatchCounts, BatchEvent } from '../../../shared/batch';
import type { RowCounts } from '../store/rows.repo';

export type { BatchCounts, BatchEvent };

export function toBatchCounts(rows: RowCounts): BatchCounts {
  const done = rows.ok + rows.noContent + rows.invalid + rows.rejected + rows.failed;
  return {
    total: rows.total,
    done,
    ok: rows.ok,
    noContent: rows.noContent,
    invalid: rows.invalid,
    rejected: rows.rejected,
    failed: rows.failed,
    remaining: rows.total - done,
  };
}

/**
 * Rows per second over a sliding window, and progress events at most every `intervalMs`, so a
 * fast batch does not flood the window or the terminal with redraws.
 */
export function createProgressMeter(intervalMs: number, now: () => number, windowMs = 5000) {
  const samples: Array<{ at: number; done: number }> = [];
  let lastEmit = -Infinity;

  function rate(done: number, at: number): number {
    const last = samples.at(-1);
    if (!last || at - last.at >= 100) samples.push({ at, done });
    while (samples.length > 2 && (samples[0]?.at ?? at) < at - windowMs) samples.shift();
    const first = samples[0];
    if (!first || at - first.at < 200) return 0;
    return ((done - first.done) * 1000) / (at - first.at);
  }

  return {
    /** A progress event when one is due (or `force`), else null. */
    next(batchId: string, counts: BatchCounts, force = false): BatchEvent | null {
      const at = now();
      const rowsPerSecond = rate(counts.done, at);
      if (!force && at - lastEmit < intervalMs) return null;
      lastEmit = at;
      const etaSeconds = rowsPerSecond > 0 ? Math.ceil(counts.remaining / rowsPerSecond) : null;
      return {
        type: 'progress',
        batchId,
        counts,
        rowsPerSecond: Math.round(rowsPerSecond * 10) / 10,
        etaSeconds,
      };
    },
  };
}
