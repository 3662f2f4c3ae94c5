import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { runCli } from '../../electron/cli/run';
import { scriptedInput } from '../../electron/cli/terminal-input';
import type { Io } from '../../electron/cli/io';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Commands that store something use a throwaway history unless a test names its own. */
const scratchDataDir = mkdtempSync(path.join(tmpdir(), 'dcdesk-cli-data-'));
process.once('exit', () => rmSync(scratchDataDir, { recursive: true, force: true }));

/** Runs dcdesk in this process with captured output and a chosen environment. */
export async function dcdesk(
  argv: string[],
  env: NodeJS.ProcessEnv = {},
  stdin = '',
): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = {
    out: (text) => out.push(text),
    err: (text) => err.push(text),
    env: { DCDESK_DATA_DIR: scratchDataDir, ...env },
    isTerminal: false,
    stopped: new Promise(() => undefined),
    ...scriptedInput(stdin),
  };
  const code = await runCli(argv, io);
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

/** The installed entry point, as a user runs it (needs `npm run build`). */
export const binPath = new URL('../../bin/dcdesk.mjs', import.meta.url).pathname;

/** Spawns `dcdesk sandbox` and resolves with its address once it prints it. */
export function spawnSandbox(args: string[] = []): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [binPath, 'sandbox', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      const match = /(http:\/\/127\.0\.0\.1:\d+)/.exec(line);
      if (match?.[1]) resolve({ child, url: match[1] });
    });
    child.once('exit', (code) =>
      reject(new Error(`dcdesk sandbox exited early with code ${String(code)}`)),
    );
  });
}

/** Runs the installed entry point to completion. */
export function runBin(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  const child = spawn(process.execPath, [binPath, ...args], {
    env: { PATH: process.env.PATH, DCDESK_DATA_DIR: scratchDataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) =>
    child.once('close', (code) => resolve({ code: code ?? -1, stdout, stderr })),
  );
}
