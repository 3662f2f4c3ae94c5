/**
 * An upload whose answer was lost on the way back. A plain node:http server accepts the file and
 * then cuts, resets or stalls its answer, or reads the whole file and drops the connection with
 * no answer at all. Once the status line said 2xx the service has the file: the ledger line is
 * sent, with its status, and what went wrong with the body is a note. A connection dropped after
 * the file went out, with no status, may have delivered it: the re-send guard asks first. Either
 * way the same transactions never go to the same environment twice without a question.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reviewService } from '../../electron/core/review/review-service';
import { createServiceClient } from '../../electron/core/service/client';
import type { FetchFn } from '../../electron/core/service/fetch-types';
import { uploadService, type UploadTarget } from '../../electron/core/uploads/upload-service';
import type { UploadOutcome, UploadView } from '../../shared/contract/outcomes';
import type { ResponseVariableRow } from '../../shared/domain/types';
import { buildResponseFile } from '../../shared/outcomes';
import { ok, type Result } from '../../shared/result';
import { transports } from '../support/transports';
import { outcomesFixture, type OutcomesFixture } from './outcomes-fixture';
import { unwrap } from './results-fixture';

type Mode = 'cut' | 'gzip-cut' | 'stall' | 'reset' | 'refused';

let mode: Mode = 'cut';
/** Uploads whose whole file the server read. */
let received = 0;
let server: Server;
let baseUrl = '';
let fixture: OutcomesFixture;
let reviewed: ResponseVariableRow[];

function answerUpload(res: ServerResponse): void {
  if (mode === 'reset') {
    res.socket?.destroy();
    return;
  }
  if (mode === 'stall') {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.write('{"received":');
    return;
  }
  const gzip = mode === 'gzip-cut';
  const body = gzip ? gzipSync('{"received":30,"status":"accepted"}') : Buffer.from('{"received":');
  res.writeHead(200, {
    'Content-Type': 'application/json',
    'Content-Length': '100',
    ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
  });
  res.write(gzip ? body.subarray(0, 12) : body);
  setTimeout(() => res.socket?.destroy(), 100);
}

function handle(req: IncomingMessage, res: ServerResponse): void {
  req.resume();
  req.on('end', () => {
    if (req.url?.endsWith('/authentication')) {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ token: 'opaque-token-0123456789', expiresIn: 3600 }));
      return;
    }
    received += 1;
    answerUpload(res);
  });
}

beforeAll(async () => {
  fixture = await outcomesFixture(12);
  const review = reviewService(fixture.db);
  const targets = Array.from({ length: 12 }, (_, i) => ({ batchId: fixture.batchId, seq: i + 1 }));
  review.set(targets, 'Suspeito');
  reviewed = await review.fileRows('sandbox', { scope: 'all' });
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await fixture.close();
});
beforeEach(() => {
  fixture.db.prepare('DELETE FROM uploads').run();
  received = 0;
});

function client(send: FetchFn, timeoutMs = 5000, url = baseUrl) {
  return createServiceClient({
    fetch: send,
    endpoint: { baseUrl: url, pathStyle: 'production' },
    credentials: () => Promise.resolve(ok({ username: 'u', password: 'p' })),
    timeoutMs,
  });
}

async function file() {
  const built = await buildResponseFile(reviewed, { kind: 'csv', fileName: 'respostas' });
  if (!built.ok) throw new Error('The fixture file has problems.');
  return { fileName: built.file.fileName, bytes: built.file.bytes };
}

function target(url = baseUrl, send: FetchFn, timeoutMs = 5000): UploadTarget {
  return { client: client(send, timeoutMs, url), environment: 'sandbox', confirmed: false };
}

function done(result: Result<UploadOutcome>): UploadView {
  const outcome = unwrap(result);
  if (outcome.status !== 'done') throw new Error(`Expected done, got ${JSON.stringify(outcome)}`);
  return outcome.upload;
}

describe.each(transports)('over $name', ({ make }) => {
  it.each([
    ['its body is cut', 'cut', /connection/],
    ['its gzip body is cut', 'gzip-cut', /connection|compressed/],
    ['its body stalls past the time limit', 'stall', /did not end within 1 s/],
  ] as const)(
    'keeps an upload the service accepted (200) as sent when %s, and asks before it goes again',
    async (_, how, why) => {
      mode = how;
      const uploads = uploadService(fixture.db);
      const to = target(baseUrl, make(), 1000);
      const result = await uploads.send(await file(), to);
      const line = done(result);
      expect(line).toMatchObject({ status: 'sent', httpStatus: 200, messages: [] });
      expect(unwrap(result)).toMatchObject({ error: null });
      expect(String(line.answer)).toMatch(/^The service accepted the file, but its answer could/);
      expect(String(line.answer)).toMatch(why);

      const again = unwrap(await uploads.send(await file(), to));
      expect(again).toMatchObject({ status: 'confirm', check: { sameFile: [{ id: line.id }] } });
      expect(received).toBe(1);
    },
  );

  it('records a connection dropped after the file went out as failed, and asks before it goes again', async () => {
    mode = 'reset';
    const uploads = uploadService(fixture.db);
    const to = target(baseUrl, make());
    const line = done(await uploads.send(await file(), to));
    expect(line).toMatchObject({ status: 'failed', httpStatus: null });
    expect(line.messages).toEqual([
      expect.stringMatching(/^The connection to the service was lost before it answered: /),
      'The service may have received it.',
    ]);

    const again = unwrap(await uploads.send(await file(), to));
    expect(again).toMatchObject({ status: 'confirm', check: { sameFile: [{ id: line.id }] } });
    expect(received).toBe(1);
  });

  it('sends again without asking when the connection was refused: nothing could have arrived', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${String((closed.address() as AddressInfo).port)}`;
    await new Promise((resolve) => closed.close(resolve));
    const uploads = uploadService(fixture.db);
    const refused = target(url, make());
    const line = done(await uploads.send(await file(), refused));
    expect(line.messages).toEqual(['Could not reach the service: the connection was refused.']);
    const check = await uploads.check(await file(), 'sandbox');
    expect(check.sameFile).toEqual([]);
  });
});
