/**
 * A workstation whose clock is off: the absolute times a service writes (a Retry-After date, a
 * token's expiry date) are on the service's clock, and are measured against its answer's `Date`.
 * Ten minutes slow, a 30-second Retry-After must not become ten and a half minutes (a paused
 * batch); ten minutes fast, it must not be retried at once, nor a five-minute token be dropped.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../electron/core/service/client';
import { nodeFetch } from '../../electron/core/service/node-fetch';
import { ok } from '../../shared/result';
import { sampleTransaction } from '../support/transactions';

let server: Server;
let baseUrl = '';

/** A service on time: its Date is now; it asks to wait 30 s and gives tokens for 5 minutes. */
beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const at = Math.floor(Date.now() / 1000) * 1000;
      response.setHeader('Date', new Date(at).toUTCString());
      if (request.url?.endsWith('v1/authentication')) {
        response.setHeader('Content-Type', 'application/json');
        response.end(
          JSON.stringify({ token: 'skew-token', expiresAt: new Date(at + 300_000).toISOString() }),
        );
        return;
      }
      response.statusCode = 503;
      response.setHeader('Retry-After', new Date(at + 30_000).toUTCString());
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe.each([
  ['10 minutes slow', -10],
  ['10 minutes fast', 10],
])('a workstation clock %s', (_, skewMinutes) => {
  const local = () => Date.now() + skewMinutes * 60_000;
  const client = () =>
    createServiceClient({
      fetch: nodeFetch(),
      endpoint: { baseUrl, pathStyle: 'production' },
      credentials: () => Promise.resolve(ok({ username: 'analyst', password: 's3cret' })),
      timeoutMs: 5000,
      now: local,
    });

  it("keeps the token for the 5 minutes the service said, by the service's Date", async () => {
    const check = await client().testAuthentication();
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.value.expirySource).toBe('answer');
    expect(Math.abs(check.value.expiresAt - local() - 300_000)).toBeLessThan(2000);
  });

  it("waits the 30 s a Retry-After date asks for, by the answer's Date", async () => {
    const answer = await client().insights(sampleTransaction(1));
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.error.status).toBe(503);
    expect(answer.error.retryAfterMs).toBe(30_000);
  });
});
