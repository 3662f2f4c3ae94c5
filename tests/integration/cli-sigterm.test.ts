import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../electron/cli/run';
import { scriptedInput } from '../../electron/cli/terminal-input';
import type { Io, StopCause } from '../../electron/cli/io';
import { batchesRepo } from '../../electron/core/store/batches.repo';
import { openHistory } from '../../electron/core/store/db';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { dcdesk } from '../support/cli';
import { tempDir, writeTransactionsCsv } from '../support/files';

/**
 * A batch that dcdesk pauses because it was told to stop (SIGTERM from a service manager or
 * `timeout`, or its reader closing standard output) is not one the analyst paused: it is stored
 * as interrupted, so the app offers to resume it and `dcdesk batches` lists it so.
 */
let sandbox: SandboxHandle;
const work = tempDir('dcdesk-cli-sigterm-');
beforeAll(async () => {
  sandbox = await startSandbox();
  sandbox.configure({ latencyMs: 300 });
});
afterAll(async () => {
  await sandbox.close();
  work.remove();
});

/** Runs dcdesk bulk in this process and stops it with `cause` once the first request is out. */
async function stoppedRun(cause: StopCause, name: string, twice = false) {
  writeTransactionsCsv(work.file(`${name}.csv`), 20);
  let stop: (cause: StopCause) => void = () => undefined;
  let stopNow: () => void = () => undefined;
  const err: string[] = [];
  const io: Io = {
    out: () => undefined,
    err: (text) => err.push(text),
    env: {},
    isTerminal: false,
    stopped: new Promise((resolve) => (stop = resolve)),
    stoppedNow: new Promise((resolve) => (stopNow = resolve)),
    ...scriptedInput(''),
  };
  const dataDir = work.file(name);
  const args = ['bulk', work.file(`${name}.csv`), '-o', work.file(`${name}.json`)];
  const running = runCli(
    [...args, '--base-url', sandbox.url, '--concurrency', '2', '--data-dir', dataDir],
    io,
  );
  sandbox.resetCounters();
  while (sandbox.counters().insights < 1) await new Promise((done) => setTimeout(done, 10));
  stop(cause);
  if (twice) stopNow();
  const code = await running;
  const opened = await openHistory(dataDir);
  if (!opened.ok) throw new Error(opened.error.message);
  const [batch] = batchesRepo(opened.value.db).list();
  opened.value.close();
  const listed = await dcdesk(['batches', '--json', '--data-dir', dataDir]);
  const [shown] = JSON.parse(listed.stdout) as Array<{ state: string }>;
  return { code, stderr: err.join('\n'), batch, shown };
}

describe('dcdesk bulk told to stop', () => {
  it('by SIGTERM: the batch pauses as interrupted, with why', async () => {
    const run = await stoppedRun('SIGTERM', 'term');
    expect(run.code, run.stderr).toBe(5);
    expect(run.stderr).toContain(
      'dcdesk: stopped by a signal (SIGTERM): stopping the batch (it is kept as interrupted)',
    );
    expect(run.batch).toMatchObject({
      state: 'paused',
      pauseReason: 'interrupted',
      pauseMessage: 'Stopped by a signal (SIGTERM).',
    });
    expect(run.shown?.state).toBe('interrupted');
  });

  it('by its reader closing standard output: the same', async () => {
    const run = await stoppedRun('output closed', 'closed');
    expect(run.code, run.stderr).toBe(5);
    expect(run.batch).toMatchObject({
      pauseReason: 'interrupted',
      pauseMessage: 'Standard output was closed before the end.',
    });
  });

  it('by Ctrl+C: the analyst paused it', async () => {
    const run = await stoppedRun('SIGINT', 'ctrl-c');
    expect(run.code, run.stderr).toBe(5);
    expect(run.batch).toMatchObject({
      pauseReason: 'user',
      pauseMessage: 'Paused by the analyst.',
    });
    expect(run.shown?.state).toBe('paused');
  });

  // The second stop abandons the requests in flight; the first one's reason is what is kept.
  it('twice: Ctrl+C stays the analyst’s pause, SIGTERM an interruption', async () => {
    const keys = await stoppedRun('SIGINT', 'ctrl-c-twice', true);
    expect(keys.code, keys.stderr).toBe(5);
    expect(keys.batch).toMatchObject({
      pauseReason: 'user',
      pauseMessage: 'Paused by the analyst.',
    });
    const signals = await stoppedRun('SIGTERM', 'term-twice', true);
    expect(signals.code, signals.stderr).toBe(5);
    expect(signals.batch).toMatchObject({
      pauseReason: 'interrupted',
      pauseMessage: 'Stopped by a signal (SIGTERM).',
    });
  });
});
