import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaseSize } from '../../electron/core/bulk/runner';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { binPath, runBin, type CliRun } from '../support/cli';
import { tempDir, writeTransactionsCsv } from '../support/files';

const rows = 1500;
const concurrency = 8;
let sandbox: SandboxHandle;
const work = tempDir('dcdesk-lease-');

beforeAll(async () => {
  // A little latency so a run lasts long enough for a second process to meet it.
  sandbox = await startSandbox({ latencyMs: 5 });
  writeTransactionsCsv(work.file('input.csv'), rows);
});
afterAll(async () => {
  await sandbox.close();
  work.remove();
});

function bulkArgs(dataDir: string, ...extra: string[]): string[] {
  // The output goes beside the history; dcdesk checks its folder exists before storing anything.
  mkdirSync(dataDir, { recursive: true });
  return [
    'bulk',
    ...extra,
    '--output',
    path.join(dataDir, `out-${String(Math.random()).slice(2)}.json`),
    '--data-dir',
    dataDir,
    '--env',
    'sandbox',
    '--base-url',
    sandbox.url,
    '--concurrency',
    String(concurrency),
  ];
}

/** Spawns the installed dcdesk and collects how it ended. */
function start(args: string[]): { child: ChildProcess; done: Promise<CliRun> } {
  const child = spawn(process.execPath, [binPath, ...args], {
    env: { PATH: process.env.PATH },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const done = once(child, 'close').then(([code]) => ({
    code: (code as number | null) ?? -1,
    stdout,
    stderr,
  }));
  return { child, done };
}

/** Polls until the sandbox has answered `count` more lookups, failing if `child` ends first. */
async function sandboxSaw(count: number, child: ChildProcess): Promise<void> {
  const target = sandbox.counters().insights + count;
  while (sandbox.counters().insights < target) {
    if (child.exitCode !== null) throw new Error(`dcdesk ended with ${String(child.exitCode)}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function onlyBatch(dataDir: string): string {
  const db = new Database(path.join(dataDir, 'history.sqlite3'), { readonly: true });
  try {
    return db.prepare('SELECT id FROM batches').pluck().get() as string;
  } finally {
    db.close();
  }
}

async function listed(dataDir: string): Promise<Array<{ id: string; state: string }>> {
  const run = await runBin(['batches', '--json', '--data-dir', dataDir]);
  return JSON.parse(run.stdout) as Array<{ id: string; state: string }>;
}

describe('one runner per batch across processes', () => {
  it('refuses a second runner with exit code 2, and the service gets each row once', async () => {
    const dataDir = path.join(work.dir, 'two');
    sandbox.resetCounters();
    const owner = start(bulkArgs(dataDir, work.file('input.csv')));
    await sandboxSaw(100, owner.child);
    const id = onlyBatch(dataDir);

    const second = await runBin(bulkArgs(dataDir, '--resume', id));
    expect(second.code, second.stderr).toBe(2);
    expect(second.stderr).toMatch(
      new RegExp(`Batch ${id} is being run by another process \\(pid ${String(owner.child.pid)} `),
    );
    expect(await listed(dataDir)).toMatchObject([{ id, state: 'running' }]);

    const first = await owner.done;
    expect(first.code, first.stderr).toBe(0);
    const sent = Object.values(sandbox.counters().perExternalId);
    expect(sent).toHaveLength(rows);
    expect(sent.every((times) => times === 1)).toBe(true);
  }, 120_000);

  it('shows a killed runner as interrupted, and the next resume takes over at once', async () => {
    const dataDir = path.join(work.dir, 'killed');
    sandbox.resetCounters();
    const owner = start(bulkArgs(dataDir, work.file('input.csv')));
    await sandboxSaw(200, owner.child);
    owner.child.kill('SIGKILL');
    await owner.done;
    const id = onlyBatch(dataDir);
    expect(await listed(dataDir)).toMatchObject([{ id, state: 'interrupted' }]);

    const resumed = await runBin(bulkArgs(dataDir, '--resume', id));
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(await listed(dataDir)).toMatchObject([{ id, state: 'finished' }]);
    const sent = Object.values(sandbox.counters().perExternalId);
    expect(sent).toHaveLength(rows);
    // Only the rows in flight at the kill can have gone twice: those in a slot and those finished
    // since the last group commit (the runner's bound, leaseSize).
    expect(sent.reduce((extra, times) => extra + times - 1, 0)).toBeLessThanOrEqual(
      leaseSize(concurrency),
    );
  }, 120_000);

  it('lets four processes share one history without "database is locked"', async () => {
    const dataDir = path.join(work.dir, 'four');
    const runs = Array.from(
      { length: 4 },
      () => start(bulkArgs(dataDir, work.file('input.csv'))).done,
    );
    const ended = await Promise.all(runs);
    for (const run of ended) {
      expect(run.stderr).not.toMatch(/locked|busy/i);
      expect(run.code, run.stderr).toBe(0);
    }
    const batches = await listed(dataDir);
    expect(batches).toHaveLength(4);
    expect(batches.every((batch) => batch.state === 'finished')).toBe(true);
  }, 180_000);
});
