import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { xlsxOf } from '../support/bad-builders';
import { binPath } from '../support/cli';
import { tempDir, writeTransactionsCsv } from '../support/files';
import { sampleTransaction } from '../support/transactions';
import { ignoreClosedInput } from '../support/child-input';

/**
 * Every ```sh example of the README and the user guides runs as written, in order, against a
 * sandbox, so the docs cannot drift from the program. The only rewrites, each applied by
 * `rewrite` below:
 * 1. `npm run --silent dcdesk -- ` becomes `dcdesk ` (the same CLI, through the built bin).
 * 2. A command that talks to the service (bulk, auth, lookup, upload, outcomes import/build)
 *    under `--env production`/`--env test` or `DCDESK_ENV=production` gets
 *    `--base-url <local sandbox>` appended, so it reaches the sandbox instead of the real one.
 * 3. The sample batch ID `20261122-010229-a4od` becomes the ID of a batch run earlier.
 * Each document runs in its own fresh work folder and history; the `DCDESK_ENV` a script
 * exports stays set for the document's later blocks, as in the reader's shell (rewrite 2 then
 * applies to them too).
 */
const docs = ['README.md', 'docs/user-guide.md', 'docs/user-guide.pt-BR.md'];

/** Commands that are not dcdesk, or never end, and why they do not run here. */
const skipped: Array<[RegExp, string]> = [
  [/^npm (ci|test|start|link|unlink)\b/, 'sets up, tests or starts the repository itself'],
  [/^npm run build\b/, 'builds the repository itself (the test builds the CLI once)'],
  [/^npm run dist/, 'builds installers (minutes, and per OS)'],
  [/^(git|apt-get) /, 'not dcdesk'],
  [/dcdesk -- sandbox\b/, 'a server that runs until stopped, on a fixed port'],
];

/** Exit codes the docs give for a command other than 0, keyed by the command as written. */
const expectedCodes: Array<[RegExp, number[]]> = [
  // The guide: "Exit code 1 and no file: nothing to send"; its script above sent the batch.
  [/^dcdesk outcomes build --output lote\.csv --batch /, [1]],
];

/** Answers for commands that ask at a terminal; they run on a pseudo-terminal (`script`). */
const scriptedStdin: Array<[RegExp, Answer[]]> = [
  [
    /^dcdesk credentials set --env production\s*(#|$)/,
    [
      [/User name: /, 'analyst\n'],
      [/Password \(not shown\): /, 's3cret\n'],
    ],
  ],
];

/** Typed once the prompt shows, as a person would. */
type Answer = [prompt: RegExp, typed: string];

const sampleBatch = '20261122-010229-a4od';
/** A command that talks to the service, up to a comment, redirection, pipe or `; `. */
const talks =
  /\bdcdesk (bulk|auth|lookup|upload|outcomes import|outcomes build)\b(?:(?! [#>|]|; )[^\n])*/g;

interface Example {
  doc: string;
  /** A whole script (a block starting with #!) or one command line. */
  text: string;
}

function examples(doc: string): Example[] {
  const found: Example[] = [];
  {
    const blocks = readFileSync(doc, 'utf8').matchAll(/^```sh\n([\s\S]*?)^```/gm);
    for (const [, block = ''] of blocks) {
      if (block.startsWith('#!')) {
        found.push({ doc, text: block });
        continue;
      }
      for (const line of block.split('\n')) {
        if (line.trim() && !line.trim().startsWith('#')) found.push({ doc, text: line.trim() });
      }
    }
  }
  return found;
}

const exported = /^export DCDESK_ENV=(production|test)$/m;

function rewrite(text: string, baseUrl: string, batchId: string, service: boolean): string {
  const production = service || exported.test(text);
  return text
    .replaceAll('npm run --silent dcdesk -- ', 'dcdesk ')
    .replaceAll(sampleBatch, batchId)
    .replace(talks, (command) => {
      const trimmed = command.replace(/\s+$/, '');
      if (!production && !/--env (production|test)\b/.test(trimmed)) return command;
      return `${trimmed} --base-url ${baseUrl}${command.slice(trimmed.length)}`;
    });
}

const shellQuote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

function runShell(script: string, cwd: string, env: NodeJS.ProcessEnv, answers: Answer[] = []) {
  const child = spawn('bash', ['--norc', '-e', '-o', 'pipefail', '-c', script], {
    cwd,
    env,
    stdio: 'pipe',
  });
  ignoreClosedInput(child.stdin);
  let output = '';
  const pending = [...answers];
  const answer = () => {
    const next = pending[0];
    if (!next) return;
    if (!next[0].test(output)) return;
    pending.shift();
    output = output.replace(next[0], '');
    child.stdin.write(next[1]);
    if (pending.length === 0) child.stdin.end();
  };
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    answer();
  });
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  if (answers.length === 0) child.stdin.end();
  return new Promise<{ code: number; output: string }>((resolve) =>
    child.once('close', (code) => resolve({ code: code ?? -1, output })),
  );
}

let sandbox: SandboxHandle;
const folders: Array<{ remove: () => void }> = [];

beforeAll(async () => {
  const build = spawnSync(process.execPath, ['scripts/build.mjs', 'cli'], { encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
  sandbox = await startSandbox({ credentials: { username: 'analyst', password: 's3cret' } });
}, 60_000);

afterAll(async () => {
  await sandbox.close();
  for (const folder of folders) folder.remove();
});

/**
 * A reader's machine: a work folder holding the files the examples name, `dcdesk` on the PATH
 * and an empty history, fresh for each document (a reader follows one, not all three).
 */
function readerMachine(): { dir: string; env: NodeJS.ProcessEnv } {
  const work = tempDir('dcdesk-docs-');
  const data = tempDir('dcdesk-docs-data-');
  folders.push(work, data);
  const bin = work.file('.bin');
  mkdirSync(bin);
  writeFileSync(
    path.join(bin, 'dcdesk'),
    `#!/bin/sh\nexec "${process.execPath}" "${binPath}" "$@"\n`,
  );
  chmodSync(path.join(bin, 'dcdesk'), 0o755);
  writeTransactionsCsv(work.file('pedidos.csv'), 12);
  const rows = readFileSync(work.file('pedidos.csv'), 'utf8')
    .trim()
    .split('\r\n')
    .map((line) => line.split(';'));
  writeFileSync(work.file('pedidos.xlsx'), xlsxOf(rows));
  const outcomes = ['Suspeito', 'fraude confirmada', 'Device Positivado', 'Suspect'];
  writeFileSync(
    work.file('casos.xlsx'),
    xlsxOf([
      ['Pedido', 'Resultado'],
      ...outcomes.map((text, n) => [sampleTransaction(n).externalID, text]),
    ]),
  );
  const env = {
    PATH: `${bin}:${process.env.PATH ?? ''}`,
    HOME: work.dir,
    DCDESK_DATA_DIR: data.dir,
    DCDESK_KEYCHAIN_SERVICE: `Device Check Desk docs examples ${randomUUID()}`,
    DCDESK_USERNAME: 'analyst',
    DCDESK_PASSWORD: 's3cret',
    PASSWORD: 's3cret',
    DBUS_SESSION_BUS_ADDRESS: process.env.DBUS_SESSION_BUS_ADDRESS,
  };
  return { dir: work.dir, env };
}

describe('the examples run as written and exit with the code the docs give', () => {
  it.each(docs)('%s', { timeout: 60_000 }, async (doc) => {
    const { dir, env } = readerMachine();
    let ran = 0;
    let batchId = sampleBatch;
    let service = false;
    for (const example of examples(doc)) {
      if (skipped.some(([pattern]) => pattern.test(example.text))) continue;
      // Anything else must be dcdesk: a new non-dcdesk command joins the allow-list with its reason.
      expect(example.text, `${doc}: not dcdesk and not in the allow-list`).toMatch(/\bdcdesk\b/);
      const script = rewrite(example.text, sandbox.url, batchId, service);
      const answers = scriptedStdin.find(([pattern]) => pattern.test(example.text))?.[1];
      const codes = expectedCodes.find(([pattern]) => pattern.test(example.text))?.[1] ?? [0];
      const result = await runShell(
        answers ? `script -qec ${shellQuote(script)} /dev/null` : script,
        dir,
        env,
        answers,
      );
      expect(codes, `${doc}: ${script}\n${result.output}`).toContain(result.code);
      ran += 1;
      const exports = exported.exec(example.text);
      if (exports) {
        env.DCDESK_ENV = exports[1];
        service = true;
      }
      if (/dcdesk( --)? bulk /.test(example.text)) {
        const ids = await runShell('dcdesk completion --batch-ids', dir, env);
        batchId = ids.output.trim().split('\n')[0] ?? batchId;
      }
    }
    expect(ran).toBeGreaterThan(5);
    // The examples end in a file sent: a step that silently did nothing would show here.
    const uploads = await runShell('dcdesk uploads --json', dir, env);
    expect((JSON.parse(uploads.output) as unknown[]).length, uploads.output).toBeGreaterThan(0);
  });
});
