import type { InsightResult, Transaction } from '../../../shared/domain/types';
import { parseInsightResult } from '../../../shared/domain/insight';
import { routeUrl, type Route, type ServiceEndpoint } from '../../../shared/environment';
import { fail, ok, type AppError, type Result } from '../../../shared/result';
import { capped } from './body';
import { alteredIdentifiers, hiddenInIdentifiers } from './altered-identifiers';
import { invalidAnswer, readJson, readLoose } from './answer-read';
import { errorFromException, errorFromResponse, unreadReason } from './errors';
import { echoMask } from './echo-mask';
import { mapStrings } from './map-strings';
import { maskQuotedData } from './quoted-data';
import { createRedactor, nothingToHide, type Redactor } from './redact';
import { createSignerDigest } from './signer';
import { readTokenGrant, type TokenGrant } from './token-grant';
import { serverNow } from './server-time';
import { createTokenManager, type TokenManager } from './token-manager';
import type { FetchFn, FetchResponse } from './fetch-types';

function isRedirect(response: FetchResponse): boolean {
  // `opaqueredirect` (status 0) is what a browser's fetch gives for a manual redirect.
  return response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400);
}

function redirectError(url: string, response: FetchResponse): AppError {
  const location = response.headers.get('location');
  const target = location === null ? null : URL.parse(location, url);
  const to = target ? ` to ${target.href}` : '';
  return {
    code: 'config',
    status: response.status || undefined,
    message: `The service answered with a redirect${to}. Redirects are never followed, so nothing was sent there (it could carry the password or a customer's data to another server). If the service has moved, set its new address as the base URL.`,
  };
}

export type { FetchFn };

export interface Credentials {
  username: string;
  password: string;
}

export interface ServiceClientOptions {
  fetch: FetchFn;
  endpoint: ServiceEndpoint;
  /**
   * Asked at every token acquisition and at every "Test connection": there, a token obtained with
   * other credentials than the ones this answers (changed or deleted by another process, such as
   * `dcdesk credentials`) is dropped. Requests do not ask it: a held token stays valid at the
   * service until it expires, and a keychain read per request could wait on an unlock prompt.
   */
  credentials: () => Promise<Result<Credentials>>;
  /**
   * Per request, including reading the answer. Default 30 s. A function is asked at each
   * request, so a changed setting applies to the same client, and its token is kept.
   */
  timeoutMs?: number | (() => number);
  /**
   * Token lifetime when neither the answer nor the token says. Default 30 minutes. A function
   * is asked at each sign-in, as `timeoutMs` is at each request.
   */
  defaultTokenLifetimeMs?: number | (() => number);
  /** The wall clock, for absolute times: Retry-After dates, token expiries (default `Date.now`). */
  now?: () => number;
  /**
   * The clock that measures time passing: answer durations, the token's age (default
   * `performance.now`). Monotonic, so a wall clock set back or forward changes neither.
   */
  clock?: () => number;
  /**
   * Hides the password and every token in what the client returns; share one across the clients
   * of a process so each knows the secrets of all. Default: one for this client alone.
   */
  redactor?: Redactor;
}

export type InsightAnswer =
  | {
      status: 200;
      result: InsightResult;
      durationMs: number;
      /** A capped copy of the body when it held fields the interface does not name; else null. */
      raw: string | null;
    }
  | { status: 204; result: null; durationMs: number; raw: null };

export interface UploadFile {
  /** File name as the service will see it; must end in `.csv` or `.zip`. */
  name: string;
  bytes: Uint8Array;
}

export interface UploadAnswer {
  status: number;
  /** The success body is not described by the interface: kept as parsed JSON, text or null. */
  body: unknown;
}

/** The client of the Device Check Service (spec §4): typed results, errors as data. */
export interface ServiceClient {
  readonly endpoint: ServiceEndpoint;
  readonly tokens: TokenManager;
  /**
   * Checks the sign-in ("Test connection", `dcdesk auth`) with the credentials saved now: with a
   * valid token held that was obtained with exactly those it reports that token (`signedIn:
   * false`) and signs in no more, as a new token may be asked for only after the current one
   * expired (spec 5.3, 8); else it signs in, and the token it gets is kept for the requests that
   * follow. The token itself never leaves the client.
   */
  testAuthentication(signal?: AbortSignal): Promise<Result<AuthenticationCheck>>;
  insights(transaction: Transaction, signal?: AbortSignal): Promise<Result<InsightAnswer>>;
  uploadResponseVariables(file: UploadFile, signal?: AbortSignal): Promise<Result<UploadAnswer>>;
}

export interface AuthenticationCheck {
  expiresAt: number;
  expirySource: TokenGrant['expirySource'];
  /** True when this check signed in; false when the token held was still valid and kept. */
  signedIn: boolean;
}

type Failure = { ok: false; error: AppError };

/**
 * Reads an answer; `unread` says why its body could not be read to the end (timeout, cancel, a
 * cut), for a reader that keeps the status whatever became of the body.
 */
type Reader<R> = (response: FetchResponse, unread: (caught: unknown) => string) => Promise<R>;

/** A request as the client builds it, before its token is added. */
interface Outgoing {
  method: string;
  headers?: Record<string, string>;
  body: string | FormData;
}

const defaultTimeoutMs = 30_000;
const defaultTokenLifetimeMs = 30 * 60_000;
export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const { endpoint } = options;
  const now = options.now ?? Date.now;
  const clock = options.clock ?? (() => performance.now());
  const timeoutOption = options.timeoutMs ?? defaultTimeoutMs;
  const lifetimeOption = options.defaultTokenLifetimeMs ?? defaultTokenLifetimeMs;
  const lifetimeMs = () => (typeof lifetimeOption === 'number' ? lifetimeOption : lifetimeOption());
  const redactor = options.redactor ?? createRedactor();

  /**
   * One HTTP exchange with a timeout; `read` consumes the body inside the same time limit. The
   * timer and the listener on the caller's signal are removed as soon as the exchange ends:
   * `AbortSignal.timeout` and `AbortSignal.any` would keep every request's signals alive for the
   * whole timeout, or as long as a batch's signal lives, which adds up over 100,000 requests.
   */
  async function exchange<R>(
    route: Route,
    init: RequestInit,
    signal: AbortSignal | undefined,
    read: Reader<R>,
  ): Promise<R | Failure> {
    const controller = new AbortController();
    const timeoutMs = typeof timeoutOption === 'number' ? timeoutOption : timeoutOption();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    if (signal?.aborted) controller.abort();
    try {
      const url = routeUrl(endpoint, route);
      // Never followed: a redirect would carry the password or a customer's data to whatever
      // address it names, over plain http too. It is reported as a set-up problem instead.
      const response = await options.fetch(url, {
        ...init,
        redirect: 'manual',
        signal: controller.signal,
      });
      if (isRedirect(response)) {
        await response.body?.cancel();
        return { ok: false, error: redirectError(url, response) };
      }
      return await read(response, (caught) => unreadReason(caught, signal, timedOut, timeoutMs));
    } catch (caught) {
      return { ok: false, error: errorFromException(caught, signal, timedOut, timeoutMs) };
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  // Who each token was obtained for, as a digest: the password itself is kept nowhere here.
  const digest = createSignerDigest();
  const signers = new WeakMap<TokenGrant, string>();

  async function authenticate(signal: AbortSignal): Promise<Result<TokenGrant>> {
    const credentials = await options.credentials();
    if (!credentials.ok) return credentials;
    redactor.remember(credentials.value.password);
    const body = JSON.stringify({
      username: credentials.value.username,
      password: credentials.value.password,
    });
    const grant = await exchange(
      'authentication',
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body },
      signal,
      async (response): Promise<Result<TokenGrant>> => {
        if (response.status !== 200)
          return { ok: false, error: await errorFromResponse(response, 'authentication', now()) };
        const parsed = await readJson(response, 'authentication answer', (text) =>
          redactor.text(text),
        );
        if (!parsed.ok) return parsed;
        const at = now();
        return readTokenGrant(parsed.value.json, at, lifetimeMs(), serverNow(response, at));
      },
    );
    if (!grant.ok) return { ok: false, error: redactor.deep(grant.error) };
    redactor.remember(grant.value.token);
    signers.set(grant.value, digest(credentials.value));
    return grant;
  }

  const tokens = createTokenManager({ acquire: authenticate, now, clock });

  /**
   * Reads the saved credentials, as a sign-in would, and drops the token held when it was obtained
   * with others: another process sharing the keychain (`dcdesk credentials …`) may have changed
   * or deleted them, and this process's `forget` never hears of it. A read that fails is
   * returned; only "none saved" (`config`) drops the token, as a locked keychain says nothing
   * about who signed in.
   */
  async function dropTokenOfOtherSigner(): Promise<Result<void>> {
    const saved = await options.credentials();
    const held = tokens.held();
    if (!saved.ok) {
      if (held && saved.error.code === 'config') tokens.clear();
      return saved;
    }
    if (held && signers.get(held) !== digest(saved.value)) tokens.clear();
    return ok(undefined);
  }

  /**
   * Outcomes of answers with nothing to hide (`nothingToHide`): they leave the client as they
   * are, without the copies that redact secrets and mask a customer's data, most answers' cost.
   */
  const plain = new WeakSet<object>();
  function keptAsIs<T extends object>(outcome: T): T {
    plain.add(outcome);
    return outcome;
  }

  /**
   * Sends with the current token; on a 401, forgets that token, obtains one new token and retries
   * once. A second 401 is an error, never a loop.
   */
  async function authorized<T>(
    route: Route,
    init: () => Outgoing,
    signal: AbortSignal | undefined,
    read: Reader<Result<T>>,
  ): Promise<Result<T>> {
    for (let attempt = 1; ; attempt += 1) {
      const token = await tokens.get(signal);
      if (!token.ok) return token;
      const request = init();
      const headers = { ...request.headers, Authorization: `Bearer ${token.value}` };
      const outcome = await exchange(route, { ...request, headers }, signal, async (...answer) => {
        const [response] = answer;
        if (response.status !== 401 || attempt > 1) return read(...answer);
        await response.body?.cancel();
        return 'token_refused' as const;
      });
      // Every text of the answer or the error passes the redactor on its way out.
      if (outcome !== 'token_refused') return plain.has(outcome) ? outcome : redactor.deep(outcome);
      tokens.invalidate(token.value);
    }
  }

  return {
    endpoint,
    tokens,
    async testAuthentication(signal) {
      // No credentials saved, or a keychain that cannot be read: said as a sign-in would say it.
      const checked = await dropTokenOfOtherSigner();
      if (!checked.ok) return checked;
      const held = await tokens.grant(signal);
      if (!held.ok) return held;
      const { grant, fresh } = held.value;
      return ok({ expiresAt: grant.expiresAt, expirySource: grant.expirySource, signedIn: fresh });
    },
    insights(transaction, signal) {
      const started = clock();
      // Whole milliseconds, as stored (an INTEGER column) and as Date.now gave them.
      const elapsed = () => Math.round(clock() - started);
      const masked = echoMask(transaction);
      // Whole texts are hidden before they are cut (`answer-read.ts`).
      const hide = (text: string) => masked(redactor.text(text));
      const init = (): Outgoing => ({
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(transaction),
      });
      const answer = authorized(
        'insights',
        init,
        signal,
        async (response): Promise<Result<InsightAnswer>> => {
          if (response.status === 204) {
            await response.body?.cancel();
            return keptAsIs(ok({ status: 204, result: null, durationMs: elapsed(), raw: null }));
          }
          if (response.status !== 200)
            return { ok: false, error: await errorFromResponse(response, 'insights', now()) };
          const body = await readJson(response, 'insight answer', hide);
          if (!body.ok) return body;
          // Redacted before it is checked, so no message quotes a piece of a secret.
          const clean = nothingToHide(body.value.text, redactor, masked);
          const parsed = parseInsightResult(
            clean ? body.value.json : redactor.deep(body.value.json),
          );
          if (!parsed.ok) return invalidAnswer(parsed, body.value.text, hide);
          // What was hidden must not change an identifier: a made-up device ID stored as good.
          const altered = clean ? [] : alteredIdentifiers(body.value.json, parsed.value, masked);
          if (altered.length > 0) return hiddenInIdentifiers(altered, body.value.text, hide);
          const outcome = ok({
            status: 200 as const,
            result: parsed.value,
            durationMs: elapsed(),
            raw: parsed.unknownFields.length > 0 ? capped(hide(body.value.text)) : null,
          });
          return clean ? keptAsIs(outcome) : outcome;
        },
      );
      // A customer's data quoted back by the service leaves the client masked, as shown on screen.
      return answer.then((result) => (plain.has(result) ? result : mapStrings(result, masked)));
    },
    uploadResponseVariables(file, signal) {
      const kind = uploadKind(file.name);
      if (!kind)
        return Promise.resolve(fail('validation', 'The file name must end in .csv or .zip.'));
      const init = (): Outgoing => {
        const form = new FormData();
        const blob = new Blob([file.bytes], {
          type: kind === 'csv' ? 'text/csv' : 'application/zip',
        });
        form.append('file', blob, file.name);
        return { method: 'POST', body: form };
      };
      const answer = authorized(
        'responsevariables',
        init,
        signal,
        async (response, unread): Promise<Result<UploadAnswer>> => {
          const { status } = response;
          if (status < 200 || status > 299) {
            return {
              ok: false,
              error: await errorFromResponse(response, 'responsevariables', now()),
            };
          }
          // The status line said the file was accepted: whatever becomes of the body after it
          // (cut, reset, late), the service has the file, and a failure here would let it go again.
          try {
            return ok({ status, body: await readLoose(response, (text) => redactor.text(text)) });
          } catch (caught) {
            const why = unread(caught);
            return ok({
              status,
              body: `The service accepted the file, but its answer could not be read to the end: ${why}.`,
            });
          }
        },
      );
      // Whose the IDs are, if the service says so, leaves the client masked (`maskQuotedData`).
      return answer.then((result) => mapStrings(result, maskQuotedData));
    },
  };
}

function uploadKind(name: string): 'csv' | 'zip' | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.zip')) return 'zip';
  return null;
}
