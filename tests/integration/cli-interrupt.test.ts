import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { binPath, dcdesk } from '../support/cli';
import { tempDir, writeTransactionsCsv } from '../support/files';
import { sampleTransaction } from '../support/transactions';

let sandbox: SandboxHandle;
const work = tempDir('dcdesk-cli-interrupt-');
beforeAll(async () => {
  sandbox = await startSandbox();
  // Slow enough that the requests in flight are still out when Ctrl+C comes.
  sandbox.configure({ latencyMs: 20_000 });
});
afterAll(async () => {
  await sandbox.close();
  work.remove();
});

/** Resolves once `text` has appeared in what the child wrote so far. */
async function waitFor(output: () => string, text: string | RegExp): Promise<void> {
  for (let waited = 0; waited < 15_000; waited += 50) {
    if (typeof text === 'string' ? output().includes(text) : text.test(output())) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`'${String(text)}' never came; got: ${output()}`);
}

describe('Ctrl+C during dcdesk bulk', () => {
  it('says at once that it is pausing; a second Ctrl+C stops the requests in flight, exit 5', async () => {
    writeTransactionsCsv(work.file('slow.csv'), 8);
    const child = spawn(
      process.execPath,
      [
        binPath,
        'bulk',
        work.file('slow.csv'),
        '--output',
        work.file('slow.json'),
        '--base-url',
        sandbox.url,
        '--concurrency',
        '2',
        '--data-dir',
        work.dir,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = once(child, 'exit') as Promise<[number | null, string | null]>;
    await waitFor(() => stderr, 'stored; sending to');
    // Both slots' requests have reached the service (they wait there 20 s). Before that, a
    // pause has nothing to wait for: the run ends at once, and a second Ctrl+C would come while
    // the process exits, when Node no longer handles it (killed by SIGINT, exit code null).
    for (let waited = 0; sandbox.counters().insights < 2; waited += 20) {
      if (waited > 15_000) throw new Error(`the requests never came; got: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    child.kill('SIGINT');
    await waitFor(() => stderr, /pausing/i);
    expect(stderr).toMatch(/Ctrl\+C again/);

    const started = Date.now();
    child.kill('SIGINT');
    const [code] = await exited;
    expect(code, stderr).toBe(5);
    // Well before the 20 s the requests in flight would take.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(stderr).toMatch(/resume it with: dcdesk bulk --resume \S+/);

    const listed = await dcdesk(['batches', '--json', '--data-dir', work.dir]);
    const [batch] = JSON.parse(listed.stdout) as Array<{ state: string; counts: { done: number } }>;
    expect(batch?.state).toMatch(/paused|interrupted/);
  });

  it('ends another command at once on Ctrl+C, with the shell code 130', async () => {
    const lookupData = work.file('lookup-data');
    const child = spawn(
      process.execPath,
      [
        binPath,
        'lookup',
        '--session-id',
        sampleTransaction(3).sessionID,
        '--external-id',
        sampleTransaction(3).externalID,
        '--base-url',
        sandbox.url,
        '--data-dir',
        lookupData,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const exited = once(child, 'exit') as Promise<[number | null, string | null]>;
    // Its history exists once the handlers are in place and the lookup is on its way.
    await waitFor(
      () => (existsSync(path.join(lookupData, 'history.sqlite3')) ? 'open' : ''),
      'open',
    );
    child.kill('SIGINT');
    const [code] = await exited;
    expect(code).toBe(130);
  });
});

describe('the exit code of a command stopped by a signal', () => {
  it('is in the README exit-code table and in the help of upload, the command it matters most to', async () => {
    const readme = readFileSync(path.join(__dirname, '../../README.md'), 'utf8');
    expect(readme).toMatch(/^\| 130 \| .*Ctrl\+C/m);
    expect(readme).toMatch(/^\| 143 \| .*SIGTERM/m);
    const help = await dcdesk(['upload', '--help']);
    expect(help.stdout).toMatch(/130 stopped by Ctrl\+C/);
  });
});
