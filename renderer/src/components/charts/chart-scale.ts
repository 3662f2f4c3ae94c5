/** The arithmetic of the charts: a round axis for counts and bar lengths that never overflow. */

export interface Axis {
  /** The top of the axis: a whole number of steps, at or above the largest value. */
  top: number;
  /** Tick values from 0 to `top`, one step apart. */
  ticks: number[];
}

/** The smallest of 1, 2 or 5 times a power of ten at or above `value` (and at least 1). */
function niceStep(value: number): number {
  if (!Number.isFinite(value) || value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5]) if (step * power >= value) return step * power;
  return 10 * power;
}

/** An axis of whole counts with about `count` steps: 27 → 0, 10, 20, 30; 8 → 0, 2, 4, 6, 8. */
export function countAxis(max: number, count = 4): Axis {
  const largest = Number.isFinite(max) ? Math.max(0, max) : 0;
  const step = niceStep(largest / count);
  const top = Math.max(step, Math.ceil(largest / step) * step);
  const ticks: number[] = [];
  for (let tick = 0; tick <= top; tick += step) ticks.push(tick);
  return { top, ticks };
}

/** Length of a bar for `value` on an axis of `size` pixels topped at `top`; at least 1 px when > 0. */
export function barLength(value: number, top: number, size: number): number {
  if (value <= 0 || top <= 0) return 0;
  return Math.max(1, Math.min(size, (value / top) * size));
}

/** Labels of the ten score bins: `0.0–0.1` … `0.9–1.0`, in the locale's notation. */
export function scoreBinLabels(locale: string): string[] {
  const format = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  return Array.from(
    { length: 10 },
    (_, bin) => `${format.format(bin / 10)}–${format.format((bin + 1) / 10)}`,
  );
}
