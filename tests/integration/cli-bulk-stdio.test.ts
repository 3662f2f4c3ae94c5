import { spawn, spawnSync } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { runCli } from '../../electron/cli/run';
import { binPath, runBin, type CliRun } from '../support/cli';
import { tempDir, writeTransactionsCsv } from '../support/files';
import { endInput } from '../support/child-input';

// The installed entry point (`node scripts/build.mjs cli` first), as a script in a pipeline sees it.
let sandbox: SandboxHandle;
const work = tempDir('dcdesk-cli-bulk-stdio-');
beforeAll(async () => (sandbox = await startSandbox()));
afterAll(async () => {
  await sandbox.close();
  work.remove();
});

const target = () => ['--data-dir', work.dir, '--base-url', sandbox.url];

/** Runs the installed entry point with `input` piped into its standard input. */
function pipeThrough(args: string[], input: Buffer): Promise<CliRun & { raw: Buffer }> {
  const child = spawn(process.execPath, [binPath, ...args], {
    env: { PATH: process.env.PATH, DCDESK_DATA_DIR: work.dir },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const out: Buffer[] = [];
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  endInput(child.stdin, input);
  return new Promise((resolve) =>
    child.once('close', (code) => {
      const raw = Buffer.concat(out);
      resolve({ code: code ?? -1, stdout: raw.toString('utf8'), stderr, raw });
    }),
  );
}

describe('dcdesk bulk - --output -', () => {
  it('reads a CSV from stdin and writes the results, and only them, to stdout', async () => {
    writeTransactionsCsv(work.file('piped.csv'), 4);
    const run = await pipeThrough(
      ['bulk', '-', '--output', '-', '--format', 'json', ...target()],
      readFileSync(work.file('piped.csv')),
    );
    expect(run.stderr).toContain('4 rows from standard input');
    expect(run.stderr).toContain('wrote 4 rows to standard output.');
    const rows = JSON.parse(run.stdout) as Array<{ row: number; status: string }>;
    expect(rows.map((row) => row.row)).toEqual([2, 3, 4, 5]);
    expect(run.code).toBe(rows.every((row) => /^(ok|no_content)$/.test(row.status)) ? 0 : 4);
  });

  it('writes csv to stdout when asked', async () => {
    const run = await pipeThrough(
      ['bulk', '-', '--output', '-', '--format', 'csv', ...target()],
      readFileSync(work.file('piped.csv')),
    );
    expect([0, 4]).toContain(run.code);
    // The CSV output starts with a byte order mark, then the header row, then a line per row.
    expect(
      run.stdout
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/),
    ).toHaveLength(5);
  });

  it('needs --format for --output -, and refuses it for a named file (exit 2)', async () => {
    const input = readFileSync(work.file('piped.csv'));
    const missing = await pipeThrough(['bulk', '-', '--output', '-', ...target()], input);
    expect(missing.code).toBe(2);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toContain(
      '--output - (standard output) needs --format json, csv or xlsx',
    );
    const named = await pipeThrough(
      ['bulk', '-', '--output', work.file('x.json'), '--format', 'csv', ...target()],
      input,
    );
    expect(named.code).toBe(2);
    expect(named.stderr).toContain('--format is for --output - only');
  });
});

describe('dcdesk bulk - with standard input redirected from a file', () => {
  it('refuses an --output that is that file, and leaves it whole (attack c3)', () => {
    writeTransactionsCsv(work.file('pedidos.csv'), 3);
    const before = readFileSync(work.file('pedidos.csv'));
    const input = openSync(work.file('pedidos.csv'), 'r');
    try {
      const run = spawnSync(
        process.execPath,
        [binPath, 'bulk', '-', '--output', work.file('pedidos.csv'), ...target()],
        {
          env: { PATH: process.env.PATH, DCDESK_DATA_DIR: work.dir },
          stdio: [input, 'pipe', 'pipe'],
        },
      );
      expect(run.status).toBe(2);
      expect(run.stderr.toString()).toMatch(/--output is the file standard input reads/);
    } finally {
      closeSync(input);
    }
    expect(readFileSync(work.file('pedidos.csv'))).toEqual(before);
  });
});

describe('dcdesk bulk - on a terminal', () => {
  it('refuses to wait for a spreadsheet typed by hand (exit 2)', async () => {
    const err: string[] = [];
    const code = await runCli(['bulk', '-', '--output', '-', '--format', 'json', ...target()], {
      out: () => undefined,
      err: (text) => err.push(text),
      env: { DCDESK_DATA_DIR: work.dir },
      isTerminal: true,
      stopped: new Promise(() => undefined),
      stdinIsTerminal: true,
      readLine: () => Promise.resolve(null),
      readSecret: () => Promise.resolve(null),
    });
    expect(code).toBe(2);
    expect(err.join('\n')).toContain('pipe a file into dcdesk');
  });
});

describe('dcdesk bulk --json', () => {
  it('prints one JSON summary on stdout, and only that, with the exit code it ends with', async () => {
    writeTransactionsCsv(work.file('three.csv'), 3);
    const run = await runBin([
      'bulk',
      work.file('three.csv'),
      '--output',
      work.file('three.json'),
      '--json',
      ...target(),
    ]);
    expect(run.stderr).toContain('wrote 3 rows');
    const summary = JSON.parse(run.stdout) as {
      batch: string;
      counts: Record<string, number>;
      [key: string]: unknown;
    };
    const { batch, counts, ...rest } = summary;
    expect(batch).toMatch(/\S/);
    expect(rest).toEqual({
      environment: sandbox.url,
      state: 'finished',
      total: 3,
      output: work.file('three.json'),
      exitCode: run.code,
    });
    expect(Object.keys(counts).sort()).toEqual([
      'failed',
      'invalid',
      'noContent',
      'ok',
      'rejected',
    ]);
    expect((counts.ok ?? 0) + (counts.noContent ?? 0)).toBe(3);
    expect(JSON.parse(readFileSync(work.file('three.json'), 'utf8'))).toHaveLength(3);
  });

  it('refuses --json with --output - (both would write to stdout), exit 2', async () => {
    writeTransactionsCsv(work.file('one.csv'), 1);
    const run = await runBin([
      'bulk',
      work.file('one.csv'),
      '--output',
      '-',
      '--json',
      ...target(),
    ]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('--json and --output - both write to stdout');
  });
});
