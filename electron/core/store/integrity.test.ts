import { describe, expect, it } from 'vitest';
import { checkEveryDays, checkReason } from './integrity';

const now = new Date('2026-11-23T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);

describe('checkReason', () => {
  it('checks after an unclean shutdown, even right after a check', () => {
    expect(checkReason({ uncleanSessions: 1, lastCheckedAt: daysAgo(0), now })).toBe(
      'unclean-shutdown',
    );
  });

  it('checks a history never checked', () => {
    expect(checkReason({ uncleanSessions: 0, lastCheckedAt: null, now })).toBe('never-checked');
  });

  it(`skips the check for ${String(checkEveryDays)} days after one, then checks again`, () => {
    expect(checkReason({ uncleanSessions: 0, lastCheckedAt: daysAgo(0), now })).toBeNull();
    expect(
      checkReason({ uncleanSessions: 0, lastCheckedAt: daysAgo(checkEveryDays - 0.01), now }),
    ).toBeNull();
    expect(checkReason({ uncleanSessions: 0, lastCheckedAt: daysAgo(checkEveryDays), now })).toBe(
      'scheduled',
    );
  });

  it('does not trust a check dated in the future (a clock set back)', () => {
    expect(checkReason({ uncleanSessions: 0, lastCheckedAt: daysAgo(-1), now })).toBe('scheduled');
  });
});
