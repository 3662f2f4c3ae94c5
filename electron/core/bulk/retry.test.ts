import { describe, expect, it } from 'vitest';
import { decideRetry, defaultRetryPolicy } from './retry';

const busy = (retryAfterMs: number) =>
  decideRetry(
    { code: 'unavailable', message: 'busy', retryAfterMs },
    1,
    defaultRetryPolicy,
    () => 0.5,
  );

describe('decideRetry', () => {
  it('retries after the wait the service asked for, when it is short', () => {
    expect(busy(5_000)).toEqual({ kind: 'retry', delayMs: 5_000 });
  });

  it('pauses on a long wait, saying it; a wait held to a day is said as a day or more', () => {
    expect(busy(600_000)).toMatchObject({
      kind: 'pause',
      message: 'The service asked to wait 600 s before retrying.',
    });
    // A Retry-After of a date in 2100 is held to a day: the service did not ask for 86,400 s.
    expect(busy(86_400_000)).toMatchObject({
      kind: 'pause',
      message: 'The service asked to wait a day or more before retrying.',
    });
  });
});
