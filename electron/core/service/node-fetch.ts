import http from 'node:http';
import https from 'node:https';
import { finished, type Transform } from 'node:stream';
import zlib from 'node:zlib';
import { DeflateDecoder } from './deflate-decoder';
import type { AnswerBody, FetchFn, FetchResponse } from './fetch-types';

/**
 * The client's requests over Node's own HTTP, for the hosts that run in Node (the command line,
 * the web host). Node's `fetch` builds web streams, a cloned request and abort signals for each
 * request: about 300 µs of CPU a lookup on the build machine, three times what the HTTP exchange
 * costs here, and at 0 ms latency the bulk engine's largest cost (`npm run bench -- bulk`).
 *
 * It does what the client asks of fetch and nothing more: connections kept alive and reused,
 * redirects never followed (the client reports them), the body streamed so the client can stop
 * reading at its limit, and decompressed as fetch would, certificates checked as Node checks them. A body that is not text (an
 * upload's form) goes through `fallback`, Node's fetch.
 */
export function nodeFetch(fallback: FetchFn = globalThis.fetch): FetchFn {
  const agents = {
    'http:': new http.Agent({ keepAlive: true }),
    'https:': new https.Agent({ keepAlive: true }),
  };
  return (input, init) => {
    const url = new URL(input);
    const { body } = init;
    if ((body != null && typeof body !== 'string') || !(url.protocol in agents))
      return fallback(input, init);
    const secure = url.protocol === 'https:';
    const headers = headerRecord(init.headers);
    headers['content-length'] = String(body == null ? 0 : Buffer.byteLength(body));
    headers['user-agent'] ??= 'device-check-desk';
    return new Promise<FetchResponse>((resolve, reject) => {
      const request = (secure ? https : http).request(
        url,
        {
          method: init.method ?? 'GET',
          headers,
          agent: secure ? agents['https:'] : agents['http:'],
          signal: init.signal ?? undefined,
        },
        (message) => resolve(answerOf(message)),
      );
      request.on('error', reject);
      request.end(body ?? undefined);
    });
  };
}

function headerRecord(headers: RequestInit['headers']): Record<string, string> {
  if (headers === undefined) return {};
  if (headers instanceof Headers || Array.isArray(headers))
    return Object.fromEntries(new Headers(headers));
  const record: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers as Record<string, string>))
    record[name.toLowerCase()] = value;
  return record;
}

function answerOf(message: http.IncomingMessage): FetchResponse {
  return {
    status: message.statusCode ?? 0,
    type: 'basic',
    headers: {
      get(name) {
        const value = message.headers[name.toLowerCase()];
        if (value === undefined) return null;
        return Array.isArray(value) ? value.join(', ') : value;
      },
    },
    body: bodyOf(message),
  };
}

/** Decoders of the compressions a server may apply though not asked to (as fetch decodes them). */
const decoders: Record<string, () => Transform> = {
  gzip: () => zlib.createGunzip(),
  'x-gzip': () => zlib.createGunzip(),
  deflate: () => new DeflateDecoder(),
  br: () => zlib.createBrotliDecompress(),
};

/**
 * A failure while the answer's bytes arrive: the service was reached and answered, so it is said
 * as an answer that could not be read (`errorFromException`), not as a service out of reach.
 */
function answerFailure(caught: unknown, encoding: string | undefined, cutShort: boolean): Error {
  const zlibFailure =
    !cutShort && typeof (caught as { errno?: unknown }).errno === 'number' && encoding;
  return Object.assign(new Error('the answer could not be read', { cause: caught }), {
    code: zlibFailure ? 'ERR_ANSWER_ENCODING' : 'ERR_ANSWER_CUT',
    encoding,
  });
}

/**
 * The answer's bytes as a reader, decompressed when the server compressed them: the reader's
 * limit (`readBodyText`) then counts the text, so a small bomb stops at 1 MB of it. Cancelling an
 * answer that has all arrived, or has no body (a 204), drains it, so its connection is used again;
 * cancelling one still arriving closes the connection.
 */
function bodyOf(message: http.IncomingMessage): AnswerBody {
  const header = message.headers['content-encoding']?.trim().toLowerCase();
  const encoding = header && header !== 'identity' ? header : undefined;
  const decoder = encoding === undefined ? undefined : decoders[encoding]?.();
  // The answer's own end, passed on to the decoder: its bytes were cut, not wrongly compressed.
  let cutShort = false;
  // Unknown compressions are read as they came: the answer is then not JSON, and says so.
  if (decoder) {
    message.pipe(decoder);
    // `pipe` passes the bytes and their end, never a failure: an answer ended by the timeout, a
    // cancel or a reset left the decoder waiting, and its read pending for ever (`dcdesk` then
    // exited 13, silently). Not `pipeline`: it would also destroy the answer when a cancel ends
    // the decoder, and lose a connection that draining keeps.
    finished(message, (error) => {
      if (!error) return;
      cutShort = true;
      decoder.destroy(error);
    });
    // The decoder's failure is read by its reader (`chunks.next()` rejects with it, even when it
    // came before the first read); with no listener of its own, an answer cut before its body was
    // read would throw it at the process and end it (the app's core, the web host, dcdesk).
    decoder.on('error', () => undefined);
  }
  const source: AsyncIterable<Buffer> = decoder ?? message;
  const chunks = source[Symbol.asyncIterator]();
  const empty =
    message.statusCode === 204 ||
    message.statusCode === 304 ||
    message.headers['content-length'] === '0';
  const cancel = (): Promise<void> => {
    if (!message.complete && !empty) {
      decoder?.destroy();
      message.destroy();
      return Promise.resolve();
    }
    decoder?.destroy();
    // Settled once the connection is free again, so the next request takes it.
    const drained = new Promise<void>((resolve) => {
      if (message.readableEnded) resolve();
      message.once('end', resolve).once('close', resolve);
    });
    message.resume();
    return drained;
  };
  return {
    getReader: () => ({
      async read() {
        let next: IteratorResult<Buffer>;
        try {
          next = await chunks.next();
        } catch (caught) {
          message.destroy();
          throw answerFailure(caught, encoding, cutShort);
        }
        return next.done === true ? { done: true } : { done: false, value: next.value };
      },
      cancel,
    }),
    cancel,
  };
}
