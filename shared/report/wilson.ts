import { z95 } from './roc';

/**
 * Wilson's score interval for a proportion (Wilson 1927; Newcombe 1998, method 3): unlike the
 * textbook ± 1.96 √(p(1−p)/n), it stays inside [0, 1] and behaves at 0 and at small counts, which
 * is where most insight codes of a single batch sit. Null for no trials.
 */
export function wilsonInterval(
  successes: number,
  trials: number,
  z = z95,
): [number, number] | null {
  if (trials <= 0) return null;
  const p = successes / trials;
  const z2 = z * z;
  const centre = p + z2 / (2 * trials);
  const spread = z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  const scale = 1 + z2 / trials;
  return [Math.max(0, (centre - spread) / scale), Math.min(1, (centre + spread) / scale)];
}
