import JSZip from 'jszip';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseInsightResult } from '../../shared/domain/insight';
import type { Transaction } from '../../shared/domain/types';
import type { PathStyle } from '../../shared/environment';
import { ok } from '../../shared/result';
import { createServiceClient, type ServiceClientOptions } from '../../electron/core/service/client';
import {
  isNoContentSession,
  sandboxAnswer,
  startSandbox,
  type SandboxHandle,
} from '../../electron/sandbox';
import { sampleTransaction } from '../support/transactions';
import { transports } from '../support/transports';
import type { FetchFn } from '../../electron/core/service/fetch-types';

let sandbox: SandboxHandle;
let send: FetchFn = globalThis.fetch;

beforeAll(async () => {
  sandbox = await startSandbox({ credentials: { username: 'analyst', password: 's3cret' } });
});
afterAll(() => sandbox.close());
beforeEach(() => {
  sandbox.configure({
    latencyMs: 0,
    faults: {},
    tokenTtlSeconds: 3600,
    expiryField: 'expiresInSeconds',
  });
  sandbox.resetCounters();
});

function client(
  overrides: Partial<ServiceClientOptions> = {},
  pathStyle: PathStyle = 'production',
) {
  return createServiceClient({
    fetch: send,
    endpoint: { baseUrl: sandbox.url, pathStyle },
    credentials: () => Promise.resolve(ok({ username: 'analyst', password: 's3cret' })),
    timeoutMs: 5000,
    ...overrides,
  });
}

function noContentTransaction(): Transaction {
  for (let n = 0; n < 10_000; n += 1) {
    const transaction = sampleTransaction(n);
    if (isNoContentSession(transaction.sessionID)) return transaction;
  }
  throw new Error('no 204 session found');
}

describe.each(transports)('over $name', ({ make }) => {
  beforeAll(() => {
    send = make();
  });

  describe('authentication', () => {
    it('obtains a token and reports where its expiry came from, in both path styles', async () => {
      for (const pathStyle of ['production', 'test'] as const) {
        const result = await client({}, pathStyle).testAuthentication();
        expect(result).toMatchObject({ ok: true, value: { expirySource: 'answer' } });
      }
      expect(sandbox.counters().authentications).toBe(2);
    });

    it('reports wrong credentials with the service message, and never echoes the password', async () => {
      const wrong = client({
        credentials: () => Promise.resolve(ok({ username: 'analyst', password: 'wrong-pass' })),
      });
      const result = await wrong.insights(sampleTransaction(1));
      expect(result).toMatchObject({
        ok: false,
        error: { code: 'auth_failed', status: 400, details: ['Username or Password is incorrect'] },
      });
      expect(JSON.stringify(result)).not.toContain('wrong-pass');
    });
  });

  describe('insights', () => {
    it('returns the parsed answer of a valid transaction (200)', async () => {
      const transaction = sampleTransaction(2);
      const expected = sandboxAnswer(transaction);
      expect(expected.status).toBe(200);
      const result = await client().insights(transaction);
      const parsed = expected.status === 200 ? parseInsightResult(expected.body) : null;
      expect(result).toMatchObject({
        ok: true,
        value: { status: 200, result: parsed?.ok ? parsed.value : null },
      });
    });

    it('returns no content for a 204, in the test path style too', async () => {
      const result = await client({}, 'test').insights(noContentTransaction());
      expect(result).toMatchObject({ ok: true, value: { status: 204, result: null } });
      expect(sandbox.counters().insightsByStatus['204']).toBe(1);
    });

    it('keeps every validation message of a 400 and its trace id', async () => {
      const invalid = { sessionID: 'short', externalID: 'x', cpf: '12345678900' } as Transaction;
      const result = await client().insights(invalid);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error).toMatchObject({ code: 'rejected', status: 400 });
      expect(result.error.details?.length).toBe(3);
      expect(result.error.traceId).toMatch(/.+/);
    });

    it.each([
      [403, 'forbidden'],
      [404, 'not_found'],
      [429, 'rate_limited'],
      [500, 'server'],
      [502, 'unavailable'],
      [503, 'unavailable'],
      [504, 'unavailable'],
    ])('maps a %i answer to %s', async (status, code) => {
      sandbox.forceNext(status, { route: 'insights' });
      const result = await client().insights(sampleTransaction(3));
      expect(result).toMatchObject({ ok: false, error: { code, status } });
    });

    it('keeps the Retry-After of a 503 and the Problem messages of a 500', async () => {
      sandbox.forceNext(503, { route: 'insights', retryAfter: '12' });
      expect(await client().insights(sampleTransaction(4))).toMatchObject({
        ok: false,
        error: { retryAfterMs: 12_000 },
      });
      sandbox.forceNext(500, { route: 'insights' });
      const failed = await client().insights(sampleTransaction(4));
      expect(failed.ok ? [] : failed.error.details).not.toHaveLength(0);
    });

    it('answers 404 for a route the service does not have', async () => {
      const response = await fetch(`${sandbox.url}/api/v1/insights`, { method: 'POST' });
      expect(response.status).toBe(404);
    });
  });

  describe('401 handling', () => {
    it('re-authenticates once and retries the request once', async () => {
      const service = client();
      await service.insights(sampleTransaction(5));
      sandbox.forceNext(401, { route: 'insights' });
      const result = await service.insights(sampleTransaction(6));
      expect(result).toMatchObject({ ok: true, value: { status: 200 } });
      expect(sandbox.counters().authentications).toBe(2);
      expect(sandbox.counters().insights).toBe(3);
    });

    it('gives up after the retry is refused too, without looping', async () => {
      sandbox.forceNext(401, { route: 'insights', count: 2 });
      const result = await client().insights(sampleTransaction(7));
      expect(result).toMatchObject({ ok: false, error: { code: 'unauthorized', status: 401 } });
      expect(sandbox.counters().authentications).toBe(2);
      expect(sandbox.counters().insights).toBe(2);
    });

    it('treats a revoked token as expired', async () => {
      const service = client();
      await service.insights(sampleTransaction(8));
      sandbox.revokeTokens();
      expect(await service.insights(sampleTransaction(9))).toMatchObject({ ok: true });
      expect(sandbox.counters().authentications).toBe(2);
    });
  });

  describe('token discipline', () => {
    it('makes one authentication for 100 concurrent lookups after the token expired', async () => {
      let clock = Date.now();
      const service = client({ now: () => clock, clock: () => clock });
      await service.insights(sampleTransaction(10));
      clock += 2 * 3_600_000;
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, n) => service.insights(sampleTransaction(100 + n))),
      );
      expect(results.every((result) => result.ok)).toBe(true);
      expect(sandbox.counters().authentications).toBe(2);
    });

    it('does not authenticate again while the token is valid', async () => {
      const service = client();
      for (let n = 0; n < 20; n += 1) await service.insights(sampleTransaction(n));
      expect(sandbox.counters().authentications).toBe(1);
    });

    it('gives every waiter the same error when the token endpoint fails', async () => {
      sandbox.forceNext(500, { route: 'authentication' });
      const service = client();
      const waiting = await Promise.all(
        Array.from({ length: 20 }, (_, n) => service.insights(sampleTransaction(n))),
      );
      const errors = waiting.map((result) => (result.ok ? null : result.error));
      expect(new Set(errors.map((error) => JSON.stringify(error))).size).toBe(1);
      expect(errors[0]).toMatchObject({ code: 'server', status: 500 });
      expect(sandbox.counters().authenticationRequests).toBe(1);
      expect(sandbox.counters().insights).toBe(0);
    });
  });

  describe('failures of the network', () => {
    it('reports a refused connection, a timeout, a cancel and a reset as distinct codes', async () => {
      const closed = await startSandbox();
      const url = closed.url;
      await closed.close();
      const refused = createServiceClient({
        fetch: send,
        endpoint: { baseUrl: url, pathStyle: 'production' },
        credentials: () => Promise.resolve(ok({ username: 'a', password: 'b' })),
      });
      expect(await refused.insights(sampleTransaction(1))).toMatchObject({
        ok: false,
        error: { code: 'network' },
      });

      const service = client({ timeoutMs: 300 });
      await service.insights(sampleTransaction(2));
      sandbox.configure({ latencyMs: 2000 });
      expect(await service.insights(sampleTransaction(3))).toMatchObject({
        ok: false,
        error: { code: 'timeout' },
      });

      const controller = new AbortController();
      const cancelled = service.insights(sampleTransaction(4), controller.signal);
      controller.abort();
      expect(await cancelled).toMatchObject({ ok: false, error: { code: 'cancelled' } });

      sandbox.configure({ latencyMs: 0, faults: { reset: 1 } });
      expect(await service.insights(sampleTransaction(5))).toMatchObject({
        ok: false,
        error: { code: 'network' },
      });
    });
  });

  describe('response-variable upload', () => {
    const csv =
      'ID Transacional,DeviceId,Resultado\norder-000001,dev-00000000000000000001,Suspeito\n"order,2",dev-00000000000000000002,Fraude Confirmada\n';

    it('sends a csv file as the multipart part named file', async () => {
      const result = await client().uploadResponseVariables({
        name: 'outcomes.csv',
        bytes: new TextEncoder().encode(csv),
      });
      expect(result).toMatchObject({ ok: true, value: { status: 200 } });
      const received = sandbox.uploads().at(-1);
      expect(received?.fileName).toBe('outcomes.csv');
      expect(received?.rows).toEqual([
        {
          transactionId: 'order-000001',
          deviceId: 'dev-00000000000000000001',
          outcome: 'Suspeito',
        },
        {
          transactionId: 'order,2',
          deviceId: 'dev-00000000000000000002',
          outcome: 'Fraude Confirmada',
        },
      ]);
    });

    it('sends a zip file holding the csv', async () => {
      const zip = new JSZip().file('outcomes.csv', csv);
      const bytes = await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
      const result = await client({}, 'test').uploadResponseVariables({
        name: 'outcomes.zip',
        bytes,
      });
      expect(result).toMatchObject({ ok: true, value: { status: 200 } });
      expect(sandbox.uploads().at(-1)).toMatchObject({ kind: 'zip', fileName: 'outcomes.zip' });
    });

    it('lists the service messages of a refused file', async () => {
      const bad = 'ID Transacional;DeviceId;Resultado\nA1;;Suspeito\nA2;dev;Fraude\n';
      const result = await client().uploadResponseVariables({
        name: 'bad.csv',
        bytes: new TextEncoder().encode(bad),
      });
      expect(result).toMatchObject({ ok: false, error: { code: 'rejected', status: 400 } });
      expect(result.ok ? [] : result.error.details).toHaveLength(2);
    });

    it('refuses other file kinds before sending', async () => {
      const result = await client().uploadResponseVariables({
        name: 'outcomes.xlsx',
        bytes: new Uint8Array([1]),
      });
      expect(result).toMatchObject({ ok: false, error: { code: 'validation' } });
      expect(sandbox.counters().uploads).toBe(0);
    });
  });
});
