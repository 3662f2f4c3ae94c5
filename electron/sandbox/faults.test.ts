import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { drawFault, mulberry32 } from './faults';
import { faultsFromRate, startSandbox } from './index';
import type { SandboxHandle } from './index';
import { findSession, getToken, postJson, upload } from './test-support';
import type { ProblemJson } from './test-support';

let sandbox: SandboxHandle;
let token: string;
const tx = { sessionID: findSession(false), externalID: 'order-1' };
const csv = 'ID Transacional,DeviceId,Resultado\ntx,dev-00000000000000000001,Suspeito\n';

beforeAll(async () => {
  sandbox = await startSandbox();
  token = await getToken(sandbox.url);
});
afterAll(() => sandbox.close());
beforeEach(() => {
  sandbox.configure({ faults: {}, latencyMs: 0, retryAfterSeconds: 1 });
  sandbox.resetCounters();
});

const insights = (withToken = true): Promise<Response> =>
  postJson(`${sandbox.url}/api/v2/insights`, tx, withToken ? token : undefined);

describe('random faults at rate 1', () => {
  it.each([429, 502, 503, 504] as const)(
    'answers %i with no body, before the token check',
    async (status) => {
      sandbox.configure({ faults: { [status]: 1 } });
      const response = await insights(false);
      expect(response.status).toBe(status);
      expect(await response.text()).toBe('');
      expect(response.headers.get('retry-after')).toBe(
        status === 429 || status === 503 ? '1' : null,
      );
      expect(sandbox.counters()).toMatchObject({
        insights: 1,
        unauthorized: 0,
        insightsByStatus: { [status]: 1 },
      });
    },
  );

  it('answers 500 with an Internal Server Error Problem', async () => {
    sandbox.configure({ faults: { 500: 1 } });
    const response = await insights();
    expect(response.status).toBe(500);
    const problem = (await response.json()) as ProblemJson;
    expect(problem).toMatchObject({
      Title: 'Internal Server Error',
      Status: 500,
      Instance: '/api/v2/insights',
    });
    expect(problem.Detail).toBe('An unexpected error occurred.');
  });

  it('drops the socket on reset, so fetch rejects', async () => {
    sandbox.configure({ faults: { reset: 1 } });
    await expect(insights()).rejects.toThrow(TypeError);
    expect(sandbox.counters().insightsByStatus).toEqual({ reset: 1 });
  });

  it('omits Retry-After when retryAfterSeconds is null and uses the configured value otherwise', async () => {
    sandbox.configure({ faults: { 503: 1 }, retryAfterSeconds: null });
    expect((await insights()).headers.get('retry-after')).toBeNull();
    sandbox.configure({ retryAfterSeconds: 7 });
    expect((await insights()).headers.get('retry-after')).toBe('7');
  });

  it('applies to uploads but never to authentication', async () => {
    sandbox.configure({ faults: { 502: 1 } });
    expect((await upload(sandbox.url, token, 'a.csv', csv)).status).toBe(502);
    expect(await getToken(sandbox.url)).toMatch(/\./);
    expect(sandbox.counters().uploadsByStatus).toEqual({ 502: 1 });
  });
});

describe('forceNext', () => {
  it('takes precedence over random faults for the given count', async () => {
    sandbox.configure({ faults: { 500: 1 } });
    sandbox.forceNext(403, { count: 2 });
    expect((await insights()).status).toBe(403);
    expect((await insights()).status).toBe(403);
    expect((await insights()).status).toBe(500);
  });

  it('matches only its route and carries a Retry-After date', async () => {
    const date = 'Wed, 21 Oct 2030 07:28:00 GMT';
    sandbox.forceNext(503, { route: 'insights', retryAfter: date });
    expect(await getToken(sandbox.url)).toMatch(/\./);
    expect((await upload(sandbox.url, token, 'a.csv', csv)).status).toBe(200);
    const forced = await insights();
    expect(forced.status).toBe(503);
    expect(forced.headers.get('retry-after')).toBe(date);
    expect((await insights()).status).toBe(200);
  });

  it.each([
    [401, ''],
    [404, ''],
    [204, ''],
    [502, ''],
  ])('answers a forced %i with no body', async (status, text) => {
    sandbox.forceNext(status, { route: 'insights' });
    const response = await insights();
    expect(response.status).toBe(status);
    expect(await response.text()).toBe(text);
  });

  it('answers forced 400s in each route’s error shape', async () => {
    sandbox.forceNext(400, { route: 'authentication' });
    const auth = await postJson(`${sandbox.url}/api/v1/authentication`, {
      username: 'a',
      password: 'b',
    });
    expect(await auth.json()).toEqual({ message: 'Username or Password is incorrect' });
    sandbox.forceNext(400, { route: 'responsevariables' });
    const problem = (await (await upload(sandbox.url, token, 'a.csv', csv)).json()) as ProblemJson;
    expect(problem).toMatchObject({
      Title: 'BadRequest',
      Status: 400,
      Instance: '/api/v1/responsevariables',
    });
  });

  it('applies to any route when none is given', async () => {
    sandbox.forceNext(500);
    const response = await postJson(`${sandbox.url}/api/v1/authentication`, {
      username: 'a',
      password: 'b',
    });
    expect(response.status).toBe(500);
    expect(((await response.json()) as ProblemJson).Title).toBe('Internal Server Error');
  });

  it('is not taken by a request whose client left during the latency', async () => {
    sandbox.configure({ latencyMs: 300 });
    const abandoned = new AbortController();
    const gone = fetch(`${sandbox.url}/api/v2/insights`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(tx),
      signal: abandoned.signal,
    }).catch(() => 'aborted');
    await new Promise((resolve) => setTimeout(resolve, 50));
    abandoned.abort();
    expect(await gone).toBe('aborted');
    // Queued after the client left, while its request still sleeps in the latency.
    sandbox.forceNext(503, { route: 'insights' });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await insights()).status).toBe(503);
    expect(sandbox.counters().insightsByStatus).toEqual({ 503: 1 });
  });

  it('refuses nonsense', () => {
    expect(() => sandbox.forceNext(99)).toThrow(/not an HTTP status/);
    expect(() => sandbox.forceNext(500, { count: 0 })).toThrow(/count/);
  });
});

describe('latency', () => {
  it('delays insights answers but not authentication', async () => {
    sandbox.configure({ latencyMs: 250 });
    let started = performance.now();
    expect((await insights()).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
    started = performance.now();
    await getToken(sandbox.url);
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe('fault drawing', () => {
  it('spreads a total rate over 500, 502, 503, 504 and reset', () => {
    expect(faultsFromRate(0.5)).toEqual({ 500: 0.1, 502: 0.1, 503: 0.1, 504: 0.1, reset: 0.1 });
    expect(faultsFromRate(3)).toEqual({ 500: 0.2, 502: 0.2, 503: 0.2, 504: 0.2, reset: 0.2 });
    expect(faultsFromRate(-1)).toEqual({ 500: 0, 502: 0, 503: 0, 504: 0, reset: 0 });
  });

  it('draws repeatably from a seed and in proportion to the rates', () => {
    const draws = (seed: number): (string | null)[] => {
      const random = mulberry32(seed);
      return Array.from({ length: 50 }, () => {
        const fault = drawFault(faultsFromRate(0.5), random);
        return fault === null ? null : String(fault);
      });
    };
    expect(draws(7)).toEqual(draws(7));
    expect(draws(7)).not.toEqual(draws(8));
    const random = mulberry32(1);
    const counts: Record<string, number> = {};
    for (let i = 0; i < 20_000; i += 1) {
      const key = String(drawFault({ 429: 0.1, 504: 0.3 }, random));
      counts[key] = (counts[key] ?? 0) + 1;
    }
    expect(Object.keys(counts).sort()).toEqual(['429', '504', 'null']);
    expect((counts['429'] ?? 0) / 20_000).toBeCloseTo(0.1, 1);
    expect((counts['504'] ?? 0) / 20_000).toBeCloseTo(0.3, 1);
  });

  it('gives the same fault sequence to two sandboxes with the same seed', async () => {
    const run = async (seed: number): Promise<number[]> => {
      const other = await startSandbox({ seed, faults: { 500: 0.3, 503: 0.3 } });
      const otherToken = await getToken(other.url);
      const statuses: number[] = [];
      for (let i = 0; i < 20; i += 1) {
        statuses.push((await postJson(`${other.url}/api/v2/insights`, tx, otherToken)).status);
      }
      await other.close();
      return statuses;
    };
    const first = await run(42);
    expect(await run(42)).toEqual(first);
    expect(new Set(first)).toEqual(new Set([200, 500, 503]));
  });
});
