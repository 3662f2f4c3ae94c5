import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Core } from '../core/create-core';
import {
  attachmentHeader,
  downloadPrefix,
  type DownloadFiles,
} from '../core/results-export/download-files';
import { contentTypes } from '../page-serving/content-types';
import { bytesFieldHeader, bytesInput, bytesInputHeader } from './bytes-input';
import { contentSecurityPolicy } from '../page-serving/csp';
import { messageOf } from '../../shared/message-of';
import type { Result } from '../../shared/result';

/**
 * The contract over loopback HTTP, for development and tests only (never packaged): the real
 * renderer runs in a browser against the real core. Calls carry a random per-run secret in a
 * header; the page receives it in the URL fragment, which browsers never send to a server.
 */
export interface WebHost {
  /** The address to open, secret included: `http://127.0.0.1:PORT/#secret=…`. */
  url: string;
  origin: string;
  close(): Promise<void>;
}

const maxBodyBytes = 64 * 1024 * 1024;

/**
 * The answer to a page whose secret or host name is not this start's. Not `forbidden`: that one is
 * the service refusing the account, and the window would say so on every screen.
 */
const refusal = JSON.stringify({
  ok: false,
  error: {
    code: 'wrong_address',
    message:
      'The web host refused this window: its address is from an earlier start of the host, has no #secret, or uses another host name than 127.0.0.1. Open the address the host printed.',
  },
} satisfies Result<never>);

function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBodyBytes) {
        resolve(null);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function send(
  res: ServerResponse,
  status: number,
  body: string,
  type = 'application/json; charset=utf-8',
): void {
  res.writeHead(status, {
    'Content-Type': type,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(body);
}

/** The path of a request without its query, which can carry the per-run secret (`/events`). */
function pathOf(rawUrl: string | undefined): string {
  return (rawUrl ?? '/').replace(/\?.*$/s, '').slice(0, 200);
}

export async function startWebHost(options: {
  core: Core;
  rendererDir: string;
  port?: number;
  /** Where a request the host failed on is reported (stderr by default); tests read it. */
  log?: (line: string) => void;
  /** The exports waiting for the page to fetch them (`/exports/TOKEN`, once each). */
  downloads?: DownloadFiles;
}): Promise<WebHost> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const secret = randomBytes(24).toString('base64url');
  const expected = Buffer.from(secret);
  const root = path.resolve(options.rendererDir);
  let origin = '';

  function authorised(req: IncomingMessage, given: string | null): boolean {
    // A page on another origin, or a DNS-rebinding host name, is refused before the secret is checked.
    if (req.headers.host !== origin.replace('http://', '')) return false;
    if (req.headers.origin !== undefined && req.headers.origin !== origin) return false;
    const candidate = Buffer.from(given ?? '');
    return candidate.length === expected.length && timingSafeEqual(candidate, expected);
  }

  async function serveFile(res: ServerResponse, pathname: string): Promise<void> {
    const relative =
      pathname === '/' ? 'index.html' : decodeURIComponent(pathname).replace(/^\/+/, '');
    const file = path.resolve(root, relative);
    if (!file.startsWith(root + path.sep)) return send(res, 404, 'Not found', 'text/plain');
    try {
      const body = await readFile(file);
      res.writeHead(200, {
        'Content-Type': contentTypes[path.extname(file)] ?? 'application/octet-stream',
        'Content-Security-Policy': contentSecurityPolicy,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-store',
      });
      res.end(body);
    } catch {
      send(res, 404, 'Not found', 'text/plain');
    }
  }

  /** An export, once: the token in its address is the permission (a link cannot carry a header). */
  async function serveDownload(req: IncomingMessage, res: ServerResponse, pathname: string) {
    const file =
      req.headers.host === origin.replace('http://', '') ? options.downloads?.take(pathname) : null;
    if (!file) return send(res, 404, 'Not found', 'text/plain');
    res.writeHead(200, {
      'Content-Type': file.contentType,
      'Content-Disposition': attachmentHeader(file.fileName),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    try {
      await pipeline(createReadStream(file.path), res);
    } finally {
      options.downloads?.served(file);
    }
  }

  function streamEvents(req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
    });
    res.write(': connected\n\n');
    const unsubscribe = options.core.subscribe((name, payload) => {
      res.write(`event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`);
    });
    req.on('close', unsubscribe);
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', origin);
      if (url.pathname.startsWith('/api/')) {
        if (
          req.method !== 'POST' ||
          !authorised(req, (req.headers['x-dcdesk-secret'] as string | undefined) ?? null)
        ) {
          return send(res, 403, refusal);
        }
        const body = await readBody(req);
        if (body === null)
          return send(
            res,
            413,
            JSON.stringify({
              ok: false,
              error: { code: 'validation', message: 'The request is too large.' },
            }),
          );
        const bytesField = req.headers[bytesFieldHeader];
        let input: unknown;
        try {
          if (typeof bytesField === 'string') {
            const fields = req.headers[bytesInputHeader];
            input = bytesInput(bytesField, typeof fields === 'string' ? fields : undefined, body);
            if (input === null) throw new Error('not a call with bytes');
          } else input = body.length === 0 ? {} : (JSON.parse(body.toString('utf8')) as unknown);
        } catch {
          return send(
            res,
            400,
            JSON.stringify({
              ok: false,
              error: { code: 'validation', message: 'The request body is not JSON.' },
            }),
          );
        }
        const result = await options.core.call(url.pathname.slice('/api/'.length), input);
        return send(res, 200, JSON.stringify(result));
      }
      if (url.pathname === '/events') {
        if (!authorised(req, url.searchParams.get('secret'))) return send(res, 403, refusal);
        return streamEvents(req, res);
      }
      if (req.method !== 'GET') return send(res, 405, 'Method not allowed', 'text/plain');
      if (url.pathname.startsWith(downloadPrefix)) return serveDownload(req, res, url.pathname);
      return serveFile(res, url.pathname);
    })().catch((caught: unknown) => {
      // Said once, on the host's log: the page only learns that the host failed.
      const reason = messageOf(caught);
      log(`web host: ${req.method ?? '?'} ${pathOf(req.url)} failed: ${reason}`);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      send(
        res,
        500,
        JSON.stringify({ ok: false, error: { code: 'internal', message: 'The web host failed.' } }),
      );
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${String(port)}`;
  return {
    url: `${origin}/#secret=${secret}`,
    origin,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
