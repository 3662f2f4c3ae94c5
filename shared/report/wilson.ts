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
  // With no successes the lower bound is 0, and with all of them the upper is 1, exactly; the
  // formula lands there only up to rounding (3.6e-17 for 0 of 7), which prints as "< 0.1%".
  const low = successes <= 0 ? 0 : Math.max(0, (centre - spread) / scale);
  const high = successes >= trials ? 1 : Math.min(1, (centre + spread) / scale);
  return [low, high];
}
