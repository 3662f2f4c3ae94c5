/**
 * The secrets audit: a full run against a real sandbox in the `test` environment (credentials in
 * the real keychain, a connection test, a batch with a failed row, a token revoked half-way,
 * results and failed rows exported, outcomes reviewed and uploaded as csv and zip, the command
 * line run on the same history), then a search for
 * the password and every token the sandbox issued in every file of the data folder, everything
 * the app and the command line printed, every exported file and every answer and event the core
 * gave its caller (what the web host forwards to the renderer). Then a CPF is purged and searched
 * for in the database files, digits and formatted. (tests/integration/retention.test.ts checks
 * the purge itself on a bare history; this checks it after the whole flow.)
 *
 * The browser half (what the web host really sent to Chromium) is tests/e2e/secrets-audit.spec.ts.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCore, type Core } from '../../electron/core/create-core';
import { createKeychainStore } from '../../electron/core/credentials/keychain';
import { sandboxAnswer, startSandbox, type SandboxHandle } from '../../electron/sandbox';
import type { BatchEvent } from '../../shared/batch';
import type {
  OutcomeFileRows,
  OutcomeSummary,
  UploadOutcome,
  UploadView,
} from '../../shared/contract/outcomes';
import type { BatchSummary, ResultPage, SavedExport } from '../../shared/contract/results';
import { savedBytes } from '../support/result-handlers';
import { buildResponseFile } from '../../shared/outcomes';
import type { Result } from '../../shared/result';
import { sourceRows } from '../support/bulk';
import { dcdesk } from '../support/cli';
import { tempDir } from '../support/files';
import {
  fileHaystacks,
  findSecrets,
  folderFiles,
  recordIssuedTokens,
  type Haystack,
} from '../support/secret-scan';

const username = 'analista-auditoria';
const password = `Çenha-${randomUUID()}-!`;
const keychainService = `Device Check Desk secrets audit ${randomUUID()}`;
const cliEnv = { DCDESK_KEYCHAIN_SERVICE: keychainService };

const work = tempDir('dcdesk-secrets-');
const dataDir = work.file('data');
const exportsDir = work.file('exports');
const keychain = createKeychainStore({ service: keychainService });

const rows = sourceRows(40);
/**
 * The row whose CPF is purged: one the sandbox answers with a device (so it can be reviewed),
 * past the first row (which fails), its CPF given formatted as analysts type it.
 */
const targetRow = rows.find((row, index) => index > 0 && sandboxAnswer(row.raw).status === 200)!;
const target = targetRow.raw.cpf!;
const formatted = `${target.slice(0, 3)}.${target.slice(3, 6)}.${target.slice(6, 9)}-${target.slice(9)}`;
targetRow.raw.cpf = formatted;
/** A CPF that is kept, to prove the search reads what the database holds. */
const kept = rows.find((row) => row !== targetRow && row !== rows[0])!.raw.cpf!;

let sandbox: SandboxHandle;
const tokens = recordIssuedTokens();
/** Everything the core answered and pushed, as the web host would forward it. */
const answers: string[] = [];
/** Everything printed: console, stdout and stderr of this process, and the command line. */
const printed: string[] = [];
const exported: Haystack[] = [];
let stopCapture: () => void = () => undefined;

/**
 * Records what this process prints (console, stdout, stderr) while still printing it; the
 * returned function adds it all to `printed` and stops recording.
 */
function capturePrinting(): () => void {
  const spies = [
    vi.spyOn(process.stdout, 'write'),
    vi.spyOn(process.stderr, 'write'),
    ...(['log', 'info', 'warn', 'error', 'debug'] as const).map((method) =>
      vi.spyOn(console, method),
    ),
  ];
  return () => {
    for (const spy of spies.splice(0)) {
      for (const args of spy.mock.calls as unknown[][]) printed.push(args.map(String).join(' '));
      spy.mockRestore();
    }
  };
}

async function call<T>(core: Core, name: string, input: unknown): Promise<T> {
  const result = (await core.call(name, input)) as Result<T>;
  answers.push(JSON.stringify(result));
  if (!result.ok) throw new Error(`${name}: ${result.error.message}`);
  return result.value;
}

async function openCore(): Promise<Core> {
  const created = await createCore({
    dataDir,
    fetch: globalThis.fetch,
    keychain,
    startSandbox,
    version: 'audit',
    locale: 'pt-BR',
    platform: process.platform,
  });
  if (!created.ok) throw new Error(created.error.message);
  created.value.subscribe((name, payload) => {
    answers.push(JSON.stringify({ name, payload }));
    if (name !== 'main:batch.progress') return;
    const event = payload as BatchEvent;
    if (['finished', 'paused', 'failed', 'cancelled'].includes(event.type)) {
      endings.get(event.batchId)?.(event);
    }
  });
  return created.value;
}

const endings = new Map<string, (event: BatchEvent) => void>();

/** Waits for a batch's run to end and fails unless it finished. */
function ended(batchId: string): Promise<void> {
  return new Promise((resolve, reject) => {
    endings.set(batchId, (event) =>
      event.type === 'finished'
        ? resolve()
        : reject(new Error(`the batch ended ${event.type}: ${JSON.stringify(event)}`)),
    );
  });
}

/** A results export the core streamed to a file (the data folder's `exports` here). */
async function savedExport(file: SavedExport): Promise<void> {
  const bytes = savedBytes(file);
  writeFileSync(`${exportsDir}/${file.fileName}`, bytes);
  exported.push(...(await fileHaystacks(file.fileName, bytes)));
}

async function runCli(argv: string[], stdin = '') {
  const run = await dcdesk(argv, cliEnv, stdin);
  printed.push(run.stdout, run.stderr);
  return run;
}

let batch: BatchSummary;
/** How many transactions were given an outcome. */
let reviewedCount = 0;

/**
 * Reviews every answered row (the purged CPF's row among them), builds the response-variable
 * file as csv and as zip, and uploads both to the test environment (the second one confirmed,
 * as the re-send guard asks), then reads the ledger and a stored file back.
 */
async function reviewAndUpload(core: Core): Promise<void> {
  const page = await call<ResultPage>(core, 'results.page', {
    batchId: batch.id,
    offset: 0,
    limit: 100,
  });
  const answered = page.rows.filter((row) => row.deviceId !== null);
  expect(answered.map((row) => row.row)).toContain(targetRow.row);
  reviewedCount = answered.length;
  await call(core, 'outcomes.set', {
    targets: answered.map((row) => ({ batchId: batch.id, seq: row.seq })),
    outcome: 'Suspeito',
  });
  const { rows: reviewed } = await call<OutcomeFileRows>(core, 'outcomes.fileRows', {});
  for (const kind of ['csv', 'zip'] as const) {
    const built = await buildResponseFile(reviewed, { kind, fileName: `respostas-${kind}` });
    if (!built.ok) throw new Error(`the ${kind} response file did not build`);
    const file = {
      fileName: built.file.fileName,
      base64: Buffer.from(built.file.bytes).toString('base64'),
    };
    await call(core, 'uploads.check', file);
    const sent = await call<UploadOutcome>(core, 'uploads.send', { ...file, confirmed: true });
    expect(sent).toMatchObject({ status: 'done', upload: { status: 'sent' } });
    exported.push(...(await fileHaystacks(file.fileName, Buffer.from(built.file.bytes))));
  }
  const ledger = await call<UploadView[]>(core, 'uploads.list', {});
  await call(core, 'uploads.file', { uploadId: ledger[0]!.id });
}

/** The data folder as it was with the app running (WAL not yet checkpointed). */
let openFolder: Haystack[] = [];

beforeAll(async () => {
  mkdirSync(exportsDir, { recursive: true });
  stopCapture = capturePrinting();
  sandbox = await startSandbox({ credentials: { username, password } });

  const core = await openCore();
  await call(core, 'environments.configure', { environment: 'test', baseUrl: sandbox.url });
  await call(core, 'credentials.save', { environment: 'test', username, password });
  await call(core, 'settings.update', { activeEnvironment: 'test', concurrency: 1 });
  await call(core, 'environments.test', { environment: 'test' });
  await call(core, 'environments.list', {});
  // The token of the connection test dies: the batch must obtain another.
  sandbox.revokeTokens();
  // The first row's three attempts fail: one failed row to export.
  sandbox.forceNext(500, { route: 'insights', count: 3 });
  batch = await call<BatchSummary>(core, 'batches.create', {
    sourceName: 'auditoria.csv',
    sourceSha256: 'c'.repeat(64),
    rows,
  });
  await ended(batch.id);
  batch = await call<BatchSummary>(core, 'batches.get', { batchId: batch.id });
  for (const format of ['csv', 'xlsx'] as const) {
    await savedExport(
      await call<SavedExport>(core, 'results.export', { batchId: batch.id, format }),
    );
    await savedExport(
      await call<SavedExport>(core, 'results.exportFailed', { batchId: batch.id, format }),
    );
  }
  await call(core, 'results.detail', { batchId: batch.id, seq: 1 });
  await reviewAndUpload(core);
  openFolder = folderFiles(dataDir);
  await core.close();

  // The command line on the same history and keychain entry.
  await runCli(['credentials', 'show', '--env', 'test']);
  await runCli(['auth', '--env', 'test', '--base-url', sandbox.url]);
  const csv = [
    'Pedido;Sessão;CPF',
    `${targetRow.raw.externalID!};${targetRow.raw.sessionID!};${formatted}`,
  ];
  writeFileSync(work.file('uma-linha.csv'), csv.join('\r\n'));
  for (const output of ['cli.csv', 'cli.xlsx']) {
    const bulk = await runCli([
      'bulk',
      work.file('uma-linha.csv'),
      '--output',
      `${exportsDir}/${output}`,
      '--env',
      'test',
      '--base-url',
      sandbox.url,
      '--data-dir',
      dataDir,
    ]);
    expect(bulk.code, bulk.stderr).toBe(0);
    exported.push(...(await fileHaystacks(output, readFileSync(`${exportsDir}/${output}`))));
  }
  stopCapture();
}, 120_000);

afterAll(async () => {
  stopCapture();
  console.info(
    `secrets audit (${String(tokens.tokens.length)} tokens): ${JSON.stringify(summary)}`,
  );
  tokens.stop();
  await keychain.remove('test');
  await sandbox.close();
  work.remove();
});

/** What each search covered and found, printed at the end for the record. */
const summary: Record<string, { places: number; bytes: number; found: number }> = {};

/** Occurrences of the password and every issued token in `haystacks`, which must be 0. */
function audit(what: string, haystacks: Haystack[]) {
  const found = findSecrets(haystacks, [password, ...tokens.tokens]);
  const total = Object.values(found).reduce((sum, count) => sum + count, 0);
  const bytes = haystacks.reduce((sum, haystack) => sum + haystack.bytes.length, 0);
  summary[what] = { places: haystacks.length, bytes, found: total };
  return { total, found };
}

describe('after a full run in the test environment', () => {
  it('really used the secrets: the keychain holds the password, the sandbox issued tokens', async () => {
    expect(await keychain.read('test')).toEqual({ ok: true, value: { username, password } });
    // The connection test, the batch after the revocation, `dcdesk auth` and two `dcdesk bulk`.
    expect(tokens.tokens.length).toBeGreaterThanOrEqual(5);
    expect(sandbox.counters().authentications).toBe(tokens.tokens.length);
    expect(batch.counts).toMatchObject({ total: 40, done: 40, failed: 1 });
    expect(sandbox.uploads().map((upload) => upload.fileName)).toEqual([
      'respostas-csv.csv',
      'respostas-zip.zip',
    ]);
  });

  it('has a search that finds each secret in every form it looks for', () => {
    const token = tokens.tokens[0]!;
    const written = [
      `{"password":"${password}"}`,
      `Authorization: Bearer ${token}`,
      Buffer.from(password, 'utf8').toString('base64'),
      `…${token.split('.')[2] ?? token}…`,
    ];
    for (const text of [...written, Buffer.from(`x${password}x`, 'utf16le')]) {
      const bytes = typeof text === 'string' ? Buffer.from(text) : text;
      expect(findSecrets([{ name: 'x', bytes }], [password, token]).x).toBeGreaterThan(0);
    }
  });

  it('finds neither in any file of the data folder, with the app open or closed', () => {
    const closed = folderFiles(dataDir);
    const names = closed.map((file) => file.name);
    expect(names).toContain('history.sqlite3');
    expect(openFolder.map((file) => file.name)).toContain('history.sqlite3-wal');
    const all = [
      ...openFolder.map((file) => ({ ...file, name: `open:${file.name}` })),
      ...closed.map((file) => ({ ...file, name: `closed:${file.name}` })),
    ];
    // The search does read the database: the user name of the answers and a kept CPF are there.
    expect(all.some((file) => file.bytes.includes(kept))).toBe(true);
    expect(audit('data folder', all)).toMatchObject({ total: 0 });
  });

  it('finds neither in anything the app or the command line printed', () => {
    const text = printed.join('\n');
    expect(text).toMatch(/Authenticated with the test environment/);
    expect(text).toMatch(/wrote 1 row to/);
    expect(audit('printed', [{ name: 'printed', bytes: Buffer.from(text) }])).toMatchObject({
      total: 0,
    });
  });

  it('finds neither in any exported file, xlsx parts unpacked', () => {
    const names = exported.map((file) => file.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'auditoria-results.csv',
        'auditoria-results.xlsx',
        'auditoria-failed.csv',
        'auditoria-failed.xlsx',
        'cli.csv',
        'cli.xlsx',
        'cli.xlsx:xl/worksheets/sheet1.xml',
        'respostas-csv.csv',
        'respostas-zip.zip:respostas-zip.csv',
      ]),
    );
    expect(audit('exports', exported)).toMatchObject({ total: 0 });
  });

  it('finds neither in any answer or event the core gave its caller', () => {
    const text = answers.join('\n');
    expect(text).toContain(username);
    expect(text).toContain('"type":"finished"');
    expect(
      audit('answers and events', [{ name: 'answers', bytes: Buffer.from(text) }]),
    ).toMatchObject({ total: 0 });
  });
});

describe('purging one CPF after the flow', () => {
  it('leaves it nowhere in the database files, as digits or formatted', async () => {
    const before = Buffer.concat(folderFiles(dataDir).map((file) => file.bytes));
    expect(before.includes(target)).toBe(true);

    const purge = await runCli(['purge', '--cpf', formatted, '--yes', '--data-dir', dataDir]);
    // Its row in the app's batch and in the two batches of `dcdesk bulk`.
    expect(purge).toMatchObject({
      code: 0,
      stdout: 'Removed 3 rows about that CPF and 1 review of its transactions.',
    });

    const after = folderFiles(dataDir);
    const found = findSecrets(after, [target, formatted]);
    expect(Object.values(found).reduce((sum, count) => sum + count, 0)).toBe(0);
    expect(Buffer.concat(after.map((file) => file.bytes)).includes(kept)).toBe(true);

    const core = await openCore();
    expect(await call(core, 'history.search', { query: target })).toEqual({ hits: [], total: 0 });
    // Its outcome went with it; the other reviewed transactions keep theirs.
    const summary = await call<OutcomeSummary>(core, 'outcomes.summary', {});
    expect(summary.total).toBe(reviewedCount - 1);
    await core.close();
  });
});
