import { execFileSync } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { dcdesk } from '../support/cli';
import { tempDir, writeTransactionsCsv } from '../support/files';

// `dcdesk bulk <(…)`, a mkfifo file, /dev/stdin: files that report no size and cannot be read at
// a position. Node refused them with ESPIPE before; they are read as they come, like `-`.
let sandbox: SandboxHandle;
const work = tempDir('dcdesk-cli-pipe-files-');
beforeAll(async () => (sandbox = await startSandbox()));
afterAll(async () => {
  await sandbox.close();
  work.remove();
});

/** A named pipe that `bytes` are written into once dcdesk opens it. */
function fifoWith(name: string, bytes: Buffer | string): string {
  const file = work.file(name);
  execFileSync('mkfifo', [file]);
  createWriteStream(file)
    .on('error', () => undefined)
    .end(bytes);
  return file;
}

// Skipped on Windows only, which has no mkfifo or /dev/zero: there, dcdesk reading a named pipe
// or a device is not proven.
const noFifos = process.platform === 'win32';
if (noFifos)
  console.warn('Skipping the pipe and device inputs: Windows has no mkfifo or /dev/zero.');
describe.skipIf(noFifos)('input files that are pipes or devices', () => {
  it('dcdesk bulk reads a named pipe', async () => {
    writeTransactionsCsv(work.file('rows.csv'), 3);
    const run = await dcdesk([
      'bulk',
      fifoWith('piped.csv', readFileSync(work.file('rows.csv'))),
      '--output',
      work.file('out.json'),
      '--data-dir',
      work.dir,
      '--base-url',
      sandbox.url,
    ]);
    expect(run.stderr).not.toContain('ESPIPE');
    expect([0, 4], run.stderr).toContain(run.code);
    const rows = JSON.parse(readFileSync(work.file('out.json'), 'utf8')) as unknown[];
    expect(rows).toHaveLength(3);
  });

  it('dcdesk outcomes import reads a named pipe', async () => {
    const run = await dcdesk([
      'outcomes',
      'import',
      fifoWith('outcomes.csv', 'ID Transacional,Resultado\next-s0,Suspeito\n'),
      '--dry-run',
      '--data-dir',
      work.dir,
    ]);
    expect(run.stderr).not.toContain('ESPIPE');
    expect(run.stderr).not.toMatch(/Cannot read/);
  });

  it('dcdesk bulk refuses a device that never ends as over the limit, not by a made-up size', async () => {
    const run = await dcdesk([
      'bulk',
      '/dev/zero',
      '--output',
      work.file('zero.json'),
      '--data-dir',
      work.dir,
    ]);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toMatch(/zero: The file is over 256 MB; the limit is 256 MB/);
  });
});
