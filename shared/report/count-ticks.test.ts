import { describe, expect, it } from 'vitest';
import { countTicks } from './count-ticks';

describe('countTicks', () => {
  it('labels whole counts at an even step, the top at or above the tallest bar', () => {
    expect(countTicks(7)).toEqual({ top: 8, values: [0, 2, 4, 6, 8] });
    expect(countTicks(4)).toEqual({ top: 4, values: [0, 1, 2, 3, 4] });
    expect(countTicks(1)).toEqual({ top: 1, values: [0, 1] });
    expect(countTicks(0)).toEqual({ top: 1, values: [0, 1] });
    expect(countTicks(12)).toEqual({ top: 15, values: [0, 5, 10, 15] });
    expect(countTicks(1234)).toEqual({ top: 1500, values: [0, 500, 1000, 1500] });
  });

  it('never draws more than six ticks', () => {
    for (let tallest = 1; tallest <= 5000; tallest += 1) {
      const { top, values } = countTicks(tallest);
      expect(values.length).toBeLessThanOrEqual(6);
      expect(top).toBeGreaterThanOrEqual(tallest);
      expect(values.every(Number.isInteger)).toBe(true);
    }
  });
});
