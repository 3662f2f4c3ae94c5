import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Transaction } from '../../shared/domain/types';
import { ok } from '../../shared/result';
import { createServiceClient } from '../../electron/core/service/client';
import { nodeFetch } from '../../electron/core/service/node-fetch';
import { sandboxAnswer } from '../../electron/sandbox';
import { sampleTransaction } from '../support/transactions';

/**
 * What `nodeFetch` adds over Node's fetch, against a real server: connections kept and reused
 * (also after a 204 or an error answer), an answer cut short or not HTTP at all reported as a
 * network failure, and an upload's form sent through Node's fetch.
 */
type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;
let handler: Handler = () => undefined;
let connections = 0;
const server: Server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => handler(request, body, response));
});
server.on('connection', () => (connections += 1));
let baseUrl = '';

/** Answers anything with bytes that are not HTTP. */
const garbage: TcpServer = createTcpServer((socket) => {
  socket.resume();
  socket.end('NOT HTTP AT ALL\r\n\r\n');
});
let garbageUrl = '';

async function listen(target: Server | TcpServer): Promise<string> {
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${String((target.address() as AddressInfo).port)}`;
}

beforeAll(async () => {
  baseUrl = await listen(server);
  garbageUrl = await listen(garbage);
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await new Promise((resolve) => garbage.close(resolve));
});
beforeEach(() => {
  connections = 0;
});

function client(url = baseUrl, timeoutMs = 5000) {
  return createServiceClient({
    fetch: nodeFetch(),
    endpoint: { baseUrl: url, pathStyle: 'production' },
    credentials: () => Promise.resolve(ok({ username: 'u', password: 'p' })),
    timeoutMs,
  });
}

/** A service: a token, then `insight` for each lookup. */
function service(insight: (n: number, response: ServerResponse, body: string) => void): void {
  let lookups = 0;
  handler = (request, body, response) => {
    if (request.url?.endsWith('/authentication')) {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ token: 'tok', expiresInSeconds: 3600 }));
      return;
    }
    lookups += 1;
    insight(lookups, response, body);
  };
}

describe('nodeFetch', () => {
  it('keeps one connection for a run of lookups, whatever they answer', async () => {
    service((n, response, body) => {
      if (n % 3 === 0) {
        response.statusCode = 204;
        response.end();
      } else if (n % 3 === 1) {
        const answer = sandboxAnswer(JSON.parse(body) as Transaction);
        response.statusCode = answer.status;
        response.setHeader('content-type', 'application/json');
        response.end(answer.status === 200 ? JSON.stringify(answer.body) : undefined);
      } else {
        response.statusCode = 400;
        response.setHeader('content-type', 'application/problem+json');
        response.end(JSON.stringify({ title: 'Bad', errors: { cpf: ['is wrong'] } }));
      }
    });
    const lookups = client();
    const answers = [];
    for (let n = 0; n < 9; n += 1) answers.push(await lookups.insights(sampleTransaction(n)));
    expect(answers.filter((answer) => answer.ok)).toHaveLength(6);
    expect(answers[1]).toMatchObject({ ok: false, error: { code: 'rejected', status: 400 } });
    expect(connections).toBe(1);
  });

  it('sends the JSON and its length as Node fetch did', async () => {
    const seen: Array<{ length: string | undefined; type: string | undefined; body: string }> = [];
    service((_, response) => {
      response.statusCode = 204;
      response.end();
    });
    const inner = handler;
    handler = (request, body, response) => {
      seen.push({
        length: request.headers['content-length'],
        type: request.headers['content-type'],
        body,
      });
      inner(request, body, response);
    };
    const transaction = { ...sampleTransaction(1), externalID: 'pedido-ção-1' };
    expect(await client().insights(transaction)).toMatchObject({ ok: true });
    const lookup = seen[1];
    expect(lookup?.type).toBe('application/json');
    expect(JSON.parse(lookup?.body ?? '')).toEqual(transaction);
    expect(Number(lookup?.length)).toBe(Buffer.byteLength(lookup?.body ?? ''));
  });

  it('reports an answer cut short as a network failure, and the next lookup goes through', async () => {
    service((n, response) => {
      if (n === 1) {
        response.setHeader('content-length', '1000');
        response.write('{"deviceID": "abc", "ins');
        setTimeout(() => response.socket?.destroy(), 20);
        return;
      }
      response.statusCode = 204;
      response.end();
    });
    const lookups = client();
    expect(await lookups.insights(sampleTransaction(1))).toMatchObject({
      ok: false,
      error: {
        code: 'network',
        // The service was reached: its answer was cut, it was not unreachable.
        message: "The service's answer could not be read: the connection closed before it ended.",
      },
    });
    expect(await lookups.insights(sampleTransaction(2))).toMatchObject({ ok: true });
  });

  it('reads an answer the server compressed though not asked to (gzip, deflate, br)', async () => {
    const packers = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync };
    for (const [encoding, pack] of Object.entries(packers)) {
      service((_, response) => {
        response.setHeader('content-type', 'application/json');
        response.setHeader('content-encoding', encoding);
        response.end(pack(JSON.stringify({ deviceID: 'd-1', score: 0.5, deviceRisk: 'low' })));
      });
      const answer = await client().insights(sampleTransaction(3));
      expect(answer, encoding).toMatchObject({ ok: true, value: { result: { deviceID: 'd-1' } } });
    }
  });

  it('reads a deflate answer sent without its zlib header, as browsers do', async () => {
    // Some servers send `deflate` as a bare RFC 1951 stream; fetch in a browser reads both.
    const text = JSON.stringify({ deviceID: 'd-raw', score: 0.5, deviceRisk: 'low' });
    for (const body of [deflateRawSync(text), deflateRawSync(text).subarray(0, 1)]) {
      service((_, response) => {
        response.setHeader('content-type', 'application/json');
        response.setHeader('content-encoding', 'deflate');
        response.end(body);
      });
      const answer = await client().insights(sampleTransaction(4));
      if (body.length > 1)
        expect(answer).toMatchObject({ ok: true, value: { result: { deviceID: 'd-raw' } } });
      else expect(answer).toMatchObject({ ok: false, error: { code: 'network' } });
    }
  });

  it('stops reading a compressed answer at 1 MB of its text, however small it came', async () => {
    service((_, response) => {
      response.setHeader('content-type', 'application/json');
      response.setHeader('content-encoding', 'gzip');
      response.end(gzipSync(Buffer.alloc(20_000_000, 32)));
    });
    const answer = await client().insights(sampleTransaction(1));
    expect(answer).toMatchObject({ ok: false });
    if (!answer.ok) expect(answer.error.message).toContain('larger than 1 MB');
  });

  it('ends a compressed answer that stops arriving as it ends a plain one: timeout, cancel, reset', async () => {
    // A read left pending on the decompressor, which the answer's end never reached, emptied
    // the event loop of `dcdesk`: it exited 13, saying nothing.
    const text = JSON.stringify({ deviceID: 'd-1', score: 0.5, deviceRisk: 'low' });
    const packers = {
      identity: (body: string) => Buffer.from(body),
      gzip: gzipSync,
      deflate: deflateSync,
      br: brotliCompressSync,
    };
    for (const [encoding, pack] of Object.entries(packers)) {
      let reset = false;
      service((_, response) => {
        response.setHeader('content-type', 'application/json');
        if (encoding !== 'identity') response.setHeader('content-encoding', encoding);
        response.write(pack(text).subarray(0, 10));
        if (reset) setTimeout(() => response.socket?.destroy(), 20);
      });
      const timedOut = await client(baseUrl, 300).insights(sampleTransaction(1));
      expect(timedOut, encoding).toMatchObject({
        ok: false,
        error: { code: 'timeout', message: 'The service did not answer within 0.3 s.' },
      });
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 100);
      const cancelled = await client().insights(sampleTransaction(2), controller.signal);
      expect(cancelled, encoding).toMatchObject({ ok: false, error: { code: 'cancelled' } });
      reset = true;
      const cut = await client().insights(sampleTransaction(3));
      expect(cut, encoding).toMatchObject({
        ok: false,
        error: {
          code: 'network',
          message: "The service's answer could not be read: the connection closed before it ended.",
        },
      });
    }
  });

  it('never throws at the process when a compressed answer is cut before its body is read', async () => {
    // The decompressor failed with no listener of its own: the cut ended the whole process (the
    // app's core with it), not the one request.
    handler = (_, __, response) => {
      response.setHeader('content-encoding', 'gzip');
      response.write(gzipSync(JSON.stringify({ deviceID: 'd-1' })).subarray(0, 10));
      setTimeout(() => response.socket?.destroy(), 20);
    };
    const thrown: unknown[] = [];
    const listener = (error: unknown) => thrown.push(error);
    process.on('uncaughtException', listener);
    try {
      const answer = await nodeFetch()(`${baseUrl}/cut`, { method: 'GET' });
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(thrown).toEqual([]);
      const reader = answer.body?.getReader();
      await expect(reader?.read()).rejects.toThrow(/could not be read/);
    } finally {
      process.off('uncaughtException', listener);
    }
  });

  it('says an answer that claims a compression it does not have, rather than showing its bytes', async () => {
    service((_, response) => {
      response.setHeader('content-type', 'application/json');
      response.setHeader('content-encoding', 'gzip');
      response.end('{"deviceID": "not gzip at all"}');
    });
    const answer = await client().insights(sampleTransaction(1));
    expect(answer).toMatchObject({
      ok: false,
      error: {
        code: 'network',
        message:
          "The service's answer could not be read: it says it is compressed (gzip), but its bytes are not.",
      },
    });
  });

  it('reports a server that does not speak HTTP as a network failure', async () => {
    const answer = await client(garbageUrl).insights(sampleTransaction(1));
    expect(answer).toMatchObject({ ok: false, error: { code: 'network' } });
    if (!answer.ok)
      expect(answer.error.message).toBe(
        "The service's answer could not be read: it is not valid HTTP.",
      );
  });

  it('says when the answer has headers too large to read, rather than calling it not HTTP', async () => {
    service((_, response) => {
      response.setHeader('x-padding', 'a'.repeat(20_000));
      response.end('{}');
    });
    const answer = await client().insights(sampleTransaction(1));
    expect(answer).toMatchObject({ ok: false, error: { code: 'network' } });
    if (!answer.ok)
      expect(answer.error.message).toBe(
        "The service's answer could not be read: its headers are over 16 KB, more than the app reads.",
      );
  });

  it('sends an upload (a form) through Node fetch, with its token', async () => {
    let upload: { type: string | undefined; auth: string | undefined; body: string } | null = null;
    service((_, response) => response.end());
    const inner = handler;
    handler = (request, body, response) => {
      if (request.url?.endsWith('/responsevariables'))
        upload = {
          type: request.headers['content-type'],
          auth: request.headers.authorization,
          body,
        };
      inner(request, body, response);
    };
    const file = { name: 'outcomes.csv', bytes: new TextEncoder().encode('DeviceId;Resp\n1;0\n') };
    expect(await client().uploadResponseVariables(file)).toMatchObject({ ok: true });
    expect(upload).toMatchObject({ auth: 'Bearer tok' });
    expect(upload!.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload!.body).toContain('DeviceId;Resp');
  });
});
