import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/create-core';
import { createKeychainStore } from '../../electron/core/credentials/keychain';
import { startSandbox } from '../../electron/sandbox';
import { startWebHost, type WebHost } from '../../electron/webhost/server';

/** The web host with the real core: a request it fails on is answered 500 and logged, not dropped. */
let dir: string;
let core: Core;
let host: WebHost;
const logged: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-webhost-'));
  const created = await createCore({
    dataDir: dir,
    fetch: globalThis.fetch,
    keychain: createKeychainStore({ service: `dcdesk webhost ${String(process.pid)}` }),
    startSandbox,
    version: 'test',
    locale: 'en-US',
    platform: process.platform,
  });
  if (!created.ok) throw new Error(created.error.message);
  core = created.value;
  host = await startWebHost({
    core,
    rendererDir: 'dist/renderer',
    log: (line) => logged.push(line),
  });
});
afterAll(async () => {
  await host.close();
  await core.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A raw HTTP request, for a target no HTTP client would send: answers the status line. */
function rawRequest(target: string): Promise<string> {
  const { port, hostname } = new URL(host.origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(
        `GET ${target} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`,
      );
    });
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('end', () => resolve(answer.split('\r\n')[0] ?? ''));
    socket.on('error', reject);
  });
}

describe('the web host on a request it fails on', () => {
  it('answers 500 and logs what it dropped, without the query that can carry the secret', async () => {
    // `//[` is not a URL the host can parse: its handler throws before any route runs.
    const status = await rawRequest('//[?secret=do-not-log-me');
    expect(status).toBe('HTTP/1.1 500 Internal Server Error');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^web host: GET \/\/\[ failed: .*Invalid URL/);
    expect(logged.join('\n')).not.toContain('do-not-log-me');
  });
});

describe('the web host on a page that is not this start’s', () => {
  const secret = () => /secret=([^&]+)/.exec(new URL(host.url).hash)?.[1] ?? '';
  const call = (headers: Record<string, string>) =>
    fetch(`${host.origin}/api/app.info`, { method: 'POST', headers, body: '{}' });

  it.each([
    ['an old secret', () => ({ 'X-DCDesk-Secret': 'from-an-earlier-start' })],
    ['no secret', () => ({})],
    [
      'the right secret from another origin',
      () => ({ 'X-DCDesk-Secret': secret(), Origin: 'http://localhost:1' }),
    ],
  ])('answers %s with wrong_address, never the service’s forbidden', async (_, headers) => {
    const response = await call(headers());
    expect(response.status).toBe(403);
    const answer = (await response.json()) as { ok: boolean; error: { code: string } };
    expect(answer).toMatchObject({ ok: false, error: { code: 'wrong_address' } });
    const events = await fetch(`${host.origin}/events?secret=old`);
    expect(await events.json()).toMatchObject({ error: { code: 'wrong_address' } });
  });

  it('still answers the page opened at the printed address', async () => {
    const response = await call({ 'X-DCDesk-Secret': secret() });
    expect(((await response.json()) as { ok: boolean }).ok).toBe(true);
  });
});
