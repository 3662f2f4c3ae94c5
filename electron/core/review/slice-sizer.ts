/** How slices of work are sized: fixed, or grown and shrunk to take about `targetMs` each. */
export interface SliceSizing {
  /** The first slice's rows. */
  first: number;
  /** Fewest and most rows a slice may hold. */
  min: number;
  max: number;
  /** How long one slice should hold the thread (and, for a write, the history's lock). */
  targetMs: number;
}

/**
 * Slice sizes that follow the time slices take: after each full slice the next holds as many rows
 * as the last slice's pace fits in `targetMs`, at most twice the last, within `min` and `max`.
 * A machine that slows down (a checkpoint, another process) gets smaller slices at once, so a
 * slice stays well under the 100 ms that would hold the app's other work; a fast one bigger
 * slices, so fewer commits (each an fsync).
 */
export function sliceSizer({ first, min, max, targetMs }: SliceSizing) {
  let size = Math.min(max, Math.max(min, first));
  return {
    size: () => size,
    /** Tells how long a slice of `rows` took. */
    took(rows: number, ms: number): void {
      // A short slice (the last) says nothing about the pace of a full one.
      if (rows < size) return;
      const fits = Math.floor((targetMs * rows) / Math.max(ms, 0.001));
      size = Math.min(max, Math.max(min, Math.min(fits, size * 2)));
    },
  };
}
