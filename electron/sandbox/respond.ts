import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

const jsonType = 'application/json; charset=utf-8';

/** A request body, or the news that it was larger than allowed. */
export type BodyResult = { ok: true; body: Buffer } | { ok: false; reason: 'too_large' };

/**
 * Reads the whole request body, keeping at most `limit` bytes. A larger body is drained (so the
 * client can read a clean 400 instead of a broken pipe) up to four times the limit, after which
 * the socket is destroyed to protect the sandbox. With `keep` false (a request that will be
 * refused) the body is drained the same way but nothing is kept: the result is an empty body.
 */
export function readBody(req: IncomingMessage, limit: number, keep = true): Promise<BodyResult> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit * 4) {
        req.socket.destroy();
        return;
      }
      if (size > limit) {
        tooLarge = true;
        chunks.length = 0;
        return;
      }
      if (keep) chunks.push(chunk);
    });
    req.on('end', () => {
      resolve(
        tooLarge ? { ok: false, reason: 'too_large' } : { ok: true, body: Buffer.concat(chunks) },
      );
    });
    req.on('error', reject);
    req.on('close', () => {
      if (!req.complete) reject(new Error('The request was aborted.'));
    });
  });
}

/** A W3C-style trace id, as ASP.NET puts in its Problem records. */
export function newTraceId(): string {
  const bytes = randomBytes(24).toString('hex');
  return `00-${bytes.slice(0, 32)}-${bytes.slice(32, 48)}-00`;
}

/** Answers a JSON body with the service's content type. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': jsonType,
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** Answers a status with no body at all (Content-Length: 0 keeps the connection reusable). */
export function sendEmpty(
  res: ServerResponse,
  status: number,
  headers: Record<string, string> = {},
): void {
  // 204 must not carry Content-Length per RFC 9110; every other empty answer declares zero.
  res.writeHead(status, status === 204 ? headers : { ...headers, 'Content-Length': 0 });
  res.end();
}

/** The Problem record of spec 2.8. */
export interface ProblemBody {
  Title: string;
  Status: number;
  Detail: string;
  Instance: string;
  Extensions: { traceId: string };
}

/** Builds a Problem record; several messages are joined with ` | ` like the service does. */
export function problem(
  status: number,
  title: string,
  messages: string[],
  instance: string,
): ProblemBody {
  return {
    Title: title,
    Status: status,
    Detail: messages.join(' | '),
    Instance: instance,
    Extensions: { traceId: newTraceId() },
  };
}

/** Answers 400 BadRequest with the given messages. */
export function sendBadRequest(res: ServerResponse, messages: string[], instance: string): void {
  sendJson(res, 400, problem(400, 'BadRequest', messages, instance));
}

/** Answers 500 with a Problem record, as the service does on a processing error. */
export function sendServerError(
  res: ServerResponse,
  instance: string,
  message = 'An unexpected error occurred.',
): void {
  sendJson(res, 500, problem(500, 'Internal Server Error', [message], instance));
}
