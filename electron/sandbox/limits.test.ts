import { connect, type Socket } from 'node:net';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from './index';
import type { SandboxHandle } from './index';
import { BodyBudget } from './body-budget';
import { countExternalId, emptyCounters } from './counters';
import { findSession, getToken, postJson } from './test-support';
import { keepUpload } from './uploads';
import type { ReceivedUpload } from './types';

/**
 * The sandbox runs inside the app's process (the web host, Electron's main process): no local
 * program may exhaust that process's file descriptors or memory through it.
 */

let sandbox: SandboxHandle | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

/** A TCP connection that sends what it is given, and the moment it was closed by the sandbox. */
async function open(port: number, text = ''): Promise<{ socket: Socket; closed: Promise<string> }> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  const closed = once(socket, 'close').then(() => received);
  await once(socket, 'connect');
  if (text !== '') socket.write(text);
  return { socket, closed };
}

describe('connections', () => {
  it('closes connections beyond the cap at once, and silent ones after the idle time', async () => {
    sandbox = await startSandbox({ limits: { maxConnections: 3, idleMs: 300 } });
    const silent = await Promise.all([1, 2, 3].map(() => open(sandbox!.port)));
    const extra = await open(sandbox.port);
    expect(await extra.closed).toBe('');
    const started = Date.now();
    await Promise.all(silent.map((connection) => connection.closed));
    expect(Date.now() - started).toBeLessThan(5000);
    // Freed: the app's client is served again.
    expect((await getToken(sandbox.url)).length).toBeGreaterThan(0);
  });

  it('answers 408 and closes a request whose headers or body stall', async () => {
    sandbox = await startSandbox({ limits: { headersMs: 300, requestMs: 600 } });
    const host = `Host: 127.0.0.1:${sandbox.port}\r\n`;
    const headers = await open(sandbox.port, `POST /api/v2/insights HTTP/1.1\r\n${host}`);
    const body = await open(
      sandbox.port,
      `POST /api/v2/insights HTTP/1.1\r\n${host}Content-Length: 100\r\n\r\n{"a`,
    );
    expect(await headers.closed).toMatch(/^HTTP\/1\.1 408/);
    expect(await body.closed).toMatch(/^HTTP\/1\.1 408/);
  });
});

describe('request bodies', () => {
  it('does not keep the body of a request without a valid token', async () => {
    sandbox = await startSandbox();
    // A forced answer echoes the body the sandbox kept: none for a request it will refuse.
    sandbox.forceNext(500, { route: 'responsevariables', body: '"{{requestBody}}"' });
    const refused = await fetch(`${sandbox.url}/api/v1/responsevariables`, {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=zz', Authorization: 'Bearer no' },
      body: 'x'.repeat(100_000),
    });
    expect(await refused.json()).toBe('');
    const token = await getToken(sandbox.url);
    sandbox.forceNext(500, { route: 'insights', body: '"{{requestBody}}"' });
    const kept = await postJson(`${sandbox.url}/api/v2/insights`, 'kept', token);
    expect(await kept.json()).toBe('kept');
  });

  it('holds at most its budget of bodies at once; the rest wait their turn', async () => {
    const budget = new BodyBudget(100);
    const order: string[] = [];
    const first = await budget.reserve(60);
    const second = budget.reserve(60).then((release) => {
      order.push('second');
      return release;
    });
    const small = await budget.reserve(40);
    order.push('small');
    expect(order).toEqual(['small']);
    first();
    (await second)();
    small();
    expect(order).toEqual(['small', 'second']);
    // A body larger than the whole budget still goes, alone.
    (await budget.reserve(500))();
  });

  it('answers a sign-in and a lookup while slow uploads hold the whole budget', async () => {
    sandbox = await startSandbox({ limits: { bodyBytes: 1000 } });
    const token = await getToken(sandbox.url);
    const host = `Host: 127.0.0.1:${sandbox.port}\r\n`;
    // An upload that declares more than the budget and sends a byte: it holds all of it.
    const upload = await open(
      sandbox.port,
      `POST /api/v1/responsevariables HTTP/1.1\r\n${host}Authorization: Bearer ${token}\r\n` +
        `Content-Type: multipart/form-data; boundary=zz\r\nContent-Length: 5000\r\n\r\n-`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Small bodies (a sign-in, a lookup) are bounded by the connection cap, never queued.
    expect((await getToken(sandbox.url)).length).toBeGreaterThan(0);
    const lookup = await postJson(
      `${sandbox.url}/api/v2/insights`,
      { sessionID: findSession(false), externalID: 'order-budget' },
      token,
    );
    expect(lookup.status).toBe(200);
    upload.socket.destroy();
  });
});

describe('what the sandbox remembers', () => {
  it('counts only externalIDs that are valid ones, so a huge refused ID is not kept', async () => {
    sandbox = await startSandbox();
    const token = await getToken(sandbox.url);
    const sessionID = findSession(false);
    const url = `${sandbox.url}/api/v2/insights`;
    for (const externalID of ['e'.repeat(100_000), '      ', 'abc', 42]) {
      expect((await postJson(url, { sessionID, externalID }, token)).status).toBe(400);
    }
    // Refused for another field, a valid ID still counts: a benchmark sees it sent twice.
    await postJson(url, { sessionID: 'short', externalID: 'order-1' }, token);
    await postJson(url, { sessionID, externalID: 'order-1' }, token);
    expect(sandbox.counters().perExternalId).toEqual({ 'order-1': 2 });
  });

  it('keeps a bounded number of externalIDs and counts the ones it could not keep', () => {
    const counters = emptyCounters();
    for (const id of ['a', 'b', 'a', 'c', 'd', 'c']) countExternalId(counters, id, 2);
    expect(counters.perExternalId).toEqual({ a: 2, b: 1 });
    expect(counters.untrackedExternalIds).toBe(3);
  });

  it('keeps the newest uploads within a size and count bound, dropping the oldest', () => {
    const made = (bytes: number, fileName: string): ReceivedUpload => ({
      fileName,
      kind: 'csv',
      rows: [],
      bytes,
      receivedAt: '2030-01-01T00:00:00.000Z',
    });
    const kept: ReceivedUpload[] = [];
    const bounds = { maxBytes: 100, maxUploads: 3 };
    for (const [bytes, name] of [
      [40, 'a'],
      [40, 'b'],
      [40, 'c'],
    ] as const)
      keepUpload(kept, made(bytes, name), bounds);
    expect(kept.map((upload) => upload.fileName)).toEqual(['b', 'c']);
    for (const name of ['d', 'e', 'f']) keepUpload(kept, made(1, name), bounds);
    expect(kept.map((upload) => upload.fileName)).toEqual(['d', 'e', 'f']);
    // One file larger than the bound is still kept, alone.
    keepUpload(kept, made(500, 'big'), bounds);
    expect(kept.map((upload) => upload.fileName)).toEqual(['big']);
  });
});
