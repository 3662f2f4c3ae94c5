import { describe, expect, it } from 'vitest';
import { maxDeviceIdChars } from '../domain/insight';
import { operations } from './operations';

/**
 * A device ID stored as answered can be searched for and opened: the answer check, the search
 * and the device view take the same longest ID (the search box says so too, search-form.tsx).
 */
describe('the longest device ID', () => {
  const longest = 'd'.repeat(maxDeviceIdChars);

  it('is searched for and opened; one character more is refused at both doors', () => {
    expect(operations['history.search'].input.safeParse({ query: longest }).success).toBe(true);
    expect(operations['devices.get'].input.safeParse({ deviceId: longest }).success).toBe(true);
    expect(operations['history.search'].input.safeParse({ query: `${longest}x` }).success).toBe(
      false,
    );
    expect(operations['devices.get'].input.safeParse({ deviceId: `${longest}x` }).success).toBe(
      false,
    );
  });
});
