/**
 * The text of an answer is taken as the service sent it, or refused: bytes that are not UTF-8 (the
 * interface answers `application/json; charset=utf-8`), a declared character set other than UTF-8,
 * and a field sent twice under the same key are `invalid_response`, never a device ID with U+FFFD
 * in place of bytes the service sent, nor the last of two scores picked without a word. Against a
 * plain node:http server that sends exactly the given bytes, over both transports.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../electron/core/service/client';
import type { FetchFn } from '../../electron/core/service/fetch-types';
import { ok } from '../../shared/result';
import { sampleTransaction } from '../support/transactions';
import { transports } from '../support/transports';

interface Answer {
  contentType: string;
  /** Sent one after the other, so a character can be split between two pieces. */
  pieces: Buffer[];
}

const json = (text: string, contentType = 'application/json; charset=utf-8'): Answer => ({
  contentType,
  pieces: [Buffer.from(text)],
});
const token = json(JSON.stringify({ token: 'opaque-token-0123456789', expiresIn: 3600 }));
const answers: Record<'authentication' | 'insights', Answer> = {
  authentication: token,
  insights: token,
};

async function send(response: ServerResponse, answer: Answer): Promise<void> {
  response.writeHead(200, { 'content-type': answer.contentType });
  for (const piece of answer.pieces) {
    response.write(piece);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  response.end();
}

const server: Server = createServer((request, response) => {
  request.resume();
  const route = request.url?.endsWith('/authentication') ? 'authentication' : 'insights';
  request.on('end', () => void send(response, answers[route]));
});
let baseUrl = '';
let fetch: FetchFn = globalThis.fetch;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function client() {
  return createServiceClient({
    fetch,
    endpoint: { baseUrl, pathStyle: 'production' },
    credentials: () => Promise.resolve(ok({ username: 'u', password: 'p' })),
    timeoutMs: 5000,
  });
}

/** The insight answer for `answer`, with a good token. */
function insight(answer: Answer) {
  answers.authentication = token;
  answers.insights = answer;
  return client().insights(sampleTransaction(1));
}

const notUtf8 = Buffer.concat([
  Buffer.from('{"deviceID":"dev-'),
  Buffer.from([0xff, 0xfe]),
  Buffer.from('","score":0.3}'),
]);

describe.each(transports)('over $name', ({ make }) => {
  beforeAll(() => {
    fetch = make();
  });

  it('refuses an insight answer whose bytes are not UTF-8, keeping its start', async () => {
    const answer = await insight({
      contentType: 'application/json; charset=utf-8',
      pieces: [notUtf8],
    });
    expect(answer).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_response',
        status: 200,
        message:
          'The service sent an insight answer that is not UTF-8 text, as the interface says it is: its byte 18 does not belong to a UTF-8 character.',
        rawBody: '{"deviceID":"dev-\uFFFD\uFFFD","score":0.3}',
      },
    });
  });

  it('refuses an answer in another character set rather than misreading it', async () => {
    const latin1 = Buffer.from('{"deviceID":"dev-ção","score":0.3}', 'latin1');
    for (const contentType of [
      'application/json; charset=iso-8859-1',
      'application/json;charset="ISO-8859-1"',
    ]) {
      const answer = await insight({ contentType, pieces: [latin1] });
      expect(answer, contentType).toMatchObject({
        ok: false,
        error: {
          code: 'invalid_response',
          message:
            'The service sent an insight answer in the character set iso-8859-1, not in UTF-8 as the interface says.',
        },
      });
    }
  });

  it('reads UTF-8 split between two pieces, with or without a declared charset', async () => {
    const bytes = Buffer.from('{"deviceID":"dev-ção","score":0.3}');
    const cut = bytes.indexOf(0xc3) + 1;
    for (const contentType of [
      'application/json',
      'application/json; charset=UTF-8',
      'application/json; charset="utf8"',
    ]) {
      const answer = await insight({
        contentType,
        pieces: [bytes.subarray(0, cut), bytes.subarray(cut)],
      });
      expect(answer, contentType).toMatchObject({
        ok: true,
        value: { result: { deviceID: 'dev-ção' } },
      });
    }
  });

  it('refuses a token answer that is not UTF-8', async () => {
    answers.authentication = {
      contentType: 'application/json',
      pieces: [
        Buffer.concat([
          Buffer.from('{"token":"tok-'),
          Buffer.from([0xc3, 0x28]),
          Buffer.from('123456789"}'),
        ]),
      ],
    };
    const grant = await client().testAuthentication();
    expect(grant).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_response',
        message: expect.stringMatching(
          /^The service sent an authentication answer that is not UTF-8 text/,
        ) as string,
      },
    });
  });

  it('refuses an answer that sends a field twice under the same key', async () => {
    const twice =
      '{"deviceID":"dev-dup","score":0.05,"deviceRisk":"low","score":0.97,"deviceRisk":"high"}';
    const answer = await insight(json(twice));
    expect(answer).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_response',
        status: 200,
        message:
          'The service sent an insight answer that gives the same field twice (score, deviceRisk): which one is meant cannot be known.',
        rawBody: twice,
      },
    });
  });

  it('refuses a token answer that sends the token twice', async () => {
    answers.authentication = json(
      '{"token":"tok-first-0123456789","token":"tok-second-0123456789"}',
    );
    const grant = await client().testAuthentication();
    expect(grant).toMatchObject({ ok: false, error: { code: 'invalid_response' } });
  });
});
