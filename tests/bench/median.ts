/** One figure measured several times: its median, the spread and every run, in run order. */
export interface Measured {
  median: number;
  min: number;
  max: number;
  runs: number[];
}

/** The median, smallest and largest of `runs` (kept in run order). */
export function medianOf(runs: readonly number[]): Measured {
  const sorted = [...runs].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const median =
    sorted.length % 2 === 1
      ? (sorted[middle] ?? Number.NaN)
      : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
  return {
    median,
    min: sorted[0] ?? Number.NaN,
    max: sorted.at(-1) ?? Number.NaN,
    runs: [...runs],
  };
}

/**
 * Runs `measure` three times, one after the other, and keeps the median. The machine is shared,
 * so a single run says little; the spread printed beside the median says how much.
 */
export async function measure3(measure: () => number | Promise<number>): Promise<Measured> {
  const runs: number[] = [];
  for (let run = 0; run < 3; run += 1) runs.push(await measure());
  return medianOf(runs);
}

/** `0.93 (0.91-0.95)`: the median, then the smallest and largest run. */
export function withSpread(figure: Measured, digits = 0): string {
  const text = (value: number) => value.toFixed(digits);
  return `${text(figure.median)} (${text(figure.min)}-${text(figure.max)})`;
}
