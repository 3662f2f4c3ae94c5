import { afterAll, describe, expect, it } from 'vitest';
import { dcdesk, spawnSandbox } from '../support/cli';
import { tempDir, writeTransactionsCsv } from '../support/files';

const work = tempDir('dcdesk-cli-flags-');
afterAll(() => work.remove());
writeTransactionsCsv(work.file('in.csv'), 2);

async function storedBatches(): Promise<unknown[]> {
  const list = await dcdesk(['batches', '--json', '--data-dir', work.dir]);
  return JSON.parse(list.stdout) as unknown[];
}

describe('numeric flags', () => {
  it.each([
    ['--timeout', '2147483648', /--timeout takes a whole number from 1000 to 300000/],
    ['--timeout', '999', /--timeout takes a whole number from 1000 to 300000/],
    ['--concurrency', '65', /--concurrency takes a whole number from 1 to 64/],
    ['--concurrency', '0', /--concurrency takes a whole number from 1 to 64/],
    ['--rate', '1e9', /--rate takes a number from 0.1 to 10000/],
    ['--rate', 'Infinity', /--rate takes a number from 0.1 to 10000/],
    ['--skip-recent', '3651', /--skip-recent takes a whole number from 1 to 3650/],
  ])('dcdesk bulk %s %s is a usage error before anything is stored', async (flag, value, says) => {
    const run = await dcdesk([
      'bulk',
      work.file('in.csv'),
      '--output',
      work.file('out.json'),
      '--env',
      'sandbox',
      '--data-dir',
      work.dir,
      flag,
      value,
    ]);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toMatch(says);
    expect(run.stderr).toContain(`'${value}'`);
    expect(await storedBatches()).toEqual([]);
  });

  it('dcdesk lookup --timeout refuses a value its setting would refuse', async () => {
    const run = await dcdesk([
      'lookup',
      '--session-id',
      'session-00000001-abcdefghijklmnop',
      '--external-id',
      'order-1',
      '--env',
      'sandbox',
      '--data-dir',
      work.dir,
      '--timeout',
      '2147483648',
    ]);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toMatch(/--timeout takes a whole number from 1000 to 300000/);
  });

  it('dcdesk purge --older-than takes the retention bounds', async () => {
    const run = await dcdesk(['purge', '--older-than', '99999', '--data-dir', work.dir]);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toMatch(/--older-than takes a whole number from 1 to 3650/);
  });

  it('dcdesk sandbox refuses a latency or token lifetime its settings would refuse', async () => {
    const latency = await dcdesk(['sandbox', '--latency', '2147483648']);
    expect(latency.code, latency.stderr).toBe(2);
    expect(latency.stderr).toMatch(/--latency takes a whole number from 0 to 120000/);
    const ttl = await dcdesk(['sandbox', '--token-ttl', '9999999999']);
    expect(ttl.code, ttl.stderr).toBe(2);
    expect(ttl.stderr).toMatch(/--token-ttl takes a whole number from 0 to 315360000/);
  });

  it('dcdesk sandbox --fail-rate reads a decimal comma as every numeric flag does', async () => {
    const { child } = await spawnSandbox(['--fail-rate', '0,5']);
    child.kill('SIGINT');
  });

  it.each([
    ['1.000', /--fail-rate takes a number from 0 to 1; '1\.000' has a thousands separator/],
    ['1e-1', /--fail-rate takes a number from 0 to 1, not '1e-1'/],
    ['1.5', /--fail-rate takes a number from 0 to 1, not '1\.5'/],
  ])('dcdesk sandbox --fail-rate %s is a usage error', async (value, says) => {
    const run = await dcdesk(['sandbox', '--fail-rate', value]);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toMatch(says);
  });
});
