import { sendEmpty, sendJson, problem } from './respond';
import type { RouteRequest } from './state';
import type {
  FaultRates,
  ForcedAnswer,
  ForcedAnswers,
  ForceNextOptions,
  SandboxRoute,
} from './types';

/** A failure drawn for one request: an HTTP status, or a dropped socket. */
export type Fault = 429 | 500 | 502 | 503 | 504 | 'reset';

const faultKinds: readonly Fault[] = [429, 500, 502, 503, 504, 'reset'];

/** mulberry32: a tiny, fast, seedable generator; repeatable runs matter more than quality here. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Spreads a total failure rate evenly over 500, 502, 503, 504 and reset (429 is left out: rate
 * limiting is a different behaviour from a flaky service, and tests ask for it explicitly).
 */
export function faultsFromRate(rate: number): FaultRates {
  const share = Math.min(1, Math.max(0, rate)) / 5;
  return { 500: share, 502: share, 503: share, 504: share, reset: share };
}

/** Draws at most one fault: one random number, compared against the cumulative rates. */
export function drawFault(rates: FaultRates, random: () => number): Fault | null {
  const total = faultKinds.reduce((sum, kind) => sum + (rates[kind] ?? 0), 0);
  if (total <= 0) return null;
  const r = random();
  let cumulative = 0;
  for (const kind of faultKinds) {
    cumulative += rates[kind] ?? 0;
    if (r < cumulative) return kind;
  }
  return null;
}

interface Forced {
  status: number;
  remaining: number;
  route: SandboxRoute | undefined;
  retryAfter: string | undefined;
  body: string | undefined;
}

/** Answers queued by `forceNext`, consumed first come, first served by matching requests. */
export class ForcedAnswerQueue implements ForcedAnswers {
  private queue: Forced[] = [];

  add(status: number, options: ForceNextOptions = {}): void {
    if (!Number.isInteger(status) || status < 200 || status > 599) {
      throw new Error(`forceNext: ${status} is not an HTTP status between 200 and 599.`);
    }
    const count = options.count ?? 1;
    if (!Number.isInteger(count) || count < 1)
      throw new Error('forceNext: count must be a positive integer.');
    this.queue.push({
      status,
      remaining: count,
      route: options.route,
      retryAfter: options.retryAfter,
      body: options.body,
    });
  }

  /** Takes one forced answer for this route, if any is waiting. */
  take(route: SandboxRoute): ForcedAnswer | null {
    const index = this.queue.findIndex(
      (entry) => entry.route === undefined || entry.route === route,
    );
    const entry = this.queue[index];
    if (entry === undefined) return null;
    entry.remaining -= 1;
    if (entry.remaining <= 0) this.queue.splice(index, 1);
    return { status: entry.status, retryAfter: entry.retryAfter, body: entry.body };
  }

  clear(): void {
    this.queue = [];
  }
}

/** A JSON string's content (no quotes) for `text`, so an echo keeps the template valid JSON. */
function jsonEscaped(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

/** Sends a forced body, with the request's Authorization header and body echoed where asked. */
export function sendForcedBody(
  request: RouteRequest,
  forced: ForcedAnswer & { body: string },
  requestBody: string,
): void {
  const authorization = request.req.headers.authorization ?? '';
  const text = forced.body
    .replaceAll('{{authorization}}', jsonEscaped(authorization))
    .replaceAll('{{requestBody}}', jsonEscaped(requestBody));
  request.res.writeHead(forced.status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  request.res.end(text);
}

/**
 * Answers a forced or random failure the way the service would: 500 and 400 with a Problem
 * record (authentication's 400 with `{ message }`), 429 and 503 with Retry-After when one is
 * known, everything else with no body.
 */
export function sendStatus(
  request: RouteRequest,
  status: number,
  retryAfter: string | undefined,
): void {
  const { res, route, path } = request;
  const headers: Record<string, string> = {};
  if ((status === 429 || status === 503) && retryAfter !== undefined)
    headers['Retry-After'] = retryAfter;
  if (status === 500) {
    sendJson(
      res,
      500,
      problem(500, 'Internal Server Error', ['An unexpected error occurred.'], path),
      headers,
    );
  } else if (status === 400 && route === 'authentication') {
    sendJson(res, 400, { message: 'Username or Password is incorrect' }, headers);
  } else if (status === 400) {
    sendJson(res, 400, problem(400, 'BadRequest', ['The request is invalid.'], path), headers);
  } else {
    sendEmpty(res, status, headers);
  }
}
