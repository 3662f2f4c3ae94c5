import { sendJson } from './respond';
import type { RouteRequest, SandboxState } from './state';
import type { SandboxSettings } from './types';
import { isBlank } from './validation';

/** The operator's exact answer to a wrong user name or password. */
export const wrongCredentialsMessage = 'Username or Password is incorrect';

/** Reads `{ username, password }` when both are strings that are not blank (spec 2.1: required). */
function readCredentials(body: unknown): { username: string; password: string } | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const { username, password } = body as Record<string, unknown>;
  if (typeof username !== 'string' || typeof password !== 'string') return null;
  if (isBlank(username) || isBlank(password)) return null;
  return { username, password };
}

/** The expiry field of the token answer, in the configured style. */
function expiryEntry(
  settings: SandboxSettings,
  expiresAtMs: number,
): Record<string, string | number> {
  const seconds = settings.tokenTtlSeconds;
  switch (settings.expiryField) {
    case 'expiresInSeconds':
      // The operator's sibling API sends the number of seconds as a string.
      return { expiresInSeconds: String(seconds) };
    case 'expiresIn':
      return { expiresIn: seconds };
    case 'expires_in':
      return { expires_in: seconds };
    case 'expiresAt':
      return { expiresAt: new Date(expiresAtMs).toISOString() };
    case 'none':
      return {};
  }
}

/** POST …/v1/authentication (spec 4.1): a token for good credentials, 400 `{ message }` otherwise. */
export function handleAuthentication(
  state: SandboxState,
  request: RouteRequest,
  raw: Buffer,
): void {
  const { res } = request;
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    state.counters.failedAuthentications += 1;
    sendJson(res, 400, { message: 'The request body is not valid JSON.' });
    return;
  }
  const given = readCredentials(body);
  const expected = state.settings.credentials;
  const accepted =
    given !== null &&
    (expected === null ||
      (given.username === expected.username && given.password === expected.password));
  if (!accepted) {
    state.counters.failedAuthentications += 1;
    sendJson(res, 400, { message: wrongCredentialsMessage });
    return;
  }
  const { token, expiresAtMs } = state.tokens.issue(
    given.username,
    state.settings.tokenTtlSeconds,
    state.settings.jwtTokens,
  );
  state.counters.authentications += 1;
  sendJson(res, 200, { token, ...expiryEntry(state.settings, expiresAtMs) });
}
