/**
 * dcdesk run with few open files allowed (`ulimit -n`, which any user may lower): a batch at a
 * high concurrency runs out of them. Found by an outside tester: the pause blamed the service
 * ("failing too many requests … connection error EMFILE"), though the cause was this machine.
 */
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { binPath } from '../support/cli';
import { tempDir, writeTransactionsCsv } from '../support/files';

const work = tempDir('dcdesk-cli-open-files-');
afterAll(() => work.remove());

describe('dcdesk with too few open files allowed', () => {
  it('says this process ran out of open files and what to do, not that the service failed', () => {
    writeTransactionsCsv(work.file('pedidos.csv'), 3000);
    const args = [
      binPath,
      'bulk',
      work.file('pedidos.csv'),
      '-o',
      work.file('out.json'),
      '--concurrency',
      '64',
      '--data-dir',
      work.file('history'),
    ];
    const run = spawnSync(
      'sh',
      ['-c', 'ulimit -n 40 && exec "$@"', 'sh', process.execPath, ...args],
      {
        env: { PATH: process.env.PATH },
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(run.status, run.stderr).toBe(5);
    expect(run.stderr).toContain('ran out of open files');
    expect(run.stderr).toContain(
      'Send fewer requests at once (a lower concurrency), or raise that limit',
    );
    expect(run.stderr).not.toMatch(/service is failing|connection error EMFILE/);
  }, 90_000);
});
