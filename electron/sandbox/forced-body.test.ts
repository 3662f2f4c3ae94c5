import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from './index';
import type { SandboxHandle } from './index';
import { getToken, postJson } from './test-support';

let sandbox: SandboxHandle;
let token: string;

beforeAll(async () => {
  sandbox = await startSandbox();
  token = await getToken(sandbox.url);
});
afterAll(() => sandbox.close());

describe('forceNext with a body', () => {
  it('answers the status with that body as JSON, for answers that break the interface', async () => {
    sandbox.forceNext(200, { route: 'insights', body: '{"deviceID":123}' });
    const answer = await postJson(`${sandbox.url}/api/v2/insights`, { sessionID: 'x' }, token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await answer.text()).toBe('{"deviceID":123}');
  });

  it('echoes the Authorization header and the request body, escaped for a JSON string', async () => {
    sandbox.forceNext(400, {
      route: 'authentication',
      body: '{"message":"{{authorization}} sent {{requestBody}}"}',
    });
    const sent = { username: 'a"b', password: 'c\\d' };
    const answer = await postJson(`${sandbox.url}/api/v1/authentication`, sent, 'tok-1');
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ message: `Bearer tok-1 sent ${JSON.stringify(sent)}` });
  });

  it('takes the body through the control endpoint too', async () => {
    const control = await postJson(`${sandbox.url}/__sandbox/force-next`, {
      status: 500,
      route: 'insights',
      body: '"{{authorization}}"',
    });
    expect(control.status).toBe(204);
    const answer = await postJson(`${sandbox.url}/api/v2/insights`, {}, token);
    expect([answer.status, await answer.json()]).toEqual([500, `Bearer ${token}`]);
  });
});
