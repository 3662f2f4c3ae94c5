/**
 * A server that echoes the password, the token and a customer's data written as servers really
 * write them: form-encoded, percent-encoded in a redirect's Location, HTML-escaped, in JSON with
 * PHP's `\/`, and a CPF, phone and CEP grouped otherwise than they were sent. What reaches the
 * history database, the errors and an export is searched for any piece of them.
 */
import { readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBatch } from '../../electron/core/bulk/batch';
import { writeOutput } from '../../electron/core/bulk/output';
import { runBatch } from '../../electron/core/bulk/runner';
import { createServiceClient } from '../../electron/core/service/client';
import { rowsRepo } from '../../electron/core/store/rows.repo';
import { ok } from '../../shared/result';
import { sourceRows } from '../support/bulk';
import { tempDir } from '../support/files';
import { folderFiles } from '../support/secret-scan';
import { tempHistory } from '../support/history';

const password = "Tr0ub4dor&3'x";
const token = 'tok/abcDEF123456+ghiJKL789=';
const login = () => new URLSearchParams({ username: 'analyst1', password }).toString();
const html = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

type Answer = (response: ServerResponse, body: string, authorization: string) => void;
const json = (response: ServerResponse, status: number, body: string) => {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(body);
};
const grant: Answer = (response) => json(response, 200, JSON.stringify({ token, expiresIn: 3600 }));
const device = { deviceID: 'dev-1', insights: [], alertQuantity: 0, deviceAge: 1, score: 0.1 };
/** How the server answers each route now; each test sets what it needs. */
let onAuth: Answer = grant;
let onInsights: Answer = (response) => json(response, 200, JSON.stringify(device));

const server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    const answer = request.url?.includes('auth') ? onAuth : onInsights;
    answer(response, body, request.headers.authorization ?? '');
  });
});
let url = '';
const work = tempDir('dcdesk-encoded-echo-');
let history: Awaited<ReturnType<typeof tempHistory>>;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  history = await tempHistory();
});
afterAll(() => {
  history.close();
  work.remove();
  server.close();
});

const client = () =>
  createServiceClient({
    fetch: globalThis.fetch,
    endpoint: { baseUrl: url, pathStyle: 'production' },
    credentials: () => Promise.resolve(ok({ username: 'analyst1', password })),
    timeoutMs: 5000,
  });

/** Runs one batch of `count` rows and gives what the history and a csv export hold. */
async function stored(count: number) {
  const batch = createBatch(history.db, {
    sourceName: 'echo.csv',
    sourceSha256: 'e'.repeat(64),
    environment: 'test',
    baseUrl: url,
    settings: { concurrency: 1 },
    rows: sourceRows(count),
  });
  await runBatch(batch.id, { db: history.db, client: client(), onEvent: () => undefined }).ended;
  const rows = [...rowsRepo(history.db).iterate(batch.id)];
  const file = work.file(`${batch.id}.csv`);
  await writeOutput(file, rowsRepo(history.db).iterate(batch.id));
  history.db.pragma('wal_checkpoint(TRUNCATE)');
  const database = folderFiles(history.dir).map((found) => found.bytes.toString('latin1'));
  return { rows, database: database.join('\n'), csv: readFileSync(file, 'utf8') };
}

/** Pieces of the password and token that survive any escaping. */
const pieces = ['Tr0ub4dor', 'abcDEF123456', 'ghiJKL789'];

describe('a server that echoes the password escaped', () => {
  const refusals: Record<string, Answer> = {
    'form-encoded in a 400': (response) =>
      json(response, 400, JSON.stringify({ message: `bad login: ${login()}` })),
    'in a redirect Location': (response) => {
      response.writeHead(302, { Location: `https://login.example.net/retry?${login()}` });
      response.end();
    },
    'HTML-escaped in a 403 page': (response) => {
      response.writeHead(403, { 'Content-Type': 'text/html' });
      response.end(`<html><body>Denied for ${html(password)}</body></html>`);
    },
    'in JSON with \\/ and \\u escapes': (response) =>
      json(response, 400, `{"message":"bad: ${password.replace(/'/g, '\\u0027')}\\/x"}`),
  };
  for (const [name, refusal] of Object.entries(refusals)) {
    it(`keeps it out of the error (${name})`, async () => {
      onAuth = refusal;
      const result = await client().testAuthentication();
      expect(result.ok).toBe(false);
      const text = JSON.stringify(result);
      for (const piece of pieces) expect(text).not.toContain(piece);
      expect(text).toContain('[redacted]');
    });
  }

  it('keeps it out of the history when a new login is refused mid-batch', async () => {
    let logins = 0;
    onAuth = (response, body, authorization) => {
      logins += 1;
      if (logins === 1) grant(response, body, authorization);
      else json(response, 400, JSON.stringify({ message: `bad login: ${login()}` }));
    };
    onInsights = (response) => json(response, 401, '{}');
    const { database } = await stored(1);
    expect(logins).toBe(2);
    for (const piece of pieces) expect(database).not.toContain(piece);
  });
});

describe('a server that echoes the token with PHP-style escapes', () => {
  it('keeps every piece of it out of the stored answer', async () => {
    onAuth = grant;
    onInsights = (response, _body, authorization) =>
      json(
        response,
        200,
        JSON.stringify({ ...device, debug: authorization }).replace(/\//g, '\\/'),
      );
    const { rows, database, csv } = await stored(1);
    expect(rows[0]?.status).toBe('ok');
    const raw = history.db
      .prepare('SELECT raw_answer FROM lookups WHERE raw_answer IS NOT NULL')
      .pluck();
    expect(raw.get()).toContain('"debug":"Bearer [redacted]"');
    for (const piece of pieces) {
      expect(database).not.toContain(piece);
      expect(csv).not.toContain(piece);
    }
  });
});

describe("a server that quotes a customer's data grouped otherwise", () => {
  it('keeps the CPF, phone and CEP masked in the history and the export', async () => {
    onAuth = grant;
    onInsights = (response, body) => {
      const sent = JSON.parse(body) as { cpf: string; zipCode: string; email: string };
      const cpf = sent.cpf;
      const detail = [
        `CPF ${cpf.slice(0, 9)}-${cpf.slice(9)} is blocked`,
        'phone (11) 98765-4321 unknown',
        `CEP ${sent.zipCode.slice(0, 5)}-${sent.zipCode.slice(5)} out of area`,
        `cpf digits ${cpf.split('').join(' ')}`,
        `mail ${encodeURIComponent(sent.email.toUpperCase())}`,
      ].join(' | ');
      json(response, 400, JSON.stringify({ Title: 'Invalid', Status: 400, Detail: detail }));
    };
    const { rows, database, csv } = await stored(1);
    const cpf = sourceRows(1)[0]!.raw.cpf!;
    expect(rows[0]?.status).toBe('rejected');
    expect(rows[0]?.messages.join(' ')).toContain('CPF ***.');
    const echoed = [
      `${cpf.slice(0, 9)}-${cpf.slice(9)}`,
      cpf.split('').join(' '),
      '98765-4321',
      '01310-100',
      'BUYER0',
    ];
    for (const piece of echoed) {
      expect(database).not.toContain(piece);
      expect(csv).not.toContain(piece);
      expect(JSON.stringify(rows)).not.toContain(piece);
    }
  });
});
