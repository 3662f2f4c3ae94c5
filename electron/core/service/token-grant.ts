import { fail, ok, type Result } from '../../../shared/result';

/** The interface reserves room for 2048 characters (spec §2.2, §8). */
export const maxTokenLength = 2048;

/**
 * Where the expiry came from: the answer, the token's JWT `exp` claim, or our configured default;
 * `capped` when either said later than `longestLifetimeMs`, which was used instead.
 */
export type ExpirySource = 'answer' | 'jwt' | 'default' | 'capped';

/**
 * The longest a token is kept. The spec names no lifetime (§4.1), and a 401 ends a token sooner
 * whatever it said, so holding a far expiry to a day costs one sign-in a day at most; an expiry
 * of 1e20 seconds is no date at all, and would be shown as one.
 */
export const longestLifetimeMs = 86_400_000;

export interface TokenGrant {
  token: string;
  /** Epoch milliseconds after which the token is treated as expired. */
  expiresAt: number;
  expirySource: ExpirySource;
}

// Matched whatever their case (`ExpiresInSeconds`, `EXPIRES_IN`), as the token's own field is.
const tokenFields = ['token', 'access_token'];
const relativeFields = ['expiresInSeconds', 'expiresIn', 'expires_in'];
const absoluteFields = ['expiresAt', 'expiration', 'expires_at', 'expiry'];

/** The fields of an answer by their lower-case names; the first spelling met wins. */
function byLowerName(body: Record<string, unknown>): Map<string, unknown> {
  const fields = new Map<string, unknown>();
  for (const [name, value] of Object.entries(body)) {
    const lower = name.toLowerCase();
    if (!fields.has(lower)) fields.set(lower, value);
  }
  return fields;
}

/** The values of `names` in the answer, in that order, whatever the case they are spelt in. */
function firstOf(fields: Map<string, unknown>, names: readonly string[]): unknown[] {
  return names.map((name) => fields.get(name.toLowerCase()));
}

function numberFrom(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return undefined;
}

/** An absolute date: ISO text, or epoch seconds or milliseconds as a number. */
function dateFrom(value: unknown): number | undefined {
  const number = numberFrom(value);
  if (number !== undefined) return number < 1e12 ? number * 1000 : number;
  if (typeof value !== 'string') return undefined;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? undefined : parsed;
}

/** The `exp` claim (epoch seconds) of a JWT, read without verifying: only the service verifies it. */
export function jwtExpiry(token: string): number | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return undefined;
  try {
    const payload = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as unknown;
    if (typeof payload !== 'object' || payload === null) return undefined;
    const exp = numberFrom((payload as Record<string, unknown>).exp);
    return exp === undefined ? undefined : exp * 1000;
  } catch {
    return undefined;
  }
}

/** An absolute expiry is on the service's clock: `skew` (ours minus its) puts it on ours. */
function expiryFromAnswer(
  fields: Map<string, unknown>,
  now: number,
  skew: number,
): number | undefined {
  for (const value of firstOf(fields, relativeFields)) {
    const seconds = numberFrom(value);
    if (seconds !== undefined) return now + seconds * 1000;
  }
  for (const value of firstOf(fields, absoluteFields)) {
    const date = dateFrom(value);
    if (date !== undefined) return date + skew;
  }
  return undefined;
}

/**
 * Reads the authentication answer (spec §4.1). The expiry comes from the answer when it names one,
 * else from the JWT `exp` claim, else from the configured lifetime; a 401 later is treated as
 * expiry whatever this said. `now` is the workstation's clock, which `expiresAt` is given in;
 * `serverNow` the service's as its answer's Date says it (server-time.ts), which absolute dates
 * in the answer and the token are on.
 */
export function readTokenGrant(
  body: unknown,
  now: number,
  defaultLifetimeMs: number,
  serverNow = now,
): Result<TokenGrant> {
  if (typeof body !== 'object' || body === null) {
    return fail('invalid_response', 'The authentication answer is not a JSON object.');
  }
  const fields = byLowerName(body as Record<string, unknown>);
  const token = firstOf(fields, tokenFields).find((value) => value != null);
  if (typeof token !== 'string' || token.trim() === '') {
    return fail('invalid_response', 'The authentication answer has no token.');
  }
  if (token.length > maxTokenLength) {
    return fail(
      'token_too_long',
      `The service sent a token of ${token.length} characters; the interface allows at most ${maxTokenLength}.`,
    );
  }
  if (!/^[\x21-\x7e]+$/.test(token)) {
    return fail(
      'invalid_response',
      'The service sent a token with characters that cannot travel in a header.',
    );
  }
  // An expiry at or before now (`expiresIn: -100`, a past date) cannot be what the service means
  // for a token it just gave: it is passed over for the next source, never shown as the past.
  const said = (at: number | undefined) => (at !== undefined && at > now ? at : undefined);
  const skew = now - serverNow;
  const fromAnswer = said(expiryFromAnswer(fields, now, skew));
  if (fromAnswer !== undefined) return ok(bounded(token, fromAnswer, 'answer', now));
  const exp = jwtExpiry(token);
  const fromJwt = said(exp === undefined ? undefined : exp + skew);
  if (fromJwt !== undefined) return ok(bounded(token, fromJwt, 'jwt', now));
  return ok(bounded(token, now + defaultLifetimeMs, 'default', now));
}

function bounded(token: string, expiresAt: number, source: ExpirySource, now: number): TokenGrant {
  const latest = now + longestLifetimeMs;
  return expiresAt > latest
    ? { token, expiresAt: latest, expirySource: 'capped' }
    : { token, expiresAt, expirySource: source };
}
