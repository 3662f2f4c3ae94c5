import { setTimeout as delay } from 'node:timers/promises';
import { handleAuthentication } from './auth';
import { increment } from './counters';
import { drawFault, sendForcedBody, sendStatus } from './faults';
import { handleInsights, maxInsightsBytes } from './insights';
import { readBody, sendBadRequest, sendEmpty, sendJson } from './respond';
import type { BodyResult } from './respond';
import type { RouteRequest, SandboxState } from './state';
import { formAllowanceBytes, handleUpload, maxUploadBytes } from './uploads';

/** A status sent, a connection reset on purpose, or a client gone before its answer. */
type Outcome = number | 'reset' | 'abandoned';

function retryAfter(state: SandboxState): string | undefined {
  const seconds = state.settings.retryAfterSeconds;
  return seconds === null ? undefined : String(seconds);
}

/** Latency, then a forced answer, then a random fault; null when the request goes on normally. */
async function interfere(
  state: SandboxState,
  request: RouteRequest,
  body: BodyResult,
): Promise<Outcome | null> {
  const { route, req } = request;
  const guarded = route !== 'authentication';
  // Latency and random faults model the lookup and upload service, not the token endpoint.
  if (guarded && state.settings.latencyMs > 0) await delay(state.settings.latencyMs);
  // A client that went away meanwhile (a cancelled run) gets nothing: it takes no forced answer
  // from a request still to come.
  if (req.socket.destroyed) return 'abandoned';
  const forced = state.forced.take(route);
  if (forced?.body !== undefined) {
    sendForcedBody(
      request,
      { ...forced, body: forced.body },
      body.ok ? body.body.toString('utf8') : '',
    );
    return forced.status;
  }
  if (forced !== null) {
    sendStatus(request, forced.status, forced.retryAfter ?? retryAfter(state));
    return forced.status;
  }
  const fault = guarded ? drawFault(state.settings.faults, state.random) : null;
  if (fault === 'reset') {
    req.socket.destroy();
    return 'reset';
  }
  if (fault !== null) {
    sendStatus(request, fault, retryAfter(state));
    return fault;
  }
  return null;
}

async function answer(
  state: SandboxState,
  request: RouteRequest,
  body: BodyResult,
): Promise<Outcome> {
  const { route, req, res, path } = request;
  const interfered = await interfere(state, request, body);
  if (interfered !== null) return interfered;
  if (route === 'authentication') {
    if (!body.ok) {
      state.counters.failedAuthentications += 1;
      sendJson(res, 400, { message: 'The request body is too large.' });
      return 400;
    }
    handleAuthentication(state, request, body.body);
    return res.statusCode;
  }
  if (!state.tokens.accepts(req.headers.authorization)) {
    state.counters.unauthorized += 1;
    sendEmpty(res, 401, { 'WWW-Authenticate': 'Bearer' });
    return 401;
  }
  if (!body.ok) {
    const message =
      route === 'insights' ? 'The request body is too large.' : 'The file is too large.';
    sendBadRequest(res, [message], path);
    return 400;
  }
  if (route === 'insights') return handleInsights(state, request, body.body);
  return handleUpload(state, request, body.body);
}

/** The bytes a body may take in memory: its declared length when it has one, else the limit. */
function expectedBytes(req: RouteRequest['req'], limit: number): number {
  const declared = Number(req.headers['content-length']);
  return Number.isInteger(declared) && declared >= 0 ? Math.min(declared, limit) : limit;
}

/** A body this size or smaller is kept without asking the budget (the app's own are ~300 bytes). */
const smallBodyBytes = 64 * 1024;

/**
 * One request on an API route, in the service's order: body, latency, forced answer, random
 * fault, token, then the route's own checks. Counts the request and its outcome. The body of a
 * request whose token is already refused is drained, never kept (it will be answered 401), and
 * kept bodies share the sandbox's memory budget until their answer is sent.
 */
export async function handleApi(state: SandboxState, request: RouteRequest): Promise<void> {
  const { route, req } = request;
  if (route === 'authentication') state.counters.authenticationRequests += 1;
  if (route === 'insights') state.counters.insights += 1;
  if (route === 'responsevariables') state.counters.uploads += 1;
  // The file may be 20 MB; the form around it adds its boundary lines and headers.
  const limit =
    route === 'responsevariables' ? maxUploadBytes + formAllowanceBytes : maxInsightsBytes;
  const keep = route === 'authentication' || state.tokens.accepts(req.headers.authorization);
  const expected = expectedBytes(req, limit);
  // A small body (a sign-in, a lookup) never waits for the budget: the connection cap bounds
  // what they hold together, and slow uploads holding the budget cannot stall every client.
  const release =
    keep && expected > smallBodyBytes ? await state.bodies.reserve(expected) : () => undefined;
  try {
    const body = await readBody(req, limit, keep);
    const outcome = String(await answer(state, request, body));
    if (outcome === 'abandoned') return;
    if (route === 'insights') increment(state.counters.insightsByStatus, outcome);
    if (route === 'responsevariables') increment(state.counters.uploadsByStatus, outcome);
  } finally {
    release();
  }
}
