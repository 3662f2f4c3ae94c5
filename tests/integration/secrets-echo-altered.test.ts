/**
 * A server that echoes the secrets altered: the token lowercased in a refused lookup, the password
 * upper-cased or cut to its first characters in a refused authentication. Run through dcdesk
 * against a local HTTP server; then the printed text and the history files are searched for the
 * secrets in any letter case and for any run of eight of their characters.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dcdesk } from '../support/cli';
import { tempDir } from '../support/files';
import { folderFiles } from '../support/secret-scan';
import { sampleTransaction } from '../support/transactions';

const password = `SenhaForte-${randomBytes(6).toString('hex')}-Fim`;
/** Opaque (no JWT shape, no bearer echo), with letters of both cases. */
const token = `TkN${randomBytes(18).toString('base64url')}Zq`;
const work = tempDir('dcdesk-echo-altered-');

/** How the next refused authentication echoes the password it was sent. */
let authEcho: (sent: string) => string = (sent) => sent;
let server: Server;
let url = '';

function body(request: import('node:http').IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void body(request).then((text) => {
      response.setHeader('content-type', 'application/json');
      if (request.url === '/api/v1/authentication') {
        const sent = (JSON.parse(text) as { password: string }).password;
        if (sent === password) {
          response.end(JSON.stringify({ token }));
          return;
        }
        response.statusCode = 400;
        response.end(JSON.stringify({ message: `wrong password ${authEcho(sent)}` }));
        return;
      }
      const sentToken = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      response.statusCode = 400;
      response.setHeader('content-type', 'text/plain');
      response.end(`token ${sentToken.toLowerCase()}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  work.remove();
});

const run = (args: string[], secret = password) =>
  dcdesk([...args, '--env', 'production', '--base-url', url, '--data-dir', work.dir], {
    DCDESK_USERNAME: 'analista',
    DCDESK_PASSWORD: secret,
  });

/** Every run of eight characters of `secret`, in lower case. */
function runsOf(secret: string): string[] {
  const lower = secret.toLowerCase();
  return Array.from({ length: lower.length - 7 }, (_, at) => lower.slice(at, at + 8));
}

function leaked(text: string, secrets: string[]): string[] {
  const lower = text.toLowerCase();
  return secrets.flatMap(runsOf).filter((part) => lower.includes(part));
}

describe('a secret echoed altered', () => {
  it('is hidden from dcdesk lookup and from the history when the token comes back lowercased', async () => {
    const t = sampleTransaction(1);
    const looked = await run([
      'lookup',
      '--session-id',
      t.sessionID,
      '--external-id',
      t.externalID,
    ]);
    expect(looked.code).not.toBe(0);
    expect(looked.stderr, looked.stderr).toContain('[redacted]');
    expect(leaked(looked.stdout + looked.stderr, [token])).toEqual([]);
    for (const file of folderFiles(work.dir))
      expect(leaked(file.bytes.toString('latin1'), [token, password]), file.name).toEqual([]);
  });

  it('is hidden from dcdesk auth when the password comes back upper-cased or in part', async () => {
    const wrong = `${password}-x`;
    for (const echo of [
      (sent: string) => sent.toUpperCase(),
      (sent: string) => sent.slice(0, 8),
      (sent: string) => sent.slice(5, 17).toLowerCase(),
    ]) {
      authEcho = echo;
      const refused = await run(['auth'], wrong);
      expect(refused.code).toBe(3);
      expect(refused.stderr).toContain('[redacted]');
      expect(leaked(refused.stdout + refused.stderr, [wrong])).toEqual([]);
    }
  });
});
