import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { alertCodes, isNoContentSession, sandboxAnswer, startSandbox } from './index';
import type { SandboxHandle } from './index';
import { findSession, getToken, postJson, sessionId, validCpfs } from './test-support';

let clock = Date.parse('2030-01-01T00:00:00.000Z');
let sandbox: SandboxHandle;
let insightsUrl: string;
let token: string;

beforeAll(async () => {
  sandbox = await startSandbox({ now: () => clock });
  insightsUrl = `${sandbox.url}/api/v2/insights`;
  token = await getToken(sandbox.url);
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.resetCounters());

const okSession = findSession(false);
const noContentSession = findSession(true);

describe('insights authorisation', () => {
  const tx = { sessionID: okSession, externalID: 'order-1' };

  it('answers 401 with no body without a token or with an unknown one', async () => {
    const none = await postJson(insightsUrl, tx);
    expect(none.status).toBe(401);
    expect(await none.text()).toBe('');
    const unknown = await postJson(insightsUrl, tx, 'not-a-token');
    expect(unknown.status).toBe(401);
    const counters = sandbox.counters();
    expect(counters.unauthorized).toBe(2);
    expect(counters.insightsByStatus).toEqual({ 401: 2 });
    expect(counters.perExternalId).toEqual({});
  });

  it('answers 401 once the token expires by the sandbox clock', async () => {
    sandbox.configure({ tokenTtlSeconds: 60 });
    const shortLived = await getToken(sandbox.url);
    sandbox.configure({ tokenTtlSeconds: 3600 });
    expect((await postJson(insightsUrl, tx, shortLived)).status).toBe(200);
    clock += 59_999;
    expect((await postJson(insightsUrl, tx, shortLived)).status).toBe(200);
    clock += 1;
    const expired = await postJson(insightsUrl, tx, shortLived);
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('answers 401 for every token after revokeTokens', async () => {
    const fresh = await getToken(sandbox.url);
    sandbox.revokeTokens();
    expect((await postJson(insightsUrl, tx, fresh)).status).toBe(401);
    token = await getToken(sandbox.url);
    expect((await postJson(insightsUrl, tx, token)).status).toBe(200);
  });
});

describe('insight answers', () => {
  it('answers 200 with the deterministic body that sandboxAnswer predicts', async () => {
    const tx = {
      sessionID: okSession,
      externalID: 'order-2',
      cpf: validCpfs[0],
      email: 'ana@example.com',
    };
    const first = await postJson(insightsUrl, tx, token);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = (await first.json()) as Record<string, unknown>;
    const predicted = sandboxAnswer(tx);
    expect(predicted.status).toBe(200);
    expect(body).toEqual('body' in predicted ? predicted.body : null);
    const second = (await (await postJson(insightsUrl, tx, token)).json()) as Record<
      string,
      unknown
    >;
    expect(second).toEqual(body);
  });

  it('derives the device id from the first bytes of sha256(sessionID)', () => {
    const hash = createHash('sha256').update(okSession).digest();
    const answer = sandboxAnswer({ sessionID: okSession, externalID: 'order-3' });
    expect(answer).toMatchObject({
      status: 200,
      body: { deviceID: `dev-${hash.subarray(1, 11).toString('hex')}` },
    });
    const other = sandboxAnswer({ sessionID: okSession, externalID: 'other-9', cpf: validCpfs[1] });
    expect('body' in other && other.body.deviceID).toBe(
      `dev-${hash.subarray(1, 11).toString('hex')}`,
    );
  });

  it('answers 204 with no body for the documented sessions', async () => {
    expect(createHash('sha256').update(noContentSession).digest()[0]).toBeLessThan(13);
    expect(sandboxAnswer({ sessionID: noContentSession, externalID: 'order-4' })).toEqual({
      status: 204,
    });
    const response = await postJson(
      insightsUrl,
      { sessionID: noContentSession, externalID: 'order-4' },
      token,
    );
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(sandbox.counters().insightsByStatus).toEqual({ 204: 1 });
  });

  it('keeps the documented proportions of 204, smartID absence and undefined risk', () => {
    let noContent = 0;
    let withoutSmartId = 0;
    let undefinedRisk = 0;
    const total = 4000;
    for (let n = 0; n < total; n += 1) {
      const answer = sandboxAnswer({ sessionID: sessionId(n, 'ratio'), externalID: 'order-5' });
      if (answer.status === 204) {
        noContent += 1;
        continue;
      }
      if (!('smartID' in answer.body)) withoutSmartId += 1;
      else expect(answer.body.smartID).toMatch(/^smart-[0-9a-f]{12}$/);
      if (answer.body.deviceRisk === 'undefined') undefinedRisk += 1;
    }
    expect(noContent / total).toBeGreaterThan(0.035);
    expect(noContent / total).toBeLessThan(0.065);
    expect(withoutSmartId / (total - noContent)).toBeGreaterThan(0.26);
    expect(withoutSmartId / (total - noContent)).toBeLessThan(0.34);
    expect(undefinedRisk / (total - noContent)).toBeGreaterThan(0.03);
    expect(undefinedRisk / (total - noContent)).toBeLessThan(0.07);
  });

  it('omits the smartID key entirely over HTTP when absent', async () => {
    let n = 0;
    let id = sessionId(n, 'smart');
    for (;;) {
      const answer = sandboxAnswer({ sessionID: id, externalID: 'order-6' });
      if (answer.status === 200 && !('smartID' in answer.body)) break;
      n += 1;
      id = sessionId(n, 'smart');
    }
    const text = await (
      await postJson(insightsUrl, { sessionID: id, externalID: 'order-6' }, token)
    ).text();
    expect(text).not.toContain('smartID');
    expect(text).toContain('"similarityResult"');
  });

  it('adds insight codes for the data sent and counts alerts from the alert subset', () => {
    const base = { sessionID: okSession, externalID: 'order-7' };
    const bare = sandboxAnswer(base);
    const full = sandboxAnswer({
      ...base,
      cpf: validCpfs[0],
      email: 'ana@example.com',
      zipCode: '01310100',
      phone: { countryCode: '55', cityCode: '11', number: '987654321' },
    });
    if (!('body' in bare) || !('body' in full)) throw new Error('expected 200 answers');
    const bareCodes = bare.body.insights as string[];
    const fullCodes = full.body.insights as string[];
    for (const code of ['GER0001', 'GER0002', 'GER0003', 'GER0004']) {
      expect(bareCodes).not.toContain(code);
      expect(fullCodes).toContain(code);
    }
    for (const answer of [bare, full]) {
      const codes = answer.body.insights as string[];
      for (const code of codes) expect(code).toMatch(/^(DEV00(0[1-9]|1[0-2])|GER000[1-8])$/);
      expect(answer.body.alertQuantity).toBe(
        codes.filter((code) => alertCodes.includes(code)).length,
      );
    }
  });

  it('scores with 4 decimals and derives the risk band from the score', () => {
    for (let n = 0; n < 300; n += 1) {
      const answer = sandboxAnswer({
        sessionID: sessionId(n, 'score'),
        externalID: 'order-8',
        cpf: validCpfs[2],
      });
      if (answer.status === 204) continue;
      const { score, deviceRisk, deviceAge, similarityResult, deviceID } = answer.body as {
        score: number;
        deviceRisk: string;
        deviceAge: number;
        deviceID: string;
        similarityResult: { deviceID: string; maximumScore: number[]; similarDevices: string[] };
      };
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(1);
      expect(Math.round(score * 10_000) / 10_000).toBe(score);
      const band = score < 0.3 ? 'low' : score < 0.7 ? 'medium' : 'high';
      expect([band, 'undefined']).toContain(deviceRisk);
      expect(Number.isInteger(deviceAge) && deviceAge >= 0 && deviceAge < 8760).toBe(true);
      expect(similarityResult.deviceID).toBe(deviceID);
      expect(similarityResult.similarDevices.length).toBeLessThanOrEqual(3);
      expect(similarityResult.maximumScore).toHaveLength(similarityResult.similarDevices.length);
      for (const id of similarityResult.similarDevices) expect(id).toMatch(/^dev-[0-9a-f]{20}$/);
    }
  });

  it('changes the score with the cpf but not the device', () => {
    const a = sandboxAnswer({ sessionID: okSession, externalID: 'order-9', cpf: validCpfs[0] });
    const b = sandboxAnswer({ sessionID: okSession, externalID: 'order-9', cpf: validCpfs[1] });
    if (!('body' in a) || !('body' in b)) throw new Error('expected 200 answers');
    expect(a.body.deviceID).toBe(b.body.deviceID);
    expect(a.body.score).not.toBe(b.body.score);
  });

  it('agrees with isNoContentSession', () => {
    expect(isNoContentSession(okSession)).toBe(false);
    expect(isNoContentSession(noContentSession)).toBe(true);
  });

  it('counts requests per externalID, including refused ones', async () => {
    await postJson(insightsUrl, { sessionID: okSession, externalID: 'dup-001' }, token);
    await postJson(insightsUrl, { sessionID: okSession, externalID: 'dup-001' }, token);
    await postJson(insightsUrl, { sessionID: 'short', externalID: 'dup-002' }, token);
    await postJson(insightsUrl, { sessionID: okSession, externalID: '__proto__' }, token);
    const counters = sandbox.counters();
    expect(counters.insights).toBe(4);
    expect(counters.insightsByStatus).toEqual({ 200: 3, 400: 1 });
    expect(counters.perExternalId).toEqual({ 'dup-001': 2, 'dup-002': 1, ['__proto__']: 1 });
    expect(Object.getPrototypeOf(counters.perExternalId)).toBe(Object.prototype);
  });
});

describe('insight routes', () => {
  const tx = { sessionID: okSession, externalID: 'order-10' };

  it('serves the test environment path', async () => {
    const response = await postJson(`${sandbox.url}/api/products/v2/insights`, tx, token);
    expect(response.status).toBe(200);
  });

  it.each([
    '/api/v1/insights',
    '/api/products/v1/insights',
    '/api/v2/insights/',
    '/api/v2/insight',
    '/v2/insights',
    '/',
  ])('answers 404 with no body on %s', async (path) => {
    const response = await postJson(`${sandbox.url}${path}`, tx, token);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('');
  });

  it('answers 404 to a GET on a real route', async () => {
    const response = await fetch(insightsUrl, { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(404);
  });

  it('ignores a query string when matching', async () => {
    const response = await postJson(`${insightsUrl}?x=1`, tx, token);
    expect(response.status).toBe(200);
  });
});
