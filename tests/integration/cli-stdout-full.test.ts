import { spawn } from 'node:child_process';
import { existsSync, openSync, closeSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { binPath, type CliRun } from '../support/cli';
import { tempDir, writeTransactionsCsv } from '../support/files';

/**
 * Standard output on a full disk (`> /dev/full`): said in one line as a file on a full disk is
 * (`report --html /dev/full`), exit 1, never a Node stack trace. Built CLI (`node
 * scripts/build.mjs cli`): the failure is the real process's standard output.
 */
let sandbox: SandboxHandle;
const work = tempDir('dcdesk-cli-stdout-full-');
beforeAll(async () => (sandbox = await startSandbox()));
afterAll(async () => {
  await sandbox.close();
  work.remove();
});

/** Runs the installed dcdesk with standard output going to /dev/full. */
function toFullDisk(args: string[], input?: string): Promise<CliRun> {
  const out = openSync('/dev/full', 'w');
  const stdin = input === undefined ? 'ignore' : openSync(input, 'r');
  const child = spawn(process.execPath, [binPath, ...args], {
    env: { PATH: process.env.PATH, DCDESK_DATA_DIR: work.file('history') },
    stdio: [stdin, out, 'pipe'],
  });
  closeSync(out);
  if (typeof stdin === 'number') closeSync(stdin);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) =>
    child.once('close', (code) => resolve({ code: code ?? -1, stdout: '', stderr })),
  );
}

const fullLine = 'Cannot write /dev/full: the disk is full';

describe.runIf(existsSync('/dev/full'))('standard output on a full disk', () => {
  for (const args of [
    ['version', '--json'],
    ['batches', '--json'],
    ['report', '--json'],
  ]) {
    it(`dcdesk ${args.join(' ')}: one line saying so, exit 1`, async () => {
      const run = await toFullDisk(args);
      expect(run.stderr).not.toMatch(/\n\s+at /);
      expect(run.stderr).toContain(fullLine);
      expect(run.code, run.stderr).toBe(1);
    });
  }

  it('dcdesk bulk --output -: says so, with how to write the stored results elsewhere', async () => {
    writeTransactionsCsv(work.file('in.csv'), 20);
    expect(readFileSync(work.file('in.csv')).length).toBeGreaterThan(0);
    const run = await toFullDisk(
      ['bulk', '-', '--output', '-', '--format', 'csv', '--base-url', sandbox.url],
      work.file('in.csv'),
    );
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.stderr).toContain(fullLine);
    expect(run.stderr).toMatch(
      /write them to another file with: dcdesk bulk --resume \S+ --output/,
    );
    expect(run.code, run.stderr).toBe(1);
  }, 30_000);
});
