import { describe, expect, it } from 'vitest';
import { jwtExpiry, readTokenGrant } from './token-grant';

const now = Date.parse('2026-11-21T12:00:00Z');
const hour = 3_600_000;

function jwt(payload: object): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.c2lnbmF0dXJl`;
}

describe('readTokenGrant', () => {
  it.each([
    [{ expiresInSeconds: '3600' }],
    [{ expiresInSeconds: 3600 }],
    [{ expiresIn: 3600 }],
    [{ expires_in: '3600' }],
    [{ expiresAt: '2026-11-21T13:00:00Z' }],
    [{ expiration: now / 1000 + 3600 }],
    // Spelt in any case, as the token is read (`Token`): a C# service writes PascalCase.
    [{ ExpiresInSeconds: 3600 }],
    [{ EXPIRES_IN: '3600' }],
    [{ ExpiresAt: '2026-11-21T13:00:00Z' }],
    [{ Expiration: now / 1000 + 3600 }],
  ])('reads the expiry from the answer: %j', (fields) => {
    const grant = readTokenGrant({ token: 'abc.def', ...fields }, now, 60_000);
    expect(grant).toEqual({
      ok: true,
      value: { token: 'abc.def', expiresAt: now + hour, expirySource: 'answer' },
    });
  });

  it.each([-10, 10])(
    "reads an absolute expiry by the service's clock, with the workstation's %i minutes off",
    (skewMinutes) => {
      // The service's clock is `now`; the answer's Date says so. Its token lasts 5 minutes.
      const local = now + skewMinutes * 60_000;
      const fields = [
        { expiresAt: new Date(now + 300_000).toISOString() },
        { expiration: now / 1000 + 300 },
      ];
      for (const field of fields) {
        expect(readTokenGrant({ token: 'abc', ...field }, local, hour, now)).toEqual({
          ok: true,
          value: { token: 'abc', expiresAt: local + 300_000, expirySource: 'answer' },
        });
      }
      const token = jwt({ exp: now / 1000 + 300 });
      expect(readTokenGrant({ token }, local, hour, now)).toEqual({
        ok: true,
        value: { token, expiresAt: local + 300_000, expirySource: 'jwt' },
      });
      // A lifetime given in seconds is the same on any clock.
      expect(readTokenGrant({ token: 'abc', expiresIn: 300 }, local, hour, now)).toEqual({
        ok: true,
        value: { token: 'abc', expiresAt: local + 300_000, expirySource: 'answer' },
      });
    },
  );

  it('reads a PascalCase answer whole: its Token and its ExpiresInSeconds', () => {
    expect(readTokenGrant({ Token: 'abc.def', ExpiresInSeconds: 120 }, now, hour)).toEqual({
      ok: true,
      value: { token: 'abc.def', expiresAt: now + 120_000, expirySource: 'answer' },
    });
  });

  it("falls back to the JWT's exp claim, then to the configured lifetime", () => {
    const token = jwt({ sub: 'analyst', exp: now / 1000 + 120 });
    expect(readTokenGrant({ token }, now, 60_000)).toEqual({
      ok: true,
      value: { token, expiresAt: now + 120_000, expirySource: 'jwt' },
    });
    expect(readTokenGrant({ token: 'opaque' }, now, 60_000)).toEqual({
      ok: true,
      value: { token: 'opaque', expiresAt: now + 60_000, expirySource: 'default' },
    });
  });

  it.each([
    [{ expiresIn: 1e20 }],
    [{ expiresIn: '99999999999999999999' }],
    [{ expiresAt: 1e16 }],
    [{ expiration: '9999-12-31T00:00:00Z' }],
  ])('holds an expiry later than a day to one day: %j', (fields) => {
    const grant = readTokenGrant({ token: 'abc', ...fields }, now, 60_000);
    expect(grant).toEqual({
      ok: true,
      value: { token: 'abc', expiresAt: now + 24 * hour, expirySource: 'capped' },
    });
  });

  it('passes over an expiry at or before now for the next source', () => {
    for (const fields of [{ expiresIn: -100 }, { expiresIn: 0 }, { expiresAt: now - hour }]) {
      expect(readTokenGrant({ token: 'abc', ...fields }, now, 60_000)).toEqual({
        ok: true,
        value: { token: 'abc', expiresAt: now + 60_000, expirySource: 'default' },
      });
    }
    const token = jwt({ exp: now / 1000 + 120 });
    expect(readTokenGrant({ token, expiresIn: -5 }, now, 60_000)).toMatchObject({
      value: { expiresAt: now + 120_000, expirySource: 'jwt' },
    });
    expect(readTokenGrant({ token: jwt({ exp: now / 1000 - 1 }) }, now, 60_000)).toMatchObject({
      value: { expirySource: 'default' },
    });
  });

  it('accepts a 2048-character token and refuses 2049', () => {
    expect(readTokenGrant({ token: 'a'.repeat(2048) }, now, 1).ok).toBe(true);
    const long = readTokenGrant({ token: 'a'.repeat(2049) }, now, 1);
    expect(long.ok ? null : long.error.code).toBe('token_too_long');
    expect(long.ok ? '' : long.error.message).not.toContain('aaaa');
  });

  it('refuses answers without a usable token', () => {
    for (const body of [null, 'text', {}, { token: '' }, { token: 42 }, { token: 'has space' }]) {
      const grant = readTokenGrant(body, now, 1);
      expect(grant.ok ? null : grant.error.code).toBe('invalid_response');
    }
  });
});

describe('jwtExpiry', () => {
  it('ignores tokens that are not JWTs or have no numeric exp', () => {
    expect(jwtExpiry('a.b')).toBeUndefined();
    expect(jwtExpiry('a.!!!.c')).toBeUndefined();
    expect(jwtExpiry(jwt({ exp: 'soon' }))).toBeUndefined();
    expect(jwtExpiry(jwt({ exp: 10 }))).toBe(10_000);
  });
});
