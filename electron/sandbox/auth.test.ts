import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox } from './index';
import type { SandboxHandle } from './index';
import { postJson } from './test-support';

const start = Date.parse('2030-01-01T00:00:00.000Z');
let clock = start;
let sandbox: SandboxHandle;
let authUrl: string;

beforeAll(async () => {
  sandbox = await startSandbox({ now: () => clock });
  authUrl = `${sandbox.url}/api/v1/authentication`;
});
afterAll(() => sandbox.close());
beforeEach(() => {
  clock = start;
  sandbox.configure({
    credentials: null,
    expiryField: 'expiresInSeconds',
    jwtTokens: true,
    tokenTtlSeconds: 3600,
  });
  sandbox.resetCounters();
});

async function authenticate(
  body: unknown = { username: 'ana', password: 'pw' },
): Promise<Response> {
  return postJson(authUrl, body);
}

function jwtPayload(token: string): Record<string, unknown> {
  const [, payload = ''] = token.split('.');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('authentication', () => {
  it('answers a token with expiresInSeconds as a string by default', async () => {
    const response = await authenticate();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['expiresInSeconds', 'token']);
    expect(body.expiresInSeconds).toBe('3600');
  });

  it.each([
    ['expiresIn', 120, 120],
    ['expires_in', 120, 120],
    ['expiresAt', 120, '2030-01-01T00:02:00.000Z'],
  ] as const)('sends the expiry as %s', async (field, ttl, expected) => {
    sandbox.configure({ expiryField: field, tokenTtlSeconds: ttl });
    const body = (await (await authenticate()).json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual([field, 'token'].sort());
    expect(body[field]).toStrictEqual(expected);
  });

  it('sends only the token when the expiry field is none', async () => {
    sandbox.configure({ expiryField: 'none' });
    const body = (await (await authenticate()).json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['token']);
  });

  it('issues a well-formed JWT whose exp follows the sandbox clock and TTL', async () => {
    clock = start + 500;
    sandbox.configure({ tokenTtlSeconds: 90 });
    const { token } = (await (await authenticate()).json()) as { token: string };
    const parts = token.split('.');
    expect(parts).toHaveLength(3);
    for (const part of parts) expect(part).toMatch(/^[A-Za-z0-9_-]+$/);
    const header = JSON.parse(Buffer.from(parts[0] ?? '', 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    expect(header.typ).toBe('JWT');
    const payload = jwtPayload(token);
    expect(payload.exp).toBe(start / 1000 + 90);
    expect(payload.iat).toBe(start / 1000);
    expect(payload.sub).toBe('ana');
    expect(token.length).toBeLessThanOrEqual(2048);
  });

  it('issues opaque random tokens when JWTs are off', async () => {
    sandbox.configure({ jwtTokens: false });
    const first = (await (await authenticate()).json()) as { token: string };
    const second = (await (await authenticate()).json()) as { token: string };
    expect(first.token).not.toContain('.');
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second.token).not.toBe(first.token);
  });

  it('refuses wrong credentials with the operator message when credentials are configured', async () => {
    sandbox.configure({ credentials: { username: 'ana', password: 'right' } });
    const wrong = await authenticate({ username: 'ana', password: 'wrong' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ message: 'Username or Password is incorrect' });
    const otherUser = await authenticate({ username: 'bob', password: 'right' });
    expect(otherUser.status).toBe(400);
    const right = await authenticate({ username: 'ana', password: 'right' });
    expect(right.status).toBe(200);
    expect(sandbox.counters()).toMatchObject({ authentications: 1, failedAuthentications: 2 });
  });

  it.each([
    ['an empty password', { username: 'ana', password: '' }],
    ['a missing password', { username: 'ana' }],
    ['a user name of spaces', { username: '   ', password: 'pw' }],
    ['a password of white space', { username: 'ana', password: '\t \n' }],
    ['a numeric user name', { username: 7, password: 'pw' }],
    ['an array', [{ username: 'ana', password: 'pw' }]],
  ])('refuses %s even without configured credentials', async (_name, body) => {
    const response = await authenticate(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Username or Password is incorrect' });
  });

  it('answers malformed JSON with 400 and a message saying so', async () => {
    const response = await postJson(authUrl, '{"username": "ana",');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'The request body is not valid JSON.' });
    expect(sandbox.counters().failedAuthentications).toBe(1);
  });

  it('works on the test environment path and not on a wrong version', async () => {
    const test = await postJson(`${sandbox.url}/api/products/v1/authentication`, {
      username: 'a',
      password: 'b',
    });
    expect(test.status).toBe(200);
    const wrongVersion = await postJson(`${sandbox.url}/api/v2/authentication`, {
      username: 'a',
      password: 'b',
    });
    expect(wrongVersion.status).toBe(404);
    expect(await wrongVersion.text()).toBe('');
    const get = await fetch(authUrl);
    expect(get.status).toBe(404);
  });

  it('rejects invalid settings patches', () => {
    expect(() => sandbox.configure({ tokenTtlSeconds: -1 })).toThrow(/tokenTtlSeconds/);
    expect(() => sandbox.configure({ faults: { 500: 2 } })).toThrow(/faults/);
  });
});
