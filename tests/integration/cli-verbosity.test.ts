import { existsSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { dcdesk } from '../support/cli';
import { tempDir, writeTransactionsCsv } from '../support/files';
import { sampleTransaction } from '../support/transactions';

let sandbox: SandboxHandle;
const work = tempDir('dcdesk-cli-verbosity-');
beforeAll(async () => (sandbox = await startSandbox()));
afterAll(async () => {
  await sandbox.close();
  work.remove();
});

const target = () => ['--data-dir', work.dir, '--base-url', sandbox.url];

describe('dcdesk --quiet and --verbose', () => {
  it('prints notices on standard error by default and results only on standard output', async () => {
    writeTransactionsCsv(work.file('normal.csv'), 3);
    const run = await dcdesk([
      'bulk',
      work.file('normal.csv'),
      '--output',
      work.file('normal-out.json'),
      ...target(),
    ]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('rows from normal.csv');
    expect(run.stderr).toMatch(/wrote 3 rows to/);
    expect(run.stdout).toBe('');
  });

  it('--quiet leaves standard error empty when all went well, before or after the command', async () => {
    writeTransactionsCsv(work.file('quiet.csv'), 3);
    for (const argv of [
      ['bulk', work.file('quiet.csv'), '--output', work.file('quiet-out.json'), '--quiet'],
      ['-q', 'bulk', work.file('quiet.csv'), '--output', work.file('quiet-out2.json')],
    ]) {
      const run = await dcdesk([...argv, ...target()]);
      expect(run.code).toBe(0);
      expect(run.stderr).toBe('');
      expect(run.stdout).toBe('');
    }
    expect(existsSync(work.file('quiet-out2.json'))).toBe(true);
  });

  it('--quiet still says what went wrong with rows, and how to send them again', async () => {
    const good = sampleTransaction(1);
    writeFileSync(
      work.file('invalid.csv'),
      `externalID,sessionID,phone\n${good.externalID},${good.sessionID},\nX2,${good.sessionID},12345\n`,
    );
    const run = await dcdesk([
      'bulk',
      work.file('invalid.csv'),
      '--output',
      work.file('invalid-out.json'),
      '--quiet',
      ...target(),
    ]);
    expect(run.code).toBe(4);
    expect(run.stderr).toMatch(/invalid/);
    expect(run.stderr).not.toContain('rows from invalid.csv');
  });

  it('--verbose adds the data folder, the destination and the settings used', async () => {
    writeTransactionsCsv(work.file('verbose.csv'), 2);
    const run = await dcdesk([
      'bulk',
      work.file('verbose.csv'),
      '--output',
      work.file('verbose-out.json'),
      '--verbose',
      '--concurrency',
      '3',
      ...target(),
    ]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`data folder: ${work.dir}`);
    expect(run.stderr).toContain(`service: ${sandbox.url}`);
    expect(run.stderr).toMatch(/concurrency 3/);
    // The sandbox has its own fixed pair: the keychain is never read for it.
    expect(run.stderr).toContain(
      "credentials: the sandbox's own, nothing is read from the keychain",
    );
    expect(run.stdout).toBe('');
  });

  it('refuses --quiet with --verbose, and lists both in the help', async () => {
    const both = await dcdesk(['batches', '--quiet', '--verbose', '--data-dir', work.dir]);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/--quiet and --verbose/);
    const help = await dcdesk(['--help']);
    expect(help.stdout).toContain('--quiet');
    expect(help.stdout).toContain('--verbose');
  });

  it('suggests --quiet for a typo and completes both options in every shell', async () => {
    const typo = await dcdesk(['batches', '--quite', '--data-dir', work.dir]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain("did you mean '--quiet'?");
    const bash = await dcdesk(['completion', 'bash']);
    expect(bash.stdout).toContain('--verbose');
  });

  it('says options go after the command when they come first', async () => {
    const run = await dcdesk(['--data-dir', work.dir, 'batches']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `dcdesk: options go after the command: dcdesk batches --data-dir ${work.dir}`,
    );
  });

  it('passes -q through after -- as an ordinary argument', async () => {
    const run = await dcdesk(['lookup', '--', '-q', '--data-dir', work.dir]);
    expect(run.stderr).not.toMatch(/--quiet and --verbose/);
  });
});
