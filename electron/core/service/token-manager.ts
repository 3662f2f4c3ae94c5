import { fail, type Result } from '../../../shared/result';
import type { TokenGrant } from './token-grant';

export interface TokenStatus {
  hasToken: boolean;
  expiresAt: number | null;
  expirySource: TokenGrant['expirySource'] | null;
}

/** Holds the one bearer token of an environment, in memory only. */
export interface TokenManager {
  /** A valid token: the held one, or a new one shared by every concurrent caller (single flight). */
  get(signal?: AbortSignal): Promise<Result<string>>;
  /**
   * The grant `get` would use, and whether it was obtained for this call (`fresh`) or was held
   * and still valid: what "Test connection" reports, without signing in again (spec 5.3).
   */
  grant(signal?: AbortSignal): Promise<Result<{ grant: TokenGrant; fresh: boolean }>>;
  /** The valid grant held, if any, without obtaining one. */
  held(): TokenGrant | null;
  /** Forgets `token` after a 401, unless another caller already replaced it. */
  invalidate(token: string): void;
  /** Forgets any token (credentials changed, environment switched). */
  clear(): void;
  status(): TokenStatus;
}

export interface TokenManagerOptions {
  /** Obtains a new grant; its signal belongs to the acquisition, not to any one caller. */
  acquire: (signal: AbortSignal) => Promise<Result<TokenGrant>>;
  /** The wall clock the grants' `expiresAt` are given in (default `Date.now`). */
  now?: () => number;
  /**
   * The clock that ages the token (default `performance.now`): monotonic, so a wall clock set
   * back does not keep an expired token, nor one set forward drop a valid one.
   */
  clock?: () => number;
}

/**
 * A new token is requested only when the held one has expired (spec §5.3) or was refused with a
 * 401. Concurrent callers share one acquisition, and a failure reaches every waiter as the same
 * error; the next call after a failure tries again.
 */
export function createTokenManager({
  acquire,
  now = Date.now,
  clock = () => performance.now(),
}: TokenManagerOptions): TokenManager {
  let current: TokenGrant | null = null;
  /** When `current` expires, on `clock`: its lifetime left when it arrived, from then. */
  let until = 0;
  let pending: Promise<Result<TokenGrant>> | null = null;
  let generation = 0;

  function startAcquisition(): Promise<Result<TokenGrant>> {
    const started = generation;
    const controller = new AbortController();
    const acquisition = acquire(controller.signal).then((result) => {
      if (pending === acquisition) pending = null;
      if (result.ok && started === generation) {
        current = result.value;
        until = clock() + (result.value.expiresAt - now());
      }
      return result;
    });
    pending = acquisition;
    return acquisition;
  }

  async function grant(
    signal: AbortSignal | undefined,
  ): Promise<Result<{ grant: TokenGrant; fresh: boolean }>> {
    if (signal?.aborted) return fail('cancelled', 'The request was cancelled.');
    if (current && clock() < until) return { ok: true, value: { grant: current, fresh: false } };
    current = null;
    const result = await abortable(pending ?? startAcquisition(), signal);
    return result.ok ? { ok: true, value: { grant: result.value, fresh: true } } : result;
  }

  const held = () => (current && clock() < until ? current : null);

  return {
    async get(signal) {
      const held = await grant(signal);
      return held.ok ? { ok: true, value: held.value.grant.token } : held;
    },
    grant,
    held,
    invalidate(token) {
      if (current?.token === token) current = null;
    },
    clear() {
      current = null;
      pending = null;
      generation += 1;
    },
    status() {
      const live = held();
      return {
        hasToken: live !== null,
        expiresAt: live?.expiresAt ?? null,
        expirySource: live?.expirySource ?? null,
      };
    },
  };
}

/** Lets one caller stop waiting without cancelling the shared acquisition for the others. */
function abortable<T>(
  promise: Promise<Result<T>>,
  signal: AbortSignal | undefined,
): Promise<Result<T>> {
  if (!signal) return promise;
  return new Promise((resolve) => {
    const onAbort = () => resolve(fail('cancelled', 'The request was cancelled.'));
    signal.addEventListener('abort', onAbort, { once: true });
    void promise.then((result) => {
      signal.removeEventListener('abort', onAbort);
      resolve(result);
    });
  });
}
