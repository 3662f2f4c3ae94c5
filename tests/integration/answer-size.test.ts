/**
 * No answer is read past its byte limit (issue 11, item 2). A hostile server, a plain node:http
 * one, streams bodies that never end or declares 2 GB; every kind of body the client reads (the
 * token, an insight answer, an upload's answer, a Problem record) must stop at its limit, end the
 * call quickly with a clear message, and close the connection so the server stops sending.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../electron/core/service/client';
import { ok } from '../../shared/result';
import { sampleTransaction } from '../support/transactions';
import { transports } from '../support/transports';
import type { FetchFn } from '../../electron/core/service/fetch-types';

let send: FetchFn = globalThis.fetch;

type Mode = 'endless' | 'declared' | 'normal';

/** What the server does on each route, and what it has sent on the body that was cut. */
const plan = new Map<string, { status: number; mode: Mode }>();
let sent = 0;
let closed: Promise<void> = Promise.resolve();
let server: Server;
let baseUrl = '';

const chunk = Buffer.alloc(64 * 1024, 'x');

/** Writes until the client goes away, waiting for the socket as a real server would. */
async function writeForever(res: ServerResponse): Promise<void> {
  while (!res.destroyed && !res.writableEnded) {
    sent += chunk.length;
    if (!res.write(chunk)) {
      await new Promise<void>((resolve) => {
        const go = () => {
          res.off('drain', go);
          res.off('close', go);
          resolve();
        };
        res.on('drain', go);
        res.on('close', go);
      });
    }
  }
}

function handle(req: IncomingMessage, res: ServerResponse): void {
  req.resume();
  const route = /\/(authentication|insights|responsevariables)$/.exec(req.url ?? '')?.[1] ?? '';
  const { status, mode } = plan.get(route) ?? { status: 200, mode: 'normal' };
  if (mode === 'normal') {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ token: 'opaque-token-0123456789', expiresIn: 3600 }));
    return;
  }
  closed = new Promise((resolve) => res.once('close', () => resolve()));
  sent = 0;
  res.writeHead(status, {
    'Content-Type': 'application/json',
    ...(mode === 'declared' ? { 'Content-Length': String(2 * 1024 ** 3) } : {}),
  });
  void writeForever(res);
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => plan.clear());

function client() {
  return createServiceClient({
    fetch: send,
    endpoint: { baseUrl, pathStyle: 'production' },
    credentials: () => Promise.resolve(ok({ username: 'u', password: 'p' })),
    timeoutMs: 20_000,
  });
}

/** Runs a call; returns its result, how long it took, and what the server sent in all. */
async function measured<T>(call: () => Promise<T>) {
  const started = Date.now();
  const result = await call();
  const elapsedMs = Date.now() - started;
  await closed;
  return { result, elapsedMs, sentBytes: sent };
}

/** Reading stopped at 1 MB; the socket buffers on the way may hold a few MB more. */
const maxSentBytes = 16 * 1024 * 1024;

describe.each(transports)('over $name', ({ make }) => {
  beforeAll(() => {
    send = make();
  });

  describe('a body larger than its limit', () => {
    it('ends an endless insight answer with a clear error, and the server stops sending', async () => {
      plan.set('insights', { status: 200, mode: 'endless' });
      const { result, elapsedMs, sentBytes } = await measured(() =>
        client().insights(sampleTransaction(1)),
      );
      expect(result).toEqual({
        ok: false,
        error: {
          code: 'invalid_response',
          status: 200,
          message:
            'The service sent an insight answer larger than 1 MB; the app stopped reading it. Ask the service operator why.',
        },
      });
      expect(elapsedMs).toBeLessThan(5000);
      expect(sentBytes).toBeLessThan(maxSentBytes);
      console.info(
        `endless insight answer: stopped after ${String(elapsedMs)} ms, ${String(sentBytes)} bytes sent`,
      );
    });

    it('refuses an answer that declares 2 GB before reading it', async () => {
      plan.set('insights', { status: 200, mode: 'declared' });
      const { result, sentBytes } = await measured(() => client().insights(sampleTransaction(2)));
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid_response' } });
      expect(sentBytes).toBeLessThan(maxSentBytes);
    });

    it('ends an endless authentication answer with a clear error', async () => {
      plan.set('authentication', { status: 200, mode: 'endless' });
      const { result, sentBytes } = await measured(() => client().testAuthentication());
      expect(result).toMatchObject({
        ok: false,
        error: {
          code: 'invalid_response',
          message: expect.stringMatching(/authentication answer larger than 1 MB/) as string,
        },
      });
      expect(sentBytes).toBeLessThan(maxSentBytes);
    });

    it('keeps the status of an error whose Problem body never ends, and says the body went unread', async () => {
      plan.set('insights', { status: 500, mode: 'endless' });
      const { result, sentBytes } = await measured(() => client().insights(sampleTransaction(3)));
      expect(result).toEqual({
        ok: false,
        error: {
          code: 'server',
          status: 500,
          message:
            'The service failed while processing the request. Its error body was larger than 64 KB and was not read.',
        },
      });
      expect(sentBytes).toBeLessThan(maxSentBytes);
    });

    it('records an accepted upload as accepted even when its answer never ends', async () => {
      plan.set('responsevariables', { status: 200, mode: 'endless' });
      const bytes = new TextEncoder().encode('ID Transacional;DeviceId;Resultado\r\n');
      const { result, sentBytes } = await measured(() =>
        client().uploadResponseVariables({ name: 'r.csv', bytes }),
      );
      expect(result).toEqual({
        ok: true,
        value: { status: 200, body: 'The answer was larger than 1 MB and was not read.' },
      });
      expect(sentBytes).toBeLessThan(maxSentBytes);
    });
  });
});
