import type { ResponseVariableRow } from '../../shared/domain/types';

/** Probability (0..1) that a single insights or upload request fails this way. */
export interface FaultRates {
  429?: number;
  500?: number;
  502?: number;
  503?: number;
  504?: number;
  /** The socket is destroyed without an answer (the client sees a network error). */
  reset?: number;
}

/** Behaviour that can be changed while the sandbox runs (`configure`). */
export interface SandboxSettings {
  /** Accepted credentials; null accepts any non-empty user name and password. */
  credentials: { username: string; password: string } | null;
  /** Life of a newly issued token, in seconds. */
  tokenTtlSeconds: number;
  /**
   * Which expiry field the authentication answer carries: `expiresInSeconds` as a string of
   * seconds (like the operator's sibling API), `expiresIn` and `expires_in` as numbers of seconds,
   * `expiresAt` as an ISO date, or `none` (only the token, like the public sample).
   */
  expiryField: 'expiresInSeconds' | 'expiresIn' | 'expires_in' | 'expiresAt' | 'none';
  /** True: tokens are well-formed JWTs carrying `exp` in seconds; false: opaque random tokens. */
  jwtTokens: boolean;
  /** Delay added before answering each insights or upload request, in milliseconds. */
  latencyMs: number;
  /** Random failures of insights and upload requests. */
  faults: FaultRates;
  /** Retry-After value on 429 and 503 answers, in seconds; null sends no header. */
  retryAfterSeconds: number | null;
}

/**
 * What one sandbox lets its clients hold, so that no local program can exhaust the process it
 * runs in (the app's own, when embedded). The defaults are far above what the app, dcdesk and the
 * benchmarks use; tests shorten them.
 */
export interface SandboxLimits {
  /** Connections open at once; more are closed as they arrive (default 512). */
  maxConnections: number;
  /** A connection that sends no request for this long is closed, in ms (default 10 s). */
  idleMs: number;
  /** A request's headers must arrive within this time, else 408, in ms (default 10 s). */
  headersMs: number;
  /** The whole request, body included, must arrive within this time, else 408 (default 60 s). */
  requestMs: number;
  /** Request bodies held in memory at once, all together, in bytes (default 64 MB). */
  bodyBytes: number;
}

/** How to start a sandbox; every setting defaults to the friendliest value. */
export interface SandboxOptions extends Partial<SandboxSettings> {
  /** Connection, time and memory limits (see SandboxLimits); each left out takes its default. */
  limits?: Partial<SandboxLimits>;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Seed of the pseudo-random generator that draws faults (default 1), for repeatable runs. */
  seed?: number;
  /** Clock in milliseconds, used for token expiry and upload times (default Date.now). */
  now?: () => number;
}

/** What the sandbox has seen since it started or since the last reset. */
export interface SandboxCounters {
  /** Authentication requests received, whatever the answer (forced ones included). */
  authenticationRequests: number;
  /** Tokens issued. */
  authentications: number;
  /** Authentication requests refused with 400 (wrong credentials or malformed body). */
  failedAuthentications: number;
  /** Insights requests received on a valid route, whatever the answer. */
  insights: number;
  /** Insights answers by status (`"200"`, `"204"`, `"400"`, …; `"reset"` for dropped sockets). */
  insightsByStatus: Record<string, number>;
  /** Upload requests received on a valid route, whatever the answer. */
  uploads: number;
  /** Upload answers by status, like `insightsByStatus`. */
  uploadsByStatus: Record<string, number>;
  /** Insights and upload requests refused for a missing, unknown, expired or revoked token. */
  unauthorized: number;
  /**
   * How many insight requests reached validation, per `externalID` (duplicates show as > 1).
   * Only IDs valid by their own rule (6 to 64 characters, not blank) count, even when another
   * field of the request is refused; the first 100,000 distinct IDs since the last reset are kept.
   */
  perExternalId: Record<string, number>;
  /** Requests with a valid `externalID` not in `perExternalId` because it was full. */
  untrackedExternalIds: number;
}

/** One accepted response-variable file, as parsed by the sandbox. */
export interface ReceivedUpload {
  fileName: string;
  kind: 'csv' | 'zip';
  rows: ResponseVariableRow[];
  /** Size of the uploaded file (the multipart part), in bytes. */
  bytes: number;
  /** ISO date from the sandbox clock. */
  receivedAt: string;
}

/** The API routes, as `forceNext` names them. */
export type SandboxRoute = 'authentication' | 'insights' | 'responsevariables';

/** Options of `SandboxHandle.forceNext`. */
export interface ForceNextOptions {
  /** How many matching requests get the forced answer (default 1). */
  count?: number;
  /** Only requests on this route match (default: any API route). */
  route?: SandboxRoute;
  /** Retry-After header value, seconds or an HTTP date (default: `retryAfterSeconds` on 429/503). */
  retryAfter?: string;
  /**
   * The body to answer with instead of the status's usual one, sent as JSON, for answers that
   * break the interface. `{{authorization}}` and `{{requestBody}}` in it are replaced by the
   * request's Authorization header and body, escaped for a JSON string, to play a server that
   * echoes what it was sent.
   */
  body?: string;
}

/** A running sandbox. */
export interface SandboxHandle {
  /** `http://127.0.0.1:PORT`, without a trailing slash. */
  url: string;
  port: number;
  /** A snapshot copy of the counters. */
  counters(): SandboxCounters;
  /**
   * Copies of the accepted uploads, oldest first: the newest ones, up to 1,000 uploads and 20 MB
   * of files together (the newest is kept whatever its size); older ones are forgotten.
   */
  uploads(): ReceivedUpload[];
  /** Changes settings at run time; throws on an invalid patch. */
  configure(patch: Partial<SandboxSettings>): void;
  /** The next `count` matching requests answer `status` (takes precedence over random faults). */
  forceNext(status: number, options?: ForceNextOptions): void;
  /** Every token issued so far becomes invalid (401). */
  revokeTokens(): void;
  /** Zeroes the counters and forgets the received uploads. */
  resetCounters(): void;
  /** Stops listening and closes every open connection. */
  close(): Promise<void>;
}

/** A forced answer taken for one request. */
export interface ForcedAnswer {
  status: number;
  retryAfter: string | undefined;
  /** The forced body, when `forceNext` was given one (see `ForceNextOptions.body`). */
  body: string | undefined;
}

/**
 * Answers queued by `forceNext` (the queue is `ForcedAnswerQueue` in faults.ts). Declared here so
 * that state.ts, which faults.ts reads, does not import faults.ts back.
 */
export interface ForcedAnswers {
  add(status: number, options?: ForceNextOptions): void;
  /** Takes one forced answer for this route, if any is waiting. */
  take(route: SandboxRoute): ForcedAnswer | null;
  clear(): void;
}
