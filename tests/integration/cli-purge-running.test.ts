import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { binPath, dcdesk } from '../support/cli';
import { tempDir, writeTransactionsCsv } from '../support/files';

/**
 * The outside tester's reproduction: a bulk that has been running for days (its batch older than
 * the retention) while the analyst runs `dcdesk batches`, which purges at every start, from
 * another process. The purge used to delete the running batch; the run then lost its answers.
 */
const rows = 300;
let sandbox: SandboxHandle;
const work = tempDir('dcdesk-purge-running-');
beforeAll(async () => {
  // Slow enough that the run lasts a few seconds, long enough for the second process to meet it.
  sandbox = await startSandbox({ latencyMs: 20 });
  writeTransactionsCsv(work.file('input.csv'), rows);
});
afterAll(async () => {
  await sandbox.close();
  work.remove();
});

/** Makes every batch look created two days ago, as a long run's batch is. */
function ageBatches(dataDir: string): void {
  const db = new Database(path.join(dataDir, 'history.sqlite3'), { timeout: 10_000 });
  try {
    db.prepare(
      "UPDATE batches SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-2 days')",
    ).run();
  } finally {
    db.close();
  }
}

describe('a purge from another process while dcdesk bulk runs', () => {
  it('keeps the running batch, says so, and the run ends with every row', async () => {
    const dataDir = work.file('data');
    const output = work.file('out.csv');
    const set = await dcdesk(['settings', 'set', 'retentionDays', '1', '--data-dir', dataDir]);
    expect(set.code, set.stderr).toBe(0);
    sandbox.resetCounters();
    const bulk = ['bulk', work.file('input.csv'), '--output', output, '--data-dir', dataDir];
    const child = spawn(
      process.execPath,
      [binPath, ...bulk, '--env', 'sandbox', '--base-url', sandbox.url, '--concurrency', '2'],
      { env: { PATH: process.env.PATH }, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = once(child, 'close');
    while (sandbox.counters().insights < 30) {
      expect(child.exitCode, stderr).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    ageBatches(dataDir);

    // A listing opens the history, which purges what is past retention first.
    const listed = await dcdesk(['batches', '--json', '--data-dir', dataDir]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout)).toMatchObject([{ state: 'running' }]);
    const purged = await dcdesk(['purge', '--older-than', '1', '--data-dir', dataDir]);
    expect(purged.stdout).toBe(
      'Removed 0 batches (0 rows) older than 1 day.\nKept 1 older batch: running or unfinished (a batch finished or cancelled goes at the next purge; dcdesk batches lists them).',
    );

    const [code] = (await exited) as [number | null];
    expect(code, stderr).toBe(0);
    const lines = readFileSync(output, 'utf8').trim().split(/\r?\n/);
    expect(lines).toHaveLength(rows + 1);
    expect(Object.keys(sandbox.counters().perExternalId)).toHaveLength(rows);
  }, 30_000);

  it('a run whose batch was deleted under it says so, without a resume, and exits 1', async () => {
    const dataDir = work.file('deleted');
    sandbox.resetCounters();
    const bulk = dcdesk([
      'bulk',
      work.file('input.csv'),
      '--output',
      work.file('deleted.csv'),
      '--data-dir',
      dataDir,
      '--env',
      'sandbox',
      '--base-url',
      sandbox.url,
      '--concurrency',
      '2',
    ]);
    while (sandbox.counters().insights < 30) await new Promise((done) => setTimeout(done, 10));
    // Another program (an old build's purge, a script) deletes the batch outright.
    const db = new Database(path.join(dataDir, 'history.sqlite3'), { timeout: 10_000 });
    try {
      db.pragma('foreign_keys = ON');
      db.prepare('DELETE FROM batches').run();
    } finally {
      db.close();
    }
    const run = await bulk;
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toMatch(/the batch was deleted from the history while it ran/i);
    expect(run.stderr).not.toMatch(/took this batch over|resume it with/);
  }, 30_000);
});
