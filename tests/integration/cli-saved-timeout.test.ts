/**
 * The time limit per request that `dcdesk settings set timeoutMs` saves (the app's Settings too)
 * holds for every command that calls the service, as the installed `dcdesk` runs them; `--timeout`
 * wins over it. Before, only `bulk` read it: `auth`, `lookup` and `upload` waited 30 s a request
 * whatever was saved.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { runBin } from '../support/cli';
import { tempDir, writeTransactionsCsv } from '../support/files';
import { sampleTransaction } from '../support/transactions';

const work = tempDir('dcdesk-cli-saved-timeout-');
/** Lookups and uploads answered after 20 s: well past the saved 1 s, well within the default 30. */
let slow: SandboxHandle;
/** The sandbox never slows its token endpoint: this server takes sign-ins and never answers. */
const silent: Server = createServer((request) => request.resume());
let silentUrl = '';

const cli = (...args: string[]) => runBin([...args, '--data-dir', work.dir]);
const ids = () => {
  const transaction = sampleTransaction(1);
  return ['--session-id', transaction.sessionID, '--external-id', transaction.externalID];
};

beforeAll(async () => {
  slow = await startSandbox({ latencyMs: 20_000 });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentUrl = `http://127.0.0.1:${String((silent.address() as AddressInfo).port)}`;
  writeFileSync(
    work.file('casos.csv'),
    'ID Transacional,DeviceId,Resultado\r\norder-from-elsewhere,dev-never-seen,Suspeito\r\n',
  );
  writeTransactionsCsv(work.file('pedidos.csv'), 1);
  const saved = await cli('settings', 'set', 'timeoutMs', '1000');
  expect(saved.code, saved.stderr).toBe(0);
});
afterAll(async () => {
  silent.closeAllConnections();
  await new Promise((resolve) => silent.close(resolve));
  await slow.close();
  work.remove();
});

describe('the saved timeout setting', () => {
  it('limits the sign-in of dcdesk auth', async () => {
    const run = await cli('auth', '--base-url', silentUrl);
    expect(run.stderr).toContain('did not answer within 1 s');
    expect(run.code, run.stderr).toBe(1);
  }, 15_000);

  it('limits each request of dcdesk lookup', async () => {
    const run = await cli('lookup', ...ids(), '--base-url', slow.url);
    expect(run.stderr).toContain('did not answer within 1 s');
    expect(run.code, run.stderr).toBe(1);
  }, 15_000);

  it('limits the send of dcdesk upload', async () => {
    const run = await cli(
      'upload',
      work.file('casos.csv'),
      '--unseen-devices',
      '--base-url',
      slow.url,
    );
    expect(run.stderr).toContain('did not answer within 1 s');
    expect(run.code, run.stderr).toBe(1);
  }, 15_000);

  it('limits a resumed batch too, not the limit stored with it (as the window resumes)', async () => {
    const out = work.file('out.json');
    const first = await cli(
      'bulk',
      work.file('pedidos.csv'),
      '-o',
      out,
      '--json',
      '--base-url',
      slow.url,
    );
    expect(first.code, first.stderr).toBe(4);
    const { batch } = JSON.parse(first.stdout) as { batch: string };
    const changed = await cli('settings', 'set', 'timeoutMs', '1500');
    expect(changed.code, changed.stderr).toBe(0);
    const resumed = await cli(
      'bulk',
      '--resume',
      batch,
      '--retry-failed',
      '-o',
      out,
      '-v',
      '--base-url',
      slow.url,
    );
    expect(resumed.code, resumed.stderr).toBe(4);
    expect(resumed.stderr).toContain(
      'timeout 1500 ms (stored with the batch: concurrency 8 · rate unlimited · timeout 1000 ms)',
    );
    await cli('settings', 'set', 'timeoutMs', '1000');
  }, 30_000);

  it('gives way to --timeout', async () => {
    const run = await cli('auth', '--base-url', silentUrl, '--timeout', '2000');
    expect(run.stderr).toContain('did not answer within 2 s');
    expect(run.code, run.stderr).toBe(1);
  }, 15_000);

  it('is named in the connection options as the default', async () => {
    const run = await cli('auth', '--help');
    expect(run.stdout + run.stderr).toMatch(
      /--timeout MS +time limit per request, 1000 to 300000 \(default: the\s+timeoutMs setting, as in the app/,
    );
  });
});
