import { describe, expect, it } from 'vitest';
import { wilsonInterval } from './wilson';

describe('wilsonInterval', () => {
  it('matches Newcombe’s (1998) worked examples, method 3', () => {
    const cases: Array<[number, number, number, number]> = [
      [81, 263, 0.2553, 0.3662],
      [15, 148, 0.0624, 0.1605],
      [0, 20, 0, 0.1611],
      [1, 29, 0.0061, 0.1718],
    ];
    for (const [successes, trials, low, high] of cases) {
      const interval = wilsonInterval(successes, trials);
      expect(interval?.[0]).toBeCloseTo(low, 4);
      expect(interval?.[1]).toBeCloseTo(high, 4);
    }
  });

  it('stays within [0, 1] and is null for no trials', () => {
    expect(wilsonInterval(5, 5)?.[1]).toBe(1);
    expect(wilsonInterval(0, 0)).toBeNull();
  });

  it('is exactly 0 below no successes and exactly 1 above all successes, at every count', () => {
    // The formula gives 0 and 1 only up to rounding (3.6e-17 for 0 of 7), which the report
    // would print as "< 0.1%" and "> 99.9%": a bound no sample could have.
    for (let trials = 1; trials <= 2000; trials += 1) {
      expect(wilsonInterval(0, trials)?.[0], `0 of ${String(trials)}`).toBe(0);
      expect(wilsonInterval(trials, trials)?.[1], `${String(trials)} of ${String(trials)}`).toBe(1);
    }
    expect(wilsonInterval(0, 7)?.[1]).toBeCloseTo(0.3543, 4);
  });
});
