import type { AppError } from '../../../shared/result';
import type { PauseReason } from '../store/batches.repo';
import { longestWaitMs, secondsText } from '../service/errors';

export interface RetryPolicy {
  maxAttempts: number;
  /** First backoff ceiling; doubles with each attempt. */
  baseDelayMs: number;
  /** No backoff waits longer than this. */
  maxDelayMs: number;
  /** A Retry-After longer than this pauses the batch instead of holding a slot. */
  maxRetryAfterMs: number;
}

export const defaultRetryPolicy: RetryPolicy = {
  maxAttempts: 3,
  baseDelayMs: 250,
  maxDelayMs: 10_000,
  maxRetryAfterMs: 120_000,
};

export type RetryDecision =
  | { kind: 'retry'; delayMs: number }
  | { kind: 'done'; status: 'rejected' | 'failed' }
  | { kind: 'pause'; reason: PauseReason; message: string };

/** Failures that a later attempt may not meet: overload, upstream trouble, a lost connection. */
const transient = new Set<AppError['code']>([
  'rate_limited',
  'server',
  'unavailable',
  'timeout',
  'network',
]);

/**
 * What to do after a failed attempt. Transient failures are retried with exponential backoff and
 * full jitter (never sooner than the service's Retry-After); a 400 is final for the row; a 403 or
 * 404 means the set-up is wrong and sending more rows would only fail the same way, so the batch
 * pauses; so do credential problems.
 */
export function decideRetry(
  error: AppError,
  attempt: number,
  policy: RetryPolicy,
  random: () => number,
): RetryDecision {
  if (error.code === 'rejected') return { kind: 'done', status: 'rejected' };
  if (transient.has(error.code)) {
    if (attempt >= policy.maxAttempts) return { kind: 'done', status: 'failed' };
    const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
    const jittered = Math.floor(random() * ceiling);
    const asked = error.retryAfterMs ?? 0;
    if (asked > policy.maxRetryAfterMs) {
      return {
        kind: 'pause',
        reason: 'service_degraded',
        // A wait held to a day (`parseRetryAfter`) was longer still: the day is not what was asked.
        message: `The service asked to wait ${asked >= longestWaitMs ? 'a day or more' : secondsText(asked)} before retrying.`,
      };
    }
    return { kind: 'retry', delayMs: Math.max(jittered, asked) };
  }
  switch (error.code) {
    case 'forbidden':
    case 'not_found':
    case 'token_too_long':
      return { kind: 'pause', reason: 'configuration', message: error.message };
    case 'auth_failed':
    case 'unauthorized':
    case 'config':
    case 'keychain_unavailable':
      return { kind: 'pause', reason: 'authentication', message: error.message };
    default:
      return { kind: 'done', status: 'failed' };
  }
}

/**
 * A retry budget per batch, in the manner of gRPC's retry throttling: retries spend tokens, and
 * successes earn a fraction of one back. A service that fails most requests empties it quickly and
 * the batch pauses as degraded, instead of tripling the load on a service that is already down.
 */
export function createRetryBudget(capacity = 50, earnedPerSuccess = 0.2) {
  let tokens = capacity;
  return {
    trySpend(): boolean {
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
    earn(): void {
      tokens = Math.min(capacity, tokens + earnedPerSuccess);
    },
  };
}
