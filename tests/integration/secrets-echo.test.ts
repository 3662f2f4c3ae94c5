/**
 * A server that echoes the Authorization header and the password (issue 11, item 3). The sandbox,
 * with opaque tokens (so no JWT shape gives them away), answers with bodies that repeat the
 * request's Authorization header and the password: in a 500 Problem, a 400 Problem, a 200 that
 * breaks the interface, a 200 that conforms, and a refused authentication. Then the history
 * files, the exports (json, csv, xlsx) and everything the command line printed are searched for
 * the password and every token the sandbox issued.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeOutput } from '../../electron/core/bulk/output';
import { runBatch } from '../../electron/core/bulk/runner';
import { createServiceClient } from '../../electron/core/service/client';
import { rowsRepo } from '../../electron/core/store/rows.repo';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { ok } from '../../shared/result';
import { createBatch } from '../../electron/core/bulk/batch';
import { sourceRows } from '../support/bulk';
import { dcdesk } from '../support/cli';
import { tempDir } from '../support/files';
import { tempHistory } from '../support/history';
import {
  fileHaystacks,
  findSecrets,
  folderFiles,
  recordIssuedTokens,
  type Haystack,
} from '../support/secret-scan';

const username = 'analista-eco';
const password = `Se"nha-${randomUUID()}-\\fim`;
const tokens = recordIssuedTokens();
const work = tempDir('dcdesk-echo-');
const cliData = work.file('cli-data');

/** Bodies that repeat what the server was sent; `password` goes in as a JSON string's content. */
const said = JSON.stringify(password).slice(1, -1);
const echo = {
  problem500: `{"Title":"Internal Server Error","Status":500,"Detail":"failed for {{authorization}} and ${said}","Extensions":{"traceId":"{{authorization}}"}}`,
  problem400: `{"Title":"BadRequest","Status":400,"Detail":"refused {{authorization}} | password was ${said}"}`,
  broken200: `{"deviceID":"dev-1","score":"${said}","deviceRisk":"{{authorization}}"}`,
  conforming200: `{"deviceID":"{{authorization}}","insights":[],"debug":"${said} {{authorization}}"}`,
  authRefused: `{"message":"wrong credentials: {{requestBody}}"}`,
};

let sandbox: SandboxHandle;
let history: Awaited<ReturnType<typeof tempHistory>>;
const printed: string[] = [];
const exported: Haystack[] = [];
let stored: ReturnType<ReturnType<typeof rowsRepo>['iterate']> extends Iterable<infer R>
  ? R[]
  : never = [];

function client() {
  return createServiceClient({
    fetch: globalThis.fetch,
    endpoint: { baseUrl: sandbox.url, pathStyle: 'production' },
    credentials: () => Promise.resolve(ok({ username, password })),
    timeoutMs: 5000,
  });
}

beforeAll(async () => {
  sandbox = await startSandbox({ credentials: { username, password }, jwtTokens: false });
  history = await tempHistory();

  // A batch of four rows, answered in order: 500 (three attempts), 400, broken 200, good 200.
  sandbox.forceNext(500, { route: 'insights', body: echo.problem500, count: 3 });
  sandbox.forceNext(400, { route: 'insights', body: echo.problem400 });
  sandbox.forceNext(200, { route: 'insights', body: echo.broken200 });
  sandbox.forceNext(200, { route: 'insights', body: echo.conforming200 });
  const batch = createBatch(history.db, {
    sourceName: 'eco.csv',
    sourceSha256: 'e'.repeat(64),
    environment: 'test',
    baseUrl: sandbox.url,
    settings: { concurrency: 1 },
    rows: sourceRows(4),
  });
  const run = runBatch(batch.id, { db: history.db, client: client(), onEvent: () => undefined });
  await run.ended;
  stored = [...rowsRepo(history.db).iterate(batch.id)];
  for (const format of ['json', 'csv', 'xlsx']) {
    const file = work.file(`eco.${format}`);
    await writeOutput(file, rowsRepo(history.db).iterate(batch.id));
    exported.push(...(await fileHaystacks(file, readFileSync(file))));
  }

  // A refused authentication that repeats the credentials it was sent.
  sandbox.forceNext(400, { route: 'authentication', body: echo.authRefused });
  const refused = await client().testAuthentication();
  printed.push(JSON.stringify(refused));

  // The command line, one lookup per echoing answer, on its own history.
  const env = { DCDESK_USERNAME: username, DCDESK_PASSWORD: password };
  const lookup = ['lookup', '--env', 'test', '--base-url', sandbox.url, '--data-dir', cliData];
  const tx = sourceRows(1, 50)[0]!.raw;
  const ids = ['--session-id', tx.sessionID!, '--external-id', tx.externalID!];
  for (const [status, body] of [
    [500, echo.problem500],
    [400, echo.problem400],
    [200, echo.broken200],
    [200, echo.conforming200],
  ] as const) {
    // A 500 is tried three times, as a batch does: each attempt gets the echo.
    sandbox.forceNext(status, { route: 'insights', body, count: status >= 500 ? 3 : 1 });
    const run = await dcdesk([...lookup, ...ids], env);
    printed.push(run.stdout, run.stderr);
  }
}, 60_000);

afterAll(async () => {
  tokens.stop();
  history.close();
  await sandbox.close();
  work.remove();
});

function found(haystacks: Haystack[]): number {
  const counts = findSecrets(haystacks, [password, ...tokens.tokens]);
  return Object.values(counts).reduce((sum, count) => sum + count, 0);
}

describe('a server that echoes the token and the password', () => {
  it('really echoed them: the sandbox issued opaque tokens and the answers were stored', () => {
    expect(tokens.tokens.length).toBeGreaterThanOrEqual(2);
    expect(tokens.tokens.every((token) => !token.startsWith('eyJ'))).toBe(true);
    // The fourth conforms, but its device ID is the echoed header: hidden, it would be a device
    // ID the service never gave, so the answer is refused rather than stored as good.
    expect(stored.map((row) => row.status)).toEqual(['failed', 'rejected', 'failed', 'failed']);
    expect(stored[0]?.messages).toEqual(['failed for Bearer [redacted] and [redacted]']);
    expect(stored[1]?.messages).toEqual(['refused Bearer [redacted]', 'password was [redacted]']);
    expect(stored[2]?.messages).toContain(
      'score is the text "[redacted]"; expected a number from 0 to 1',
    );
    expect(stored[3]?.result).toBeNull();
    expect(stored[3]?.messages).toContain('deviceID holds text that is hidden');
  });

  it('leaves neither in the history files', () => {
    history.db.pragma('wal_checkpoint(TRUNCATE)');
    const files = [...folderFiles(history.dir), ...folderFiles(cliData)];
    expect(files.map((file) => file.name)).toContain('history.sqlite3');
    expect(found(files)).toBe(0);
  });

  it('leaves neither in the exports', () => {
    expect(exported.map((file) => file.name.split('/').pop())).toEqual(
      expect.arrayContaining(['eco.json', 'eco.csv', 'eco.xlsx']),
    );
    expect(found(exported)).toBe(0);
  });

  it('leaves neither in what the client returned and the command line printed', () => {
    const text = printed.join('\n');
    expect(text).toContain(
      'wrong credentials: {\\"username\\":\\"analista-eco\\",\\"password\\":\\"[redacted]\\"}',
    );
    expect(text).toContain('failed for Bearer [redacted] and [redacted]');
    expect(text).toContain('score is the text "[redacted]"; expected a number from 0 to 1');
    expect(text).toContain('holds text the app hides in deviceID');
    expect(text).toContain('{"deviceID":"Bearer [redacted]","insights":[],"debug":"[redacted]');
    expect(text).toContain(
      'the answer began: {"deviceID":"dev-1","score":"[redacted]","deviceRisk":"Bearer [redacted]"}',
    );
    expect(found([{ name: 'printed', bytes: Buffer.from(text) }])).toBe(0);
  });
});
