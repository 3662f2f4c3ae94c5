import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { binPath, runBin } from '../support/cli';
import { tempDir, writeTransactionsCsv } from '../support/files';
import { holdHistoryLock } from '../support/history-lock';

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

/** Resolves once `text` has appeared in what the child wrote so far; when it did. */
async function waitFor(output: () => string, text: RegExp, limitMs = 15_000): Promise<number> {
  for (let waited = 0; waited < limitMs; waited += 20) {
    if (text.test(output())) return Date.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`'${String(text)}' never came; got: ${output()}`);
}

const waiting = /dcdesk: waiting for another process that is writing the history/;
const goingOn = /dcdesk: the other process is done writing the history: going on\./;

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
    const lock = await holdHistoryLock(dataDir, 6_500);
    const run = await running;
    await lock.released;
    sandbox.configure({ latencyMs: 0 });
    expect(run.stderr).not.toContain('database is locked');
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ state: 'finished', total: 300 });
  }, 60_000);

  it('says a bulk run waits for it and when it goes on; Ctrl+C meanwhile pauses at once, no row lost', async () => {
    const dataDir = work.file('bulk-wait');
    writeTransactionsCsv(work.file('wait.csv'), 300);
    sandbox.configure({ latencyMs: 40 });
    sandbox.resetCounters();
    const output = work.file('wait.json');
    const child = spawn(
      process.execPath,
      [binPath, 'bulk', work.file('wait.csv'), '-o', output, '--base-url', sandbox.url],
      { env: { PATH: process.env.PATH, DCDESK_DATA_DIR: dataDir }, stdio: 'pipe' },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = once(child, 'exit') as Promise<[number | null]>;
    while (sandbox.counters().insights < 20) await new Promise((done) => setTimeout(done, 10));
    const lock = await holdHistoryLock(dataDir, 9_000);

    // Said after the first busy timeout (5 s), not at the first sign of the lock.
    const saidAt = await waitFor(() => stderr, waiting);
    expect(saidAt - lock.heldAt).toBeGreaterThan(4_500);
    // Ctrl+C is heard while the run waits: its thread is never held longer than an attempt.
    child.kill('SIGINT');
    const askedAt = Date.now();
    expect((await waitFor(() => stderr, /dcdesk: pausing/)) - askedAt).toBeLessThan(1_000);
    const [code] = await exited;
    await lock.released;
    expect(code, stderr).toBe(5);
    // Paused meanwhile: the run does not go on, it stores what it received, then pauses.
    const pausesAfter =
      /dcdesk: the other process is done writing the history: storing the answers received, then pausing\./;
    expect(stderr.search(pausesAfter), stderr).toBeGreaterThan(stderr.search(waiting));
    expect(stderr).not.toMatch(goingOn);

    // The answers received while the history was locked were kept: the resumed batch sends each
    // row once, and none is missing.
    const batchId = /--resume (\S+)/.exec(stderr)?.[1] ?? '';
    const resumed = await runBin(['bulk', '--resume', batchId, '-o', output], {
      DCDESK_DATA_DIR: dataDir,
    });
    sandbox.configure({ latencyMs: 0 });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(JSON.parse(readFileSync(output, 'utf8'))).toHaveLength(300);
    const sent = Object.values(sandbox.counters().perExternalId);
    expect(sent).toHaveLength(300);
    expect(sent.every((times) => times === 1)).toBe(true);
  }, 60_000);

  it('ends at the third Ctrl+C with 130, no crash, while its writes wait; the pausing line says why it waits', async () => {
    const dataDir = work.file('bulk-third');
    writeTransactionsCsv(work.file('third.csv'), 20);
    sandbox.configure({ latencyMs: 2_000 });
    sandbox.resetCounters();
    const output = work.file('third.json');
    const args = ['bulk', work.file('third.csv'), '-o', output, '--base-url', sandbox.url];
    const child = spawn(process.execPath, [binPath, ...args, '--concurrency', '2'], {
      env: { PATH: process.env.PATH, DCDESK_DATA_DIR: dataDir },
      stdio: 'pipe',
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = once(child, 'exit') as Promise<[number | null]>;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const lock = await holdHistoryLock(dataDir, 20_000);
    await waitFor(() => stderr, waiting);

    // Each Ctrl+C comes while the run's writes wait for the lock (its threads poll it).
    const pause = () => new Promise((resolve) => setTimeout(resolve, 3_000));
    child.kill('SIGINT');
    await waitFor(() => stderr, /dcdesk: pausing/);
    await pause();
    child.kill('SIGINT');
    await pause();
    child.kill('SIGINT');
    const [code] = await exited;
    expect(stderr).not.toMatch(/FATAL|Aborted|ToLocalChecked/);
    expect(code, stderr).toBe(130);
    expect(stderr).not.toContain('waiting for the requests in flight to finish');
    expect(stderr).toContain(
      'dcdesk: pausing: waiting for the other process that is writing the history to finish, to store the answers received',
    );
    expect(stderr).toContain(
      'dcdesk: stopping the requests in flight; still waiting for the other process that is writing the history to finish, to store the answers received (Ctrl+C again to stop now: answers not stored are asked again with --resume).',
    );

    // As the lines say: the answers not stored are asked again, and the batch ends whole.
    await lock.released;
    sandbox.configure({ latencyMs: 0 });
    const batches = JSON.parse(
      (await runBin(['batches', '--json'], { DCDESK_DATA_DIR: dataDir })).stdout,
    ) as { id: string }[];
    expect(batches).toHaveLength(1);
    const resumed = await runBin(['bulk', '--resume', batches[0]?.id ?? '', '-o', output], {
      DCDESK_DATA_DIR: dataDir,
    });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(JSON.parse(readFileSync(output, 'utf8'))).toHaveLength(20);
    expect(Object.keys(sandbox.counters().perExternalId)).toHaveLength(20);
  }, 90_000);

  it('says anew what a pausing run waits for once the lock is held after its Ctrl+C line', async () => {
    const dataDir = work.file('bulk-later');
    writeTransactionsCsv(work.file('later.csv'), 20);
    sandbox.configure({ latencyMs: 2_500 });
    const output = work.file('later.json');
    const args = ['bulk', work.file('later.csv'), '-o', output, '--base-url', sandbox.url];
    const child = spawn(process.execPath, [binPath, ...args, '--concurrency', '2'], {
      env: { PATH: process.env.PATH, DCDESK_DATA_DIR: dataDir },
      stdio: 'pipe',
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = once(child, 'exit') as Promise<[number | null]>;
    await waitFor(() => stderr, /dcdesk: batch /);
    await new Promise((resolve) => setTimeout(resolve, 800));
    // Ctrl+C while two requests fly and nothing holds the history: the line speaks of them.
    child.kill('SIGINT');
    await waitFor(() => stderr, /dcdesk: pausing: waiting for the requests in flight to finish/);
    // Their answers come while another process holds the lock past the busy timeout.
    const lock = await holdHistoryLock(dataDir, 8_000);
    await waitFor(() => stderr, /still pausing/);
    const [code] = await exited;
    await lock.released;
    sandbox.configure({ latencyMs: 0 });
    expect(code, stderr).toBe(5);
    expect(stderr).toContain(
      'dcdesk: still pausing: now waiting for the other process that is writing the history to finish, to store the answers received (Ctrl+C again stops the requests in flight, a third time stops now: answers not stored are asked again with --resume).',
    );
    expect(stderr).toContain(
      'dcdesk: the other process is done writing the history: storing the answers received, then pausing.',
    );
    // No line offers the pause already asked for.
    expect(stderr).not.toContain('Ctrl+C still pauses the batch');
  }, 60_000);

  it('lets a command that only reads go on at once (the opening purge waits for a free lock)', async () => {
    const dataDir = work.file('read');
    expect((await runBin(['batches'], { DCDESK_DATA_DIR: dataDir })).code).toBe(0);
    const lock = await holdHistoryLock(dataDir, 8_000);
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
    const lock = await holdHistoryLock(dataDir, 12_000);
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
