import { describe, expect, it } from 'vitest';
import { fail, ok, type Result } from '../../../shared/result';
import type { TokenGrant } from './token-grant';
import { createTokenManager } from './token-manager';

/** An acquisition the test resolves by hand, counting calls. */
function manualAcquire() {
  const calls: Array<(result: Result<TokenGrant>) => void> = [];
  const acquire = () => new Promise<Result<TokenGrant>>((resolve) => calls.push(resolve));
  return { acquire, calls };
}

const grant = (token: string, expiresAt: number): Result<TokenGrant> =>
  ok({ token, expiresAt, expirySource: 'answer' });

describe('createTokenManager', () => {
  it('shares one acquisition among concurrent callers and keeps the token until it expires', async () => {
    let clock = 1000;
    const { acquire, calls } = manualAcquire();
    const tokens = createTokenManager({ acquire, now: () => clock, clock: () => clock });

    const waiting = Array.from({ length: 100 }, () => tokens.get());
    expect(calls).toHaveLength(1);
    calls[0]?.(grant('t1', 2000));
    const results = await Promise.all(waiting);
    expect(results.every((result) => result.ok && result.value === 't1')).toBe(true);

    clock = 1999;
    expect(await tokens.get()).toEqual({ ok: true, value: 't1' });
    expect(calls).toHaveLength(1);

    clock = 2000;
    const renewed = tokens.get();
    expect(calls).toHaveLength(2);
    calls[1]?.(grant('t2', 5000));
    expect(await renewed).toEqual({ ok: true, value: 't2' });
  });

  it('gives every waiter the same failure, then tries again on the next call', async () => {
    const { acquire, calls } = manualAcquire();
    const tokens = createTokenManager({ acquire });
    const waiting = [tokens.get(), tokens.get(), tokens.get()];
    calls[0]?.(fail('auth_failed', 'The service refused the user name or password.'));
    const results = await Promise.all(waiting);
    expect(new Set(results.map((result) => (result.ok ? 'ok' : result.error.code)))).toEqual(
      new Set(['auth_failed']),
    );
    expect(results[0]).toBe(results[1]);

    void tokens.get();
    expect(calls).toHaveLength(2);
  });

  it('invalidates only the token that was refused', async () => {
    const { acquire, calls } = manualAcquire();
    const tokens = createTokenManager({ acquire, now: () => 0 });
    const first = tokens.get();
    calls[0]?.(grant('old', 10_000));
    await first;

    tokens.invalidate('old');
    const second = tokens.get();
    calls[1]?.(grant('new', 10_000));
    expect(await second).toEqual({ ok: true, value: 'new' });

    tokens.invalidate('old');
    expect(await tokens.get()).toEqual({ ok: true, value: 'new' });
    expect(calls).toHaveLength(2);
  });

  it('lets one caller give up without cancelling the acquisition for the others', async () => {
    const { acquire, calls } = manualAcquire();
    const tokens = createTokenManager({ acquire, now: () => 0 });
    const controller = new AbortController();
    const impatient = tokens.get(controller.signal);
    const patient = tokens.get();
    controller.abort();
    expect(await impatient).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    calls[0]?.(grant('t', 10));
    expect(await patient).toEqual({ ok: true, value: 't' });
  });

  it('drops a grant that arrives after clear()', async () => {
    const { acquire, calls } = manualAcquire();
    const tokens = createTokenManager({ acquire, now: () => 0 });
    const before = tokens.get();
    tokens.clear();
    calls[0]?.(grant('stale', 10));
    await before;
    expect(tokens.status().hasToken).toBe(false);
  });

  it('shows the valid grant held without obtaining one', async () => {
    let clock = 1000;
    const { acquire, calls } = manualAcquire();
    const tokens = createTokenManager({ acquire, now: () => clock, clock: () => clock });
    expect(tokens.held()).toBeNull();
    const waiting = tokens.get();
    calls[0]?.(grant('t1', 2000));
    await waiting;
    expect(tokens.held()).toMatchObject({ token: 't1', expiresAt: 2000 });
    clock = 2000;
    expect(tokens.held()).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('ages the token by a clock that never jumps, whatever the wall clock does', async () => {
    let wall = 1_000_000;
    let clock = 50;
    const { acquire, calls } = manualAcquire();
    const tokens = createTokenManager({ acquire, now: () => wall, clock: () => clock });
    const waiting = tokens.get();
    calls[0]?.(grant('t1', wall + 60_000));
    await waiting;
    // Set forward 10 minutes: the token has a minute left all the same.
    wall += 10 * 60_000;
    clock += 1000;
    expect(await tokens.get()).toEqual({ ok: true, value: 't1' });
    // Set back 10 minutes: a minute later the token has expired all the same.
    wall -= 20 * 60_000;
    clock += 60_000;
    void tokens.get();
    expect(calls).toHaveLength(2);
  });
});
