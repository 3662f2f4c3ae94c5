import type { Server } from 'node:http';
import type { SandboxLimits } from './types';

/** The defaults of SandboxLimits: far above what the app, dcdesk and the benchmarks need. */
export const defaultLimits: SandboxLimits = {
  maxConnections: 512,
  idleMs: 10_000,
  headersMs: 10_000,
  requestMs: 60_000,
  bodyBytes: 64 * 1024 * 1024,
};

/** The limits given, each left out taking its default. */
export function limitsFrom(given: Partial<SandboxLimits> = {}): SandboxLimits {
  const limits = { ...defaultLimits };
  for (const key of Object.keys(defaultLimits) as (keyof SandboxLimits)[]) {
    const value = given[key];
    if (value !== undefined) limits[key] = value;
  }
  return limits;
}

/** How often Node looks for requests past their time; it must be finer than the shortest one. */
export function checkingIntervalMs(limits: SandboxLimits): number {
  return Math.max(50, Math.min(1000, Math.floor(Math.min(limits.headersMs, limits.requestMs) / 4)));
}

/**
 * Applies the connection limits to a server. Node answers 408 to headers or a request that take
 * too long, but never closes a connection that sends nothing at all: that one is closed here after
 * `idleMs`, and the time-out is lifted while a request is answered (its latency may be long).
 */
export function applyLimits(server: Server, limits: SandboxLimits): void {
  server.maxConnections = limits.maxConnections;
  server.headersTimeout = limits.headersMs;
  server.requestTimeout = limits.requestMs;
  server.keepAliveTimeout = Math.min(server.keepAliveTimeout, limits.idleMs);
  server.on('connection', (socket) => {
    // With no 'timeout' listener on the server, Node destroys a socket that times out.
    socket.setTimeout(limits.idleMs);
  });
  server.on('request', (req) => {
    req.socket.setTimeout(0);
  });
}
