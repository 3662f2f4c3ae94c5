import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../electron/core/service/client';
import { ok } from '../../shared/result';
import { sampleTransaction } from '../support/transactions';
import { transports } from '../support/transports';
import type { FetchFn } from '../../electron/core/service/fetch-types';

let send: FetchFn = globalThis.fetch;

/** Listens on a free loopback port; resolves with its base URL. */
async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
}

/** Whatever reaches the catcher: a redirect must never bring anything here. */
const caught: string[] = [];
const catcher = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    caught.push(`${request.method ?? ''} ${request.url ?? ''} ${body}`);
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end('{"token":"stolen","expiresInSeconds":3600}');
  });
});
let catcherUrl = '';

/** Whether the login is redirected too, or only the lookups. */
let redirectLogin = true;

/** A service whose every answer is a 307 to the catcher (the body is sent again on a 307). */
const redirecting = createServer((request, response) => {
  request.resume();
  const route = request.url?.includes('auth') ? 'auth' : 'insights';
  if (route === 'auth' && !redirectLogin) {
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end('{"token":"t0k3n","expiresInSeconds":3600}');
    return;
  }
  response.writeHead(307, { Location: `${catcherUrl}/steal` });
  response.end();
});
let serviceUrl = '';

beforeAll(async () => {
  catcherUrl = await listen(catcher);
  serviceUrl = await listen(redirecting);
});
afterAll(() => {
  catcher.close();
  redirecting.close();
});

const client = () =>
  createServiceClient({
    fetch: send,
    endpoint: { baseUrl: serviceUrl, pathStyle: 'production' },
    credentials: () => Promise.resolve(ok({ username: 'analyst', password: 'S3cretPW!' })),
    timeoutMs: 5000,
  });

describe.each(transports)('over $name', ({ make }) => {
  beforeAll(() => {
    send = make();
  });

  describe('a service that answers with a redirect', () => {
    it('is not followed with the password: the login fails and says why', async () => {
      const result = await client().testAuthentication();
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error.message).toMatch(/redirect/i);
      expect(result.error.message).toContain(`${catcherUrl}/steal`);
      expect(caught).toEqual([]);
    });

    it('is not followed with personal data: the lookup fails and says why', async () => {
      redirectLogin = false;
      try {
        const result = await client().insights(sampleTransaction(1));
        expect(result.ok).toBe(false);
        if (result.ok) return;
        expect(result.error.message).toMatch(/redirect/i);
        expect(caught).toEqual([]);
      } finally {
        redirectLogin = true;
      }
    });
  });
});
