import Database from 'better-sqlite3';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Io } from '../../electron/cli/io';
import { runCli } from '../../electron/cli/run';
import { scriptedInput } from '../../electron/cli/terminal-input';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { dcdesk } from '../support/cli';
import { tempDir, writeTransactionsCsv } from '../support/files';

/** `dcdesk purge --batch ID`: one batch deleted, asked first, as `--cpf` asks. */
let sandbox: SandboxHandle;
const work = tempDir('dcdesk-cli-purge-batch-');
let batchId = '';
beforeAll(async () => {
  sandbox = await startSandbox();
  writeTransactionsCsv(work.file('pedidos.csv'), 3);
  const flags = ['--data-dir', work.dir, '--base-url', sandbox.url];
  for (const output of ['a.csv', 'b.csv']) {
    const bulk = await dcdesk([
      'bulk',
      work.file('pedidos.csv'),
      '--output',
      work.file(output),
      ...flags,
    ]);
    expect(bulk.code).toBe(0);
  }
  const listed = await dcdesk(['batches', '--json', '--data-dir', work.dir]);
  batchId = (JSON.parse(listed.stdout) as Array<{ id: string }>)[0]?.id ?? '';
});
afterAll(async () => {
  await sandbox.close();
  work.remove();
});

function batchCount(): number {
  const db = new Database(path.join(work.dir, 'history.sqlite3'), { readonly: true });
  try {
    return db.prepare('SELECT COUNT(*) FROM batches').pluck().get() as number;
  } finally {
    db.close();
  }
}

async function onTerminal(argv: string[], answer: string) {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = {
    out: (text) => out.push(text),
    err: (text) => err.push(text),
    env: {},
    isTerminal: true,
    stopped: new Promise(() => undefined),
    ...scriptedInput(answer),
    stdinIsTerminal: true,
  };
  const code = await runCli(argv, io);
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

describe('dcdesk purge --batch', () => {
  it('--dry-run says what would go and deletes nothing', async () => {
    const run = await dcdesk(['purge', '--batch', batchId, '--dry-run', '--data-dir', work.dir]);
    expect(run).toMatchObject({
      code: 0,
      stdout: `Would delete batch ${batchId}: 3 rows with their answers.`,
    });
    const json = await dcdesk([
      'purge',
      '--batch',
      batchId,
      '--dry-run',
      '--json',
      '--data-dir',
      work.dir,
    ]);
    expect(JSON.parse(json.stdout)).toEqual({
      batchId,
      rows: 3,
      outcomes: 0,
      shared: 0,
      copies: 0,
      dryRun: true,
    });
    expect(batchCount()).toBe(2);
  });

  it('deletes nothing without a terminal or --yes, nor when the analyst says no', async () => {
    const run = await dcdesk(['purge', '--batch', batchId, '--data-dir', work.dir]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Nothing deleted. Pass --yes');
    const no = await onTerminal(['purge', '--batch', batchId, '--data-dir', work.dir], 'n');
    expect(no.code).toBe(2);
    expect(batchCount()).toBe(2);
  });

  it('says there is no such batch', async () => {
    const run = await dcdesk(['purge', '--batch', 'b-nope', '--yes', '--data-dir', work.dir]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('There is no batch b-nope in this history');
  });

  it('refuses an empty batch ID as a usage mistake', async () => {
    const run = await dcdesk(['purge', '--batch', '', '--yes', '--data-dir', work.dir]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--batch needs a batch ID; it was given empty');
  });

  it('refuses two ways of purging at once', async () => {
    const run = await dcdesk([
      'purge',
      '--batch',
      batchId,
      '--older-than',
      '5',
      '--data-dir',
      work.dir,
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('not --batch and --older-than');
  });

  it('deletes the batch once the analyst says yes', async () => {
    const yes = await onTerminal(['purge', '--batch', batchId, '--data-dir', work.dir], 's');
    expect(yes).toMatchObject({
      code: 0,
      stdout: `Deleted batch ${batchId}: 3 rows with their answers.`,
    });
    expect(batchCount()).toBe(1);
  });
});
