/**
 * Ticks of a count axis: whole numbers at an even step of 1, 2 or 5 times a power of ten, from 0
 * to the first step at or above the tallest count, at most six of them. Labels then name the
 * very values their gridlines stand for (quarters of 7 would be 1.75, labelled "2").
 */
export interface CountTicks {
  /** The count at the top of the axis: the last tick. */
  top: number;
  values: number[];
}

export function countTicks(tallest: number): CountTicks {
  const most = Math.max(1, Math.ceil(tallest));
  for (let power = 1; ; power *= 10)
    for (const factor of [1, 2, 5]) {
      const step = factor * power;
      const steps = Math.ceil(most / step);
      if (steps <= 5) {
        const values = Array.from({ length: steps + 1 }, (_, i) => i * step);
        return { top: steps * step, values };
      }
    }
}
