/**
 * `dcdesk auth` against a plain node:http server that answers the sign-in oddly: an expiry no
 * date can hold or one already past, and a 401 with the service's reason. Each is said plainly,
 * never "unexpected failure", and `--json` always prints its object.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dcdesk } from '../support/cli';
import { tempDir } from '../support/files';

/** What the authentication route answers next: a status and a body. */
let answer: { status: number; body: string } = { status: 200, body: '' };
let server: Server;
let baseUrl = '';
const credentials = { DCDESK_USERNAME: 'analyst', DCDESK_PASSWORD: 'Xk39qz7Lw' };
const day = 86_400_000;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(answer.status, { 'Content-Type': 'application/json' });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const auth = (...flags: string[]) =>
  dcdesk(['auth', '--env', 'production', '--base-url', baseUrl, ...flags], credentials);

describe('dcdesk auth and the expiry the service gives', () => {
  it.each([
    ['expiresIn 1e20', '{"token":"tok-1234567890","expiresIn":1e20}'],
    ['expiresIn as 20 digits', '{"token":"tok-1234567890","expiresIn":"99999999999999999999"}'],
    ['expiresAt 1e16', '{"token":"tok-1234567890","expiresAt":1e16}'],
  ])('holds an absurdly far expiry (%s) to one day, and says so', async (_, body) => {
    answer = { status: 200, body };
    const started = Date.now();
    const run = await auth();
    expect(run.stderr).not.toMatch(/unexpected/);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/held to one day: the service said later/);

    const json = await auth('--json');
    expect(json.code, json.stderr).toBe(0);
    const printed = JSON.parse(json.stdout) as { expiresAt: string; expirySource: string };
    expect(printed.expirySource).toBe('capped');
    const expiresAt = Date.parse(printed.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(started + day);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + day);
  });

  it.each([
    ['expiresIn -100', '{"token":"tok-1234567890","expiresIn":-100}'],
    ['expiresIn 0', '{"token":"tok-1234567890","expiresIn":0}'],
    ['an expiresAt in the past', '{"token":"tok-1234567890","expiresAt":"2001-01-01T00:00:00Z"}'],
  ])(
    'never says a token expires in the past (%s): the default lifetime applies',
    async (_, body) => {
      answer = { status: 200, body };
      const json = await auth('--json');
      expect(json.code, json.stderr).toBe(0);
      const printed = JSON.parse(json.stdout) as { expiresAt: string; expirySource: string };
      expect(printed.expirySource).toBe('default');
      expect(Date.parse(printed.expiresAt)).toBeGreaterThan(Date.now());
    },
  );
});

describe('dcdesk auth when the sign-in is refused with 401', () => {
  it('says to check the user name and password, with the service message under it', async () => {
    answer = { status: 401, body: '{"message":"Invalid credentials for Xk39qz7Lw"}' };
    const run = await auth();
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/check the user name and password/);
    expect(run.stderr).not.toMatch(/even a fresh one/);
    expect(run.stderr).toContain('Invalid credentials for [redacted]');
    expect(run.stderr).toContain('HTTP 401');
  });
});

describe('dcdesk auth and the lifetime of a token the service gives no expiry for', () => {
  const work = tempDir('dcdesk-token-lifetime-');
  afterAll(() => work.remove());
  const env = { ...credentials, DCDESK_DATA_DIR: work.dir };
  const settings = (...args: string[]) => dcdesk(['settings', ...args], env);

  it('is the tokenLifetimeMinutes setting, from 1 minute to 24 hours', async () => {
    expect((await settings('set', 'tokenLifetimeMinutes', '0')).stderr).toContain(
      "tokenLifetimeMinutes takes a whole number from 1 to 1440, not '0'.",
    );
    expect((await settings('set', 'tokenLifetimeMinutes', '1441')).code).toBe(2);
    const set = await settings('set', 'tokenLifetimeMinutes', '5', '--json');
    expect(set.code, set.stderr).toBe(0);
    expect(JSON.parse(set.stdout)).toMatchObject({ tokenLifetimeMinutes: 5 });

    answer = { status: 200, body: '{"token":"tok-1234567890"}' };
    const started = Date.now();
    const json = await dcdesk(
      ['auth', '--env', 'production', '--base-url', baseUrl, '--json'],
      env,
    );
    expect(json.code, json.stderr).toBe(0);
    const printed = JSON.parse(json.stdout) as { expiresAt: string; expirySource: string };
    expect(printed.expirySource).toBe('default');
    const expiresAt = Date.parse(printed.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(started + 5 * 60_000 - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 5 * 60_000);
  });
});
