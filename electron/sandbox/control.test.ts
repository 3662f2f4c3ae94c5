import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from './index';
import type { ReceivedUpload, SandboxCounters, SandboxHandle } from './index';
import { findSession, getToken, postJson, upload } from './test-support';

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
    });
    const uploads = (await (await fetch(`${control}/uploads`)).json()) as ReceivedUpload[];
    expect(uploads).toHaveLength(1);
    expect(uploads[0]?.rows).toEqual([
      { transactionId: 'tx-9', deviceId: 'dev-00000000000000000009', outcome: 'Fraude Confirmada' },
    ]);
    expect((await fetch(`${control}/reset-counters`, { method: 'POST' })).status).toBe(204);
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
    expect((await fetch(`${control}/revoke-tokens`, { method: 'POST' })).status).toBe(204);
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
