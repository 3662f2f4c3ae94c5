import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { runBin } from '../support/cli';
import { tempDir, writeTransactionsCsv } from '../support/files';

/**
 * Processes sharing the history wait for its lock instead of failing with "database is locked"
 * (README): another process (here a plain SQLite connection, as a second dcdesk or the app
 * writing) holds the write lock longer than the 5 s busy timeout. Built CLI (`node
 * scripts/build.mjs cli`), so the lock holder is another process, as it is for the analyst.
 */
let sandbox: SandboxHandle;
const work = tempDir('dcdesk-cli-lock-');
beforeAll(async () => (sandbox = await startSandbox()));
afterAll(async () => {
  await sandbox.close();
  work.remove();
});

/** Holds the history's write lock from another process for `ms`; resolves once it holds it. */
async function holdLock(dataDir: string, ms: number): Promise<{ released: Promise<void> }> {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const Database = require('better-sqlite3');
       const db = new Database(process.argv[1]);
       db.exec('BEGIN IMMEDIATE');
       console.log('held');
       setTimeout(() => { db.exec('COMMIT'); db.close(); }, Number(process.argv[2]));`,
      `${dataDir}/history.sqlite3`,
      String(ms),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const released = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', () => resolve());
    child.once('exit', (code) => reject(new Error(`the lock holder exited (${String(code)})`)));
  });
  return { released };
}

describe('the history locked by another process longer than the busy timeout', () => {
  it('does not stop a bulk run: its writes wait, and the batch finishes', async () => {
    const dataDir = work.file('bulk');
    writeTransactionsCsv(work.file('bulk.csv'), 300);
    sandbox.configure({ latencyMs: 40 });
    sandbox.resetCounters();
    const running = runBin(
      [
        'bulk',
        work.file('bulk.csv'),
        '-o',
        work.file('bulk.json'),
        '--json',
        '--base-url',
        sandbox.url,
        '--concurrency',
        '4',
      ],
      { DCDESK_DATA_DIR: dataDir },
    );
    while (sandbox.counters().insights < 20) await new Promise((done) => setTimeout(done, 10));
    const lock = await holdLock(dataDir, 6_500);
    const run = await running;
    await lock.released;
    sandbox.configure({ latencyMs: 0 });
    expect(run.stderr).not.toContain('database is locked');
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ state: 'finished', total: 300 });
  }, 60_000);

  it('lets a command that only reads go on at once (the opening purge waits for a free lock)', async () => {
    const dataDir = work.file('read');
    expect((await runBin(['batches'], { DCDESK_DATA_DIR: dataDir })).code).toBe(0);
    const lock = await holdLock(dataDir, 8_000);
    const started = Date.now();
    const run = await runBin(['batches', '--json'], { DCDESK_DATA_DIR: dataDir });
    const took = Date.now() - started;
    await lock.released;
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe('[]\n');
    expect(took).toBeLessThan(4_000);
  }, 30_000);

  it('says who holds the lock when a write cannot wait any longer, exit 2', async () => {
    const dataDir = work.file('write');
    expect((await runBin(['batches'], { DCDESK_DATA_DIR: dataDir })).code).toBe(0);
    const lock = await holdLock(dataDir, 12_000);
    const run = await runBin(['settings', 'set', 'retentionDays', '30'], {
      DCDESK_DATA_DIR: dataDir,
    });
    await lock.released;
    expect(run.stderr).not.toContain('database is locked');
    expect(run.stderr).toContain('another dcdesk or the app is writing the history');
    expect(run.code, run.stderr).toBe(2);
  }, 30_000);

  it('makes a new history once when commands start together on a new folder: no copy, no "upgraded"', async () => {
    for (const round of [1, 2, 3]) {
      const dataDir = work.file(`new-${String(round)}`);
      const env = { DCDESK_DATA_DIR: dataDir };
      const runs = await Promise.all(
        [['batches'], ['batches'], ['settings']].map((args) => runBin(args, env)),
      );
      for (const run of runs) {
        expect(run.code, run.stderr).toBe(0);
        expect(run.stderr).not.toContain('upgraded');
      }
      expect(readdirSync(dataDir).filter((name) => name.startsWith('history.before-'))).toEqual([]);
    }
  }, 60_000);
});
