import { describe, expect, it } from 'vitest';
import { describeBounds, settingBounds, withinBounds } from './settings-bounds';
import { settingsPatchSchema } from './settings';

describe('settingBounds', () => {
  it('refuses what overflows a timer, fractions where whole numbers are due, and non-numbers', () => {
    expect(withinBounds(2_147_483_648, settingBounds.timeoutMs)).toBe(false);
    expect(withinBounds(300_000, settingBounds.timeoutMs)).toBe(true);
    expect(withinBounds(1.5, settingBounds.concurrency)).toBe(false);
    expect(withinBounds(0.5, settingBounds.ratePerSecond)).toBe(true);
    expect(withinBounds(Number.NaN, settingBounds.ratePerSecond)).toBe(false);
    expect(withinBounds(Number.POSITIVE_INFINITY, settingBounds.ratePerSecond)).toBe(false);
    expect(describeBounds(settingBounds.concurrency)).toBe('a whole number from 1 to 64');
    // A full Excel sheet, and not a row more: the message the analyst reads says so.
    expect(describeBounds(settingBounds.maxRows)).toBe('a whole number from 1 to 1048576');
  });

  it('are the bounds the settings schema enforces', () => {
    for (const key of ['retentionDays', 'concurrency', 'timeoutMs', 'maxRows'] as const) {
      const { min, max } = settingBounds[key];
      expect(settingsPatchSchema.safeParse({ [key]: min }).success, key).toBe(true);
      expect(settingsPatchSchema.safeParse({ [key]: max }).success, key).toBe(true);
      expect(settingsPatchSchema.safeParse({ [key]: min - 1 }).success, key).toBe(false);
      expect(settingsPatchSchema.safeParse({ [key]: max + 1 }).success, key).toBe(false);
    }
    expect(settingsPatchSchema.safeParse({ ratePerSecond: 0.05 }).success).toBe(false);
    expect(settingsPatchSchema.safeParse({ maxRows: 1_048_576 }).success).toBe(true);
    expect(settingsPatchSchema.safeParse({ maxRows: 1_048_577 }).success).toBe(false);
    expect(settingsPatchSchema.safeParse({ ratePerSecond: 10_001 }).success).toBe(false);
  });
});
