import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { runBin } from '../support/cli';
import { tempDir, writeTransactionsCsv } from '../support/files';

// The installed entry point (`node scripts/build.mjs cli` first), as a script in a pipeline sees it.
let sandbox: SandboxHandle;
const work = tempDir('dcdesk-cli-bulk-stdio-');
beforeAll(async () => (sandbox = await startSandbox()));
afterAll(async () => {
  await sandbox.close();
  work.remove();
});

const target = () => ['--data-dir', work.dir, '--base-url', sandbox.url];

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
