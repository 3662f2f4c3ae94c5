import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../electron/core/service/client';
import type { Transaction } from '../../shared/domain/types';
import { ok } from '../../shared/result';

/** How the service answers the lookup: each quotes the request body back. */
let mode: 'problem' | 'broken' | 'extra' = 'problem';
/**
 * Where the answer puts the character of the request's `cutAt` value that the raw copy's cut
 * (4,096 characters) falls on, padding a field before it; and whether the answer is not JSON.
 */
let cutAt: { value: 'cpf' | 'email'; notJson?: boolean } | null = null;

const echoing = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    if (request.url?.includes('auth')) {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end('{"token":"t0k3n-t0k3n","expiresInSeconds":3600}');
      return;
    }
    if (mode === 'problem') {
      response.writeHead(400, { 'Content-Type': 'application/problem+json' });
      response.end(JSON.stringify({ title: 'Bad', errors: { cpf: [`cpf invalid: ${body}`] } }));
      return;
    }
    response.writeHead(200, { 'Content-Type': 'application/json' });
    const valid = {
      deviceID: 'dev-1',
      insights: [],
      alertQuantity: 0,
      deviceAge: 10,
      deviceRisk: 'low',
      score: 0.1,
    };
    const answer = (pad: string) => {
      const sent =
        mode === 'broken'
          ? { pad, request: JSON.parse(body) as unknown, score: 'high' }
          : { ...valid, pad, echo: `you sent ${body}` };
      return cutAt?.notJson ? `<pre>${JSON.stringify(sent)}` : JSON.stringify(sent);
    };
    let text = answer('');
    if (cutAt) {
      const sent = (JSON.parse(body) as Record<string, string>)[cutAt.value] ?? '';
      // Past the cut, 4 characters into the value: what is left before it is a piece of it.
      text = answer('x'.repeat(4096 - (text.indexOf(sent) + 4)));
    }
    response.end(text);
  });
});
let url = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => echoing.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${String((echoing.address() as AddressInfo).port)}`;
});
afterAll(() => echoing.close());

const transaction: Transaction = {
  sessionID: 'session-0001-abcdefghijklmnop',
  externalID: 'order-1',
  cpf: '52998224725',
  email: 'fulano.silva@example.com',
  phone: { countryCode: '55', cityCode: '11', number: '987654321' },
  zipCode: '01310100',
};

const lookup = () =>
  createServiceClient({
    fetch: globalThis.fetch,
    endpoint: { baseUrl: url, pathStyle: 'production' },
    credentials: () => Promise.resolve(ok({ username: 'analyst', password: 'secret-pw' })),
    timeoutMs: 5000,
  }).insights(transaction);

describe('a service that quotes the personal data of the request back', () => {
  afterEach(() => (cutAt = null));

  for (const echo of ['problem', 'broken', 'extra'] as const) {
    it(`leaves the client with CPF, e-mail, phone and CEP masked (${echo})`, async () => {
      mode = echo;
      const result = await lookup();
      expect(result.ok).toBe(echo === 'extra');
      const text = JSON.stringify(result);
      for (const secret of ['52998224725', 'fulano.silva', '987654321', '01310100'])
        expect(text).not.toContain(secret);
      expect(text).toMatch(/\*\*\*\.982\.247-\*\*|f\*\*\*@example\.com/);
    });
  }

  const cuts = [
    ['extra', 'cpf', false],
    ['extra', 'email', false],
    ['broken', 'cpf', false],
    ['broken', 'email', false],
    ['extra', 'email', true],
  ] as const;
  for (const [echo, value, notJson] of cuts) {
    const what = `${notJson ? 'not JSON' : echo}, the ${value} at the cut`;
    it(`keeps a raw copy masked where its 4,096 characters end (${what})`, async () => {
      mode = echo;
      cutAt = { value, notJson };
      const result = await lookup();
      const raw = result.ok ? result.value.raw : result.error.rawBody;
      expect(raw).toMatch(/… \(\d+ characters in all\)$/);
      // Four characters of the value would be cut into: not one of them may stand in the copy.
      for (const piece of ['5299', 'fulano.silva', 'fula']) expect(raw).not.toContain(piece);
    });
  }
});
