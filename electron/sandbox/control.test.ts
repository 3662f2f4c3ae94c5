import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from './index';
import type { ReceivedUpload, SandboxCounters, SandboxHandle } from './index';
import { findSession, getToken, postJson, rawRequest, upload } from './test-support';

let sandbox: SandboxHandle;
let control: string;
const tx = { sessionID: findSession(false), externalID: 'order-1' };
const csv = 'ID Transacional;DeviceId;Resultado\ntx-9;dev-00000000000000000009;Fraude Confirmada\n';

beforeAll(async () => {
  sandbox = await startSandbox();
  control = `${sandbox.url}/__sandbox`;
});
afterAll(() => sandbox.close());

async function counters(): Promise<SandboxCounters> {
  const response = await fetch(`${control}/counters`);
  expect(response.status).toBe(200);
  return (await response.json()) as SandboxCounters;
}

describe('control endpoints', () => {
  it('reports counters and uploads, then resets both', async () => {
    const token = await getToken(sandbox.url);
    await postJson(`${sandbox.url}/api/v1/authentication`, { username: '', password: 'x' });
    await postJson(`${sandbox.url}/api/v2/insights`, tx, token);
    await postJson(`${sandbox.url}/api/v2/insights`, tx);
    expect((await upload(sandbox.url, token, 'u.csv', csv)).status).toBe(200);
    expect(await counters()).toEqual({
      authenticationRequests: 2,
      authentications: 1,
      failedAuthentications: 1,
      insights: 2,
      insightsByStatus: { 200: 1, 401: 1 },
      uploads: 1,
      uploadsByStatus: { 200: 1 },
      unauthorized: 1,
      perExternalId: { 'order-1': 1 },
      untrackedExternalIds: 0,
    });
    const uploads = (await (await fetch(`${control}/uploads`)).json()) as ReceivedUpload[];
    expect(uploads).toHaveLength(1);
    expect(uploads[0]?.rows).toEqual([
      { transactionId: 'tx-9', deviceId: 'dev-00000000000000000009', outcome: 'Fraude Confirmada' },
    ]);
    expect((await postJson(`${control}/reset-counters`, '')).status).toBe(204);
    expect((await counters()).insights).toBe(0);
    expect(sandbox.uploads()).toEqual([]);
  });

  it('configures settings with a validated JSON patch', async () => {
    const good = await postJson(`${control}/configure`, {
      expiryField: 'expires_in',
      tokenTtlSeconds: 5,
    });
    expect(good.status).toBe(204);
    const auth = (await (
      await postJson(`${sandbox.url}/api/v1/authentication`, { username: 'a', password: 'b' })
    ).json()) as Record<string, unknown>;
    expect(auth.expires_in).toBe(5);
    const bad = await postJson(`${control}/configure`, { latencyMs: 'slow' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/latencyMs/);
    const unknown = await postJson(`${control}/configure`, { colour: 'red' });
    expect(unknown.status).toBe(400);
    const notJson = await postJson(`${control}/configure`, '{');
    expect(notJson.status).toBe(400);
    sandbox.configure({ expiryField: 'expiresInSeconds', tokenTtlSeconds: 3600 });
  });

  it('revokes every token', async () => {
    const token = await getToken(sandbox.url);
    expect((await postJson(`${sandbox.url}/api/v2/insights`, tx, token)).status).toBe(200);
    expect((await postJson(`${control}/revoke-tokens`, '')).status).toBe(204);
    expect((await postJson(`${sandbox.url}/api/v2/insights`, tx, token)).status).toBe(401);
  });

  it('forces answers from another process', async () => {
    const token = await getToken(sandbox.url);
    const forced = await postJson(`${control}/force-next`, {
      status: 503,
      count: 1,
      route: 'insights',
      retryAfter: '30',
    });
    expect(forced.status).toBe(204);
    const response = await postJson(`${sandbox.url}/api/v2/insights`, tx, token);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('30');
    expect((await postJson(`${control}/force-next`, { status: 'x' })).status).toBe(400);
  });

  it('answers 404 to unknown control paths and wrong methods, and never under /api', async () => {
    expect((await fetch(`${control}/nothing`)).status).toBe(404);
    expect((await fetch(`${control}/counters`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${control}/configure`)).status).toBe(404);
    expect((await fetch(`${sandbox.url}/api/__sandbox/counters`)).status).toBe(404);
    expect((await postJson(`${sandbox.url}/api/v1/__sandbox/counters`, {})).status).toBe(404);
  });

  it('hands out snapshot copies', () => {
    const snapshot = sandbox.counters();
    snapshot.insights = 999;
    snapshot.perExternalId.fake = 1;
    expect(sandbox.counters().insights).not.toBe(999);
    expect(sandbox.counters().perExternalId.fake).toBeUndefined();
  });
});

describe('control endpoints refuse web pages', () => {
  const attackerHost = { Host: 'attacker.example' };
  const configure = (headers: Record<string, string>) =>
    rawRequest(`${control}/configure`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ faults: { 500: 1 } }),
    });

  it('refuses another Host name (DNS rebinding), so no page can steer or read the sandbox', async () => {
    const own = `127.0.0.1:${sandbox.port}`;
    expect((await configure({ ...attackerHost, 'Content-Type': 'text/plain' })).status).toBe(403);
    expect((await configure({ ...attackerHost, 'Content-Type': 'application/json' })).status).toBe(
      403,
    );
    const read = await rawRequest(`${control}/counters`, { headers: attackerHost });
    expect([read.status, read.body]).toEqual([403, '']);
    const uploads = await rawRequest(`${control}/uploads`, {
      headers: { Host: `attacker.example:${sandbox.port}` },
    });
    expect(uploads.status).toBe(403);
    // The same name on another port is another origin too.
    const otherPort = await rawRequest(`${control}/counters`, {
      headers: { Host: `127.0.0.1:${sandbox.port + 1}` },
    });
    expect(otherPort.status).toBe(403);
    expect((await rawRequest(`${control}/counters`, { headers: { Host: own } })).status).toBe(200);
    expect(
      (await rawRequest(`${control}/counters`, { headers: { Host: `LocalHost:${sandbox.port}` } }))
        .status,
    ).toBe(200);
    // Nothing was configured: insights still answer normally.
    const token = await getToken(sandbox.url);
    expect((await postJson(`${sandbox.url}/api/v2/insights`, tx, token)).status).toBe(200);
  });

  it('refuses a request from a page of another origin, even with the right Host', async () => {
    const host = { Host: `127.0.0.1:${sandbox.port}` };
    for (const origin of ['http://attacker.example', 'null', `https://127.0.0.1:${sandbox.port}`]) {
      const read = await rawRequest(`${control}/counters`, {
        headers: { ...host, Origin: origin },
      });
      expect([origin, read.status]).toEqual([origin, 403]);
    }
    const own = await rawRequest(`${control}/counters`, {
      headers: { ...host, Origin: `http://127.0.0.1:${sandbox.port}` },
    });
    expect(own.status).toBe(200);
  });

  it('takes POSTs only as application/json, which a page cannot send without asking first', async () => {
    const host = { Host: `127.0.0.1:${sandbox.port}` };
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']) {
      const answer = await configure({ ...host, 'Content-Type': type });
      expect([type, answer.status]).toEqual([type, 415]);
    }
    const none = await rawRequest(`${control}/reset-counters`, { method: 'POST', headers: host });
    expect(none.status).toBe(415);
    const json = await configure({ ...host, 'Content-Type': 'application/json; charset=utf-8' });
    expect(json.status).toBe(204);
    sandbox.configure({ faults: {} });
  });

  it('refuses API calls made under another Host name as well', async () => {
    const token = await getToken(sandbox.url);
    const before = sandbox.counters().insights;
    const answer = await rawRequest(`${sandbox.url}/api/v2/insights`, {
      method: 'POST',
      headers: {
        Host: 'attacker.example',
        'Content-Type': 'application/json',
        Authorization: `Bearer ${token}`,
      },
      body: JSON.stringify(tx),
    });
    expect([answer.status, answer.body]).toEqual([403, '']);
    expect(sandbox.counters().insights).toBe(before);
  });
});

describe('robustness', () => {
  it('survives a hostile mix of requests and keeps answering', async () => {
    const token = await getToken(sandbox.url);
    const insightsUrl = `${sandbox.url}/api/v2/insights`;
    const hostile = [
      postJson(insightsUrl, 'null', token),
      postJson(insightsUrl, '"text"', token),
      postJson(insightsUrl, '[1,2', token),
      postJson(insightsUrl, { sessionID: { nested: true }, externalID: ['a'], phone: [] }, token),
      fetch(`${sandbox.url}/api/v1/responsevariables`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': 'multipart/form-data; boundary=zz',
        },
        body: '--zz\r\nbroken',
      }),
    ];
    const statuses = (await Promise.all(hostile)).map((response) => response.status);
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    const many = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        postJson(insightsUrl, { ...tx, externalID: `bulk-${i}` }, token),
      ),
    );
    expect(many.every((response) => response.status === 200)).toBe(true);
  });
});
