import type { FetchResponse } from './fetch-types';
import { gatewayStatuses, type AppError } from '../../../shared/result';
import type { Route } from '../../../shared/environment';
import { parseAuthFailureMessage, parseProblem } from '../../../shared/domain/problem';
import { limitText, maxErrorBodyBytes, readBodyText } from './body';
import { serverNow } from './server-time';

/**
 * `Retry-After` is either delay-seconds or an HTTP date (RFC 9110 §10.2.3), measured from `now`:
 * the service's clock when its answer says it (see `serverNow`). Returns milliseconds to wait, or
 * undefined when absent or unreadable.
 */
export function parseRetryAfter(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Math.min(longestWaitMs, Number(text) * 1000);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.min(longestWaitMs, Math.max(0, date - now));
}

/** Any wait asked for beyond a day means "not now" alike: a batch pauses either way. */
export const longestWaitMs = 86_400_000;

/** A duration in seconds as it was (`1.5 s`, `30 s`), never rounded to another whole second. */
export function secondsText(ms: number): string {
  return `${String(Number((ms / 1000).toFixed(3)))} s`;
}

/** Too large to read: the error keeps its status and says the body was left unread. */
const tooLarge = Symbol('too large');

async function readBody(response: FetchResponse): Promise<unknown> {
  let text: string;
  try {
    const read = await readBodyText(response, maxErrorBodyBytes);
    if (!read.ok) return tooLarge;
    text = read.text;
  } catch {
    return null;
  }
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const statusCodes: Partial<Record<number, AppError['code']>> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  429: 'rate_limited',
  500: 'server',
  502: 'unavailable',
  503: 'unavailable',
  504: 'unavailable',
};

function statusMessage(status: number, route: Route): string {
  switch (status) {
    case 400:
      return route === 'responsevariables'
        ? 'The service refused the file.'
        : 'The service refused the request as invalid.';
    case 401:
      return 'The service did not accept the token, even a fresh one.';
    case 403:
      return 'The account has no permission for this service resource.';
    case 404:
      return 'The service answered 404 (route not found): check the base URL and the path style of the environment.';
    case 429:
      return 'The service is limiting the request rate.';
    case 500:
      return 'The service failed while processing the request.';
    case 502:
      return 'The service received an invalid answer from an upstream server (502).';
    case 503:
      return 'The service is temporarily unavailable (503).';
    case 504:
      return 'An upstream server of the service did not answer in time (504).';
    default:
      return `The service answered with an unexpected HTTP status ${status}.`;
  }
}

/** Turns a non-success answer into an AppError, keeping the service's messages and trace id. */
export async function errorFromResponse(
  response: FetchResponse,
  route: Route,
  now: number,
): Promise<AppError> {
  const { status } = response;
  const body = await readBody(response);
  const error: AppError = {
    code: statusCodes[status] ?? 'http',
    message: statusMessage(status, route),
    status,
  };
  if (body === tooLarge)
    error.message += ` Its error body was larger than ${limitText(maxErrorBodyBytes)} and was not read.`;

  // A sign-in refused: 400 is the interface's answer (spec §4.1), 401 what many servers give for
  // a wrong password. Either way the user name and password are what to check, never a token.
  if (route === 'authentication' && (status === 400 || status === 401)) {
    const message = parseAuthFailureMessage(body);
    error.code = 'auth_failed';
    // Not the headline again (the window shows it above): what was refused, and what to check.
    error.message =
      'The sign-in was refused: check the user name and password saved for this environment.';
    if (message) error.details = [message];
    return error;
  }
  if (status === 400) error.code = 'rejected';

  const problem = parseProblem(body);
  if (problem) {
    if (problem.messages.length > 0) error.details = problem.messages;
    if (problem.traceId) error.traceId = problem.traceId;
  } else if (typeof body === 'string' && status < 500 && body.length < 500) {
    error.details = [body];
  }
  // An HTTP date is on the service's clock: measured from its answer's Date (server-time.ts).
  const retryAfterMs = parseRetryAfter(
    response.headers.get('retry-after'),
    serverNow(response, now),
  );
  if (retryAfterMs !== undefined) error.retryAfterMs = retryAfterMs;
  // A gateway's failure: it took the request and passed it on, and the service behind it gave no
  // answer it could relay. The service may have it, as after a timeout.
  if (gatewayStatuses.includes(status)) error.mayHaveArrived = true;
  return error;
}

/**
 * Classifies a thrown fetch failure. Which signal fired tells a cancel from a timeout; anything
 * else is a network failure, described without the request (which may hold a token). A failure
 * on a connection that was open may have delivered the request (`mayHaveArrived`): only a
 * connection never made (refused, an unknown host, a certificate refused) surely did not.
 */
export function errorFromException(
  caught: unknown,
  caller: AbortSignal | undefined,
  timedOut: boolean,
  timeoutMs: number,
): AppError {
  if (caller?.aborted) return { code: 'cancelled', message: 'The request was cancelled.' };
  if (timedOut) {
    return {
      code: 'timeout',
      message: `The service did not answer within ${secondsText(timeoutMs)}.`,
    };
  }
  if (isOwnFailure(caught))
    // Its text stays out: JSON.parse, say, quotes what it failed on, which may hold a secret.
    return {
      code: 'internal',
      message:
        'The app failed on its own while it talked to the service; the network is not at fault. Try again, and tell support if it happens again.',
      mayHaveArrived: true,
    };
  const { reason, answered, reached } = networkReason(caught);
  if (answered)
    return {
      code: 'network',
      message: `The service's answer could not be read: ${reason}.`,
      mayHaveArrived: true,
    };
  if (reached)
    return {
      code: 'network',
      message: `The connection to the service was lost before it answered: ${reason}.`,
      mayHaveArrived: true,
    };
  return { code: 'network', message: `Could not reach the service: ${reason}.` };
}

/**
 * Why the body of an answer whose status arrived could not be read to its end, as a clause
 * (`the connection was reset`): the status stands, so this is a note, not an error.
 */
export function unreadReason(
  caught: unknown,
  caller: AbortSignal | undefined,
  timedOut: boolean,
  timeoutMs: number,
): string {
  if (caller?.aborted) return 'reading it was cancelled';
  if (timedOut) return `it did not end within ${secondsText(timeoutMs)}`;
  if (isOwnFailure(caught)) return 'the app failed on its own while it read it';
  return networkReason(caught).reason;
}

/**
 * A failure of the app's own code (a bug, or an answer it did not foresee), not of the network:
 * a JavaScript error or a thrown value with no network code or `net::` mark anywhere in its
 * causes. Undici's `fetch failed` and `terminated` are the network's even without a code below.
 */
function isOwnFailure(caught: unknown): boolean {
  if (!(caught instanceof Error)) return true;
  let current: unknown = caught;
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    if (typeof (current as { code?: unknown }).code === 'string') return false;
    if (/net::ERR_/.test(current.message)) return false;
    current = current.cause;
  }
  if (caught instanceof TypeError && ['fetch failed', 'terminated'].includes(caught.message))
    return false;
  return [TypeError, SyntaxError, RangeError, ReferenceError].some(
    (kind) => caught instanceof kind,
  );
}

const networkReasons: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  ENOTFOUND: 'the host name was not found',
  EAI_AGAIN: 'the host name could not be resolved',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  UND_ERR_SOCKET: 'the connection was closed unexpectedly',
  // This machine's, not the network's: no socket could be opened.
  EMFILE:
    'this process ran out of open files, so no connection could be opened (lower the concurrency, or raise the limit of open files: ulimit -n)',
  ENFILE:
    'this computer ran out of open files, so no connection could be opened (lower the concurrency, or close other programs)',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  CERT_HAS_EXPIRED: "the server's certificate has expired",
  DEPTH_ZERO_SELF_SIGNED_CERT: "the server's certificate is self-signed",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "the server's certificate could not be verified",
};

/**
 * The failures of a connection that was never made: nothing of the request reached the service.
 * Electron's `net.fetch` names them in its message (`net::ERR_CONNECTION_REFUSED`).
 */
const notReached = new Set([
  'EMFILE',
  'ENFILE',
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_CONNECTION_REFUSED',
  'ERR_NAME_NOT_RESOLVED',
  'ERR_NAME_RESOLUTION_FAILED',
  'ERR_ADDRESS_UNREACHABLE',
  'ERR_INTERNET_DISCONNECTED',
  'ERR_CONNECTION_TIMED_OUT',
  'ERR_PROXY_CONNECTION_FAILED',
]);

/** `net.fetch`'s failures, by the code its message names. */
const chromiumReasons: Record<string, string> = {
  ERR_CONNECTION_REFUSED: 'the connection was refused',
  ERR_NAME_NOT_RESOLVED: 'the host name was not found',
  ERR_NAME_RESOLUTION_FAILED: 'the host name could not be resolved',
  ERR_ADDRESS_UNREACHABLE: 'the host is unreachable',
  ERR_INTERNET_DISCONNECTED: 'the network is unreachable',
  ERR_CONNECTION_TIMED_OUT: 'the connection timed out',
  ERR_PROXY_CONNECTION_FAILED: 'the proxy could not be reached',
  ERR_CONNECTION_RESET: 'the connection was reset',
  ERR_CONNECTION_CLOSED: 'the connection was closed unexpectedly',
  ERR_EMPTY_RESPONSE: 'the connection was closed unexpectedly',
};

/**
 * Why a request failed; whether the server had answered (then its answer is what could not be
 * read: cut, not HTTP, wrongly compressed); and whether the connection was made at all. A failure
 * the app cannot place counts as reached: an upload then asks before it goes again, never the
 * other way round.
 */
function networkReason(caught: unknown): { reason: string; answered: boolean; reached: boolean } {
  let current: unknown = caught;
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      const answered = (reason: string) => ({ reason, answered: true, reached: true });
      // Node's HTTP parser: headers past its limit, or something that is not HTTP at all.
      if (code === 'HPE_HEADER_OVERFLOW')
        return answered('its headers are over 16 KB, more than the app reads');
      if (code.startsWith('HPE_')) return answered('it is not valid HTTP');
      // `nodeFetch`: the body's bytes stopped coming, or did not decompress.
      if (code === 'ERR_ANSWER_CUT') return answered('the connection closed before it ended');
      if (code === 'ERR_ANSWER_ENCODING') {
        const encoding = String((current as { encoding?: unknown }).encoding);
        return answered(`it says it is compressed (${encoding}), but its bytes are not`);
      }
      return {
        reason: networkReasons[code] ?? `connection error ${code}`,
        answered: false,
        reached: !notReached.has(code),
      };
    }
    const chromium = /net::(ERR_[A-Z_]+)/.exec(current.message)?.[1];
    if (chromium)
      return {
        reason: chromiumReasons[chromium] ?? `connection error ${chromium}`,
        answered: false,
        reached: !notReached.has(chromium),
      };
    current = current.cause;
  }
  return { reason: 'the connection failed', answered: false, reached: true };
}
