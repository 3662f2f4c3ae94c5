/**
 * Durations and shares as the window and dcdesk show them (dates and scores: renderer lib/format):
 * one spelling of a wait, whoever says it.
 */

/** `75` → `1 min 15 s`, `3725` → `1 h 02 min`: two units at most, the larger first. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  if (seconds < 60) return `${String(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${String(minutes)} min ${String(seconds % 60).padStart(2, '0')} s`;
  const hours = Math.floor(minutes / 60);
  return `${String(hours)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** Whole percent done, never 100 before every row is. */
export function percentDone(done: number, total: number): number {
  if (total <= 0) return 0;
  const percent = Math.floor((done / total) * 100);
  return done >= total ? 100 : Math.min(percent, 99);
}
