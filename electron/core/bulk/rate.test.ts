import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRateLimiter } from './rate';

afterEach(() => vi.useRealTimers());

/** How long `take` waited, in ms; a stalled one is stopped after `patienceMs` and says so. */
async function timedTake(
  limiter: ReturnType<typeof createRateLimiter>,
  patienceMs = 1000,
): Promise<number> {
  const before = performance.now();
  await limiter.take(AbortSignal.timeout(patienceMs));
  return performance.now() - before;
}

describe('createRateLimiter', () => {
  it('spaces requests by the rate', async () => {
    const limiter = createRateLimiter(50);
    await timedTake(limiter);
    const waited = await timedTake(limiter);
    expect(waited).toBeGreaterThanOrEqual(15);
  });

  it('does not stall when the wall clock is set back (an NTP correction, a manual fix)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const limiter = createRateLimiter(50);
    for (let i = 0; i < 3; i += 1) await timedTake(limiter);
    vi.setSystemTime(Date.now() - 10 * 60_000);
    // By the wall clock the next token is 10 minutes away; the limiter's clock never went back.
    expect(await timedTake(limiter)).toBeLessThan(200);
    expect(await timedTake(limiter)).toBeLessThan(200);
  });

  it('counts a clock that goes back as no time passed, never as a debt', async () => {
    let clock = 1_000_000;
    const limiter = createRateLimiter(50, () => clock);
    await timedTake(limiter);
    clock -= 10 * 60_000;
    expect(await timedTake(limiter)).toBeLessThan(200);
    clock += 20;
    expect(await timedTake(limiter)).toBeLessThan(200);
  });
});
