import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../electron/cli/run';
import { scriptedInput } from '../../electron/cli/terminal-input';
import type { Io, StopCause } from '../../electron/cli/io';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { tempDir, writeTransactionsCsv } from '../support/files';

/**
 * A big file is stored slice by slice while its answers come in. Stopped before its last rows are
 * stored, dcdesk stores them first: the command to resume it is said once they are, and a second
 * stop meanwhile says what the next one would do (end dcdesk, the batch then needing its file).
 */
let sandbox: SandboxHandle;
const work = tempDir('dcdesk-cli-stop-storing-');
beforeAll(async () => {
  sandbox = await startSandbox();
  sandbox.configure({ latencyMs: 300 });
});
afterAll(async () => {
  await sandbox.close();
  work.remove();
});

describe('dcdesk bulk stopped while its rows are being stored', () => {
  it('says the resume command only once they are stored, and answers a second stop', async () => {
    const input = work.file('big.csv');
    writeTransactionsCsv(input, 60_000);
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
    const dataDir = work.file('data');
    const output = work.file('big.json');
    sandbox.resetCounters();
    const running = runCli(
      ['bulk', input, '-o', output, '--base-url', sandbox.url, '--data-dir', dataDir],
      io,
    );
    while (sandbox.counters().insights < 1) await new Promise((done) => setTimeout(done, 10));
    stop('SIGTERM');
    while (!err.some((line) => line.includes('storing the last rows')))
      await new Promise((done) => setTimeout(done, 5));
    stopNow();
    const code = await running;
    const text = err.join('\n');
    expect(code, text).toBe(5);
    const storing = err.findIndex((line) => line.includes('storing the last rows'));
    const second = err.findIndex((line) => line.includes('still storing the last rows'));
    const resume = err.findIndex((line) => line.includes('resume it with: dcdesk bulk --resume'));
    expect(storing, text).toBeGreaterThanOrEqual(0);
    // The first notice says what stopping now costs: the batch then resumes only with its file.
    expect(err[storing]).toMatch(
      /a third SIGTERM ends dcdesk now: the batch then resumes only with its file: dcdesk bulk --resume \S+ \S+big\.csv --output \S+big\.json/,
    );
    expect(second, text).toBeGreaterThan(storing);
    expect(err[second]).toContain('the next SIGTERM ends dcdesk now');
    expect(resume, text).toBeGreaterThan(second);
    // Every row stored: the resume command needs no file.
    expect(err[resume]).not.toContain('big.csv');
    expect(text).toContain('of 60,000 rows done');
  }, 60_000);
});
