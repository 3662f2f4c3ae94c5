import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BodyBudget } from './body-budget';
import { handleApi } from './service-routes';
import { controlPrefix, handleControl } from './control';
import { applyLimits, checkingIntervalMs, limitsFrom } from './limits';
import { isOwnHost } from './local-only';
import { copyCounters, emptyCounters } from './counters';
import { ForcedAnswerQueue, mulberry32 } from './faults';
import { sendEmpty, sendServerError } from './respond';
import { matchRoute, pathOf } from './routes';
import { applySettingsPatch, defaultSettings } from './settings';
import type { SandboxState } from './state';
import { TokenStore } from './tokens';
import type { SandboxHandle, SandboxOptions } from './types';

async function route(
  state: SandboxState,
  handle: SandboxHandle,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const path = pathOf(req.url);
  if (!isOwnHost(req, handle.port)) {
    // Reached under another name: a web page by DNS rebinding. The body is never read.
    sendEmpty(res, 403, { Connection: 'close' });
    return;
  }
  if (path.startsWith(controlPrefix)) {
    await handleControl(handle, req, res, path);
    return;
  }
  const matched = matchRoute(req.method, path);
  if (matched === null) {
    // Unknown route or method: 404 with no body, like the service (spec 4.2).
    req.resume();
    sendEmpty(res, 404);
    return;
  }
  await handleApi(state, { req, res, route: matched, path });
}

/**
 * Starts a local, faithful Device Check Service on 127.0.0.1 (a real HTTP server). Both path
 * styles work: `/api/v1/…` (production) and `/api/products/v1/…` (test environment).
 * Settings left out take the defaults: any non-empty credentials, one-hour JWT tokens announced
 * with `expiresInSeconds: "3600"`, no latency, no faults, Retry-After 1.
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<SandboxHandle> {
  const { port = 0, seed = 1, now = Date.now, limits: givenLimits, ...patch } = options;
  const limits = limitsFrom(givenLimits);
  const state: SandboxState = {
    settings: applySettingsPatch(defaultSettings, patch),
    counters: emptyCounters(),
    uploads: [],
    tokens: new TokenStore(now),
    forced: new ForcedAnswerQueue(),
    bodies: new BodyBudget(limits.bodyBytes),
    random: mulberry32(seed),
    now,
  };
  const server = createServer({ connectionsCheckingInterval: checkingIntervalMs(limits) });
  applyLimits(server, limits);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const actualPort = (server.address() as AddressInfo).port;
  const handle: SandboxHandle = {
    url: `http://127.0.0.1:${actualPort}`,
    port: actualPort,
    counters: () => copyCounters(state.counters),
    uploads: () => structuredClone(state.uploads),
    configure: (settingsPatch) => {
      state.settings = applySettingsPatch(state.settings, settingsPatch);
    },
    forceNext: (status, forceOptions) => state.forced.add(status, forceOptions),
    revokeTokens: () => state.tokens.revokeAll(),
    resetCounters: () => {
      state.counters = emptyCounters();
      state.uploads = [];
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive connections would otherwise hold close() open for seconds.
        server.closeAllConnections();
      }),
  };
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    route(state, handle, req, res).catch(() => {
      // Never crash on a bad request: answer 500 when still possible, else drop the socket.
      if (res.headersSent || req.socket.destroyed) res.destroy();
      else sendServerError(res, pathOf(req.url));
    });
  });
  return handle;
}
