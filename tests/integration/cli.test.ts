import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseInsightResult } from '../../shared/domain/insight';
import { sandboxAnswer, startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { dcdesk, runBin, spawnSandbox } from '../support/cli';
import { tempDir } from '../support/files';
import { sampleTransaction } from '../support/transactions';

const transaction = sampleTransaction(42);
const lookupArgs = [
  'lookup',
  '--session-id',
  transaction.sessionID,
  '--external-id',
  transaction.externalID,
  '--cpf',
  // Formatted as an analyst would paste it.
  `${transaction.cpf?.slice(0, 3)}.${transaction.cpf?.slice(3, 6)}.${transaction.cpf?.slice(6, 9)}-${transaction.cpf?.slice(9)}`,
  '--email',
  transaction.email ?? '',
  '--phone',
  '+55 (11) 98765-4321',
  '--zip',
  '01310-100',
];

let guarded: SandboxHandle;
beforeAll(async () => {
  guarded = await startSandbox({ credentials: { username: 'analyst', password: 's3cret' } });
});
afterAll(() => guarded.close());

describe('dcdesk lookup', () => {
  it('normalises the input, asks the embedded sandbox, prints the JSON result and keeps it', async () => {
    const data = tempDir('dcdesk-lookup-');
    const run = await dcdesk([...lookupArgs, '--env', 'sandbox', '--data-dir', data.dir]);
    expect(run.code).toBe(0);
    const expected = sandboxAnswer(transaction);
    const parsed = expected.status === 200 ? parseInsightResult(expected.body) : null;
    expect(JSON.parse(run.stdout)).toEqual({
      status: 200,
      result: parsed?.ok ? parsed.value : null,
    });
    expect(run.stderr).toMatch(/sandbox/);
    const batches = await dcdesk(['batches', '--json', '--data-dir', data.dir]);
    expect(JSON.parse(batches.stdout)).toMatchObject([
      { source: 'dcdesk lookup', total: 1, ok: 1 },
    ]);
    data.remove();
  });

  it('refuses an invalid transaction with one line per problem and exit code 2', async () => {
    const run = await dcdesk([
      'lookup',
      '--session-id',
      'short',
      '--external-id',
      'order-1',
      '--cpf',
      '123.456.789-00',
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n').filter((line) => line.startsWith('  - '))).toHaveLength(2);
    expect(run.stdout).toBe('');
  });

  it('exits 3 when the service refuses the credentials, without printing the password', async () => {
    // No run of 8 characters shared with the service's words: such a run is hidden wherever it
    // stands (a server may echo a secret in part), "Password" in its message included.
    const env = { DCDESK_USERNAME: 'analyst', DCDESK_PASSWORD: 'not-the-pw-2026' };
    const run = await dcdesk([...lookupArgs, '--base-url', guarded.url], env);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('Username or Password is incorrect');
    expect(run.stderr).not.toContain('not-the-pw-2026');
    expect(run.stderr.split('\n')).toHaveLength(2);
  });

  it('exits 1 with the service messages when the service fails three times', async () => {
    guarded.forceNext(500, { route: 'insights', count: 3 });
    const env = { DCDESK_USERNAME: 'analyst', DCDESK_PASSWORD: 's3cret' };
    const run = await dcdesk(
      [...lookupArgs, '--base-url', guarded.url, '--env', 'production'],
      env,
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/HTTP 500/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('exits 2 for usage and configuration mistakes', async () => {
    expect((await dcdesk(['lookup', '--bogus'])).code).toBe(2);
    expect((await dcdesk(['frobnicate'])).code).toBe(2);
    expect((await dcdesk([...lookupArgs, '--env', 'staging'])).stderr).toMatch(
      /Unknown environment 'staging'/,
    );
    const plainHttp = await dcdesk([...lookupArgs, '--base-url', 'http://devicecheck.example']);
    expect(plainHttp).toMatchObject({ code: 2, stderr: expect.stringMatching(/https/) as unknown });
    const noCredentials = await dcdesk([...lookupArgs, '--env', 'production'], {});
    expect(noCredentials).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/DCDESK_USERNAME/) as unknown,
    });
  });
});

describe('dcdesk auth', () => {
  it('reports the token expiry but never the token', async () => {
    const run = await dcdesk(['auth', '--base-url', guarded.url, '--test-paths'], {
      DCDESK_USERNAME: 'analyst',
      DCDESK_PASSWORD: 's3cret',
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/expires at \d{4}-\d\d-\d\dT/);
    expect(run.stdout).not.toMatch(/eyJ/);
  });
});

describe('the installed dcdesk', () => {
  it('runs a sandbox in one process and looks up against it from another', async () => {
    const { child, url } = await spawnSandbox(['--token-ttl', '60']);
    try {
      const run = await runBin([...lookupArgs, '--base-url', url]);
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({ status: 200 });
    } finally {
      child.kill('SIGINT');
      const [code] = (await once(child, 'exit')) as [number | null];
      // The shell's code for Ctrl+C, as the README's exit-code table says (128 + 2).
      expect(code).toBe(130);
    }
  });

  it('ends a sandbox stopped by SIGTERM with 143 (128 + 15)', async () => {
    const { child } = await spawnSandbox();
    child.kill('SIGTERM');
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(143);
  });

  it('prints usage with exit code 2 when no command is given', async () => {
    const run = await runBin([]);
    expect(run.code).toBe(2);
    expect(run.stdout).toMatch(/Usage: dcdesk <command>/);
  });
});
