import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { binPath, dcdesk, type CliRun } from '../support/cli';
import { endInput } from '../support/child-input';

// The real Secret Service of tests/support/secret-service.ts, under a service name of our own.
const env = { DCDESK_KEYCHAIN_SERVICE: `Device Check Desk CLI tests ${randomUUID()}` };
const password = 'Pa55 wörd with spaces ';

/** The installed dcdesk, as a user runs it, with stdin piped from `input`. */
function runBin(args: string[], extra: NodeJS.ProcessEnv, input: string): Promise<CliRun> {
  const child = spawn(process.execPath, [binPath, ...args], {
    env: {
      PATH: process.env.PATH,
      DBUS_SESSION_BUS_ADDRESS: process.env.DBUS_SESSION_BUS_ADDRESS,
      ...extra,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  endInput(child.stdin, input);
  return new Promise((resolve) =>
    child.once('close', (code) => resolve({ code: code ?? -1, stdout, stderr })),
  );
}

let guarded: SandboxHandle;
beforeAll(async () => {
  guarded = await startSandbox({ credentials: { username: 'analyst', password } });
});
afterAll(async () => {
  await dcdesk(['credentials', 'delete', '--env', 'production'], env);
  await dcdesk(['credentials', 'delete', '--env', 'test'], env);
  await guarded.close();
});

describe('dcdesk credentials', () => {
  it('saves from stdin, shows without the password, is used by auth, and deletes', async () => {
    const set = await dcdesk(
      ['credentials', 'set', '--env', 'production', '--username', 'analyst', '--password-stdin'],
      env,
      `${password}\nsecond line is ignored\n`,
    );
    expect(set, set.stderr).toMatchObject({ code: 0 });
    expect(set.stdout).toMatch(/Saved the production credentials of 'analyst'/);

    const show = await dcdesk(['credentials', 'show', '--env', 'production'], env);
    expect(show.code).toBe(0);
    expect(show.stdout).toBe(
      'environment: production\nusername: analyst\npassword: saved in the OS keychain (hidden)',
    );
    expect(show.stdout + show.stderr).not.toContain(password.trim());

    // The saved password, spaces included, is what the service receives.
    const auth = await dcdesk(['auth', '--env', 'production', '--base-url', guarded.url], env);
    expect(auth.code, auth.stderr).toBe(0);
    const shown = await dcdesk(['credentials', 'show', '--env', 'production', '--json'], env);
    expect(JSON.parse(shown.stdout)).toEqual({
      environment: 'production',
      username: 'analyst',
      saved: true,
    });
    const authJson = await dcdesk(
      ['auth', '--env', 'production', '--base-url', guarded.url, '--json'],
      env,
    );
    const checked = JSON.parse(authJson.stdout) as Record<string, unknown>;
    expect(Object.keys(checked)).toEqual(['environment', 'baseUrl', 'expiresAt', 'expirySource']);
    expect(checked).toMatchObject({ environment: 'production', baseUrl: guarded.url });
    expect(authJson.stdout).not.toContain(password.trim());

    const deleted = await dcdesk(['credentials', 'delete', '--env', 'production'], env);
    expect(deleted).toMatchObject({ code: 0, stdout: expect.stringMatching(/Deleted/) as unknown });
    const after = await dcdesk(['credentials', 'show', '--env', 'production'], env);
    expect(after.stdout).toBe('environment: production\nno credentials saved');
    const again = await dcdesk(['credentials', 'delete', '--env', 'production'], env);
    expect(again).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/nothing to delete/) as unknown,
    });
  });

  it('lets DCDESK_USERNAME and DCDESK_PASSWORD take precedence, and says so', async () => {
    await dcdesk(['credentials', 'set', '--env', 'test', '--username', 'analyst'], env, 'wrong\n');
    const overridden = { ...env, DCDESK_USERNAME: 'analyst', DCDESK_PASSWORD: password };
    const auth = await dcdesk(['auth', '--env', 'test', '--base-url', guarded.url], overridden);
    expect(auth.code, auth.stderr).toBe(0);
    const keychainOnly = await dcdesk(['auth', '--env', 'test', '--base-url', guarded.url], env);
    expect(keychainOnly.code).toBe(3);
    expect(keychainOnly.stderr).not.toContain('wrong');
    const show = await dcdesk(['credentials', 'show', '--env', 'test'], overridden);
    expect(show.stderr).toMatch(/take precedence/);
  });

  it('refuses mistakes with exit code 2 and saves nothing', async () => {
    const cases: [string[], string][] = [
      [['credentials', 'set', '--env', 'sandbox', '--username', 'a'], 'pw\n'],
      [['credentials', 'set', '--env', 'staging', '--username', 'a'], 'pw\n'],
      [['credentials', 'set', '--env', 'production'], 'pw\n'],
      [['credentials', 'set', '--env', 'production', '--username', 'a'], ''],
      [['credentials', 'set', '--env', 'production', '--username', 'a'], '\n'],
      [['credentials', 'show'], ''],
      [['credentials', 'rotate', '--env', 'production'], ''],
      [['credentials', 'show', '--env', 'production', '--username', 'a'], ''],
    ];
    for (const [argv, stdin] of cases) {
      const run = await dcdesk(argv, env, stdin);
      expect(run.code, `${argv.join(' ')}: ${run.stderr}`).toBe(2);
      expect(run.stderr).not.toBe('');
    }
    const show = await dcdesk(['credentials', 'show', '--env', 'production'], env);
    expect(show.stdout).toMatch(/no credentials saved/);
  });

  it('does not print back a password typed on the command line', async () => {
    const typed = 'hunter2SECRET';
    const run = await dcdesk(
      ['credentials', 'set', '--env', 'production', '--username', 'a', typed],
      env,
      'pw\n',
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/what was typed is not shown/);
    expect(run.stdout + run.stderr).not.toContain(typed);
  });
});

describe('the installed dcdesk credentials', () => {
  it('reads the password from a pipe and shows it saved, without printing it', async () => {
    const args = ['credentials', 'set', '--env', 'test', '--username', 'piped'];
    const set = await runBin(args, env, `${password}\r\n`);
    expect(set.code, set.stderr).toBe(0);
    const show = await runBin(['credentials', 'show', '--env', 'test'], env, '');
    expect(show.stdout).toMatch(/username: piped\npassword: saved in the OS keychain \(hidden\)/);
    const auth = await runBin(['auth', '--env', 'test', '--base-url', guarded.url], env, '');
    expect(auth.code, auth.stderr).toBe(3); // 'piped' is not the sandbox's user name
    expect(set.stdout + set.stderr + show.stdout + show.stderr).not.toContain(password.trim());
  });

  it('exits 2 with a clear message when the keychain is unavailable', async () => {
    const nowhere = { ...env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/dcdesk-bus' };
    const args = ['credentials', 'set', '--env', 'production', '--username', 'analyst'];
    const set = await runBin(args, nowhere, `${password}\n`);
    expect(set.code).toBe(2);
    expect(set.stderr).toMatch(/The OS keychain is unavailable \(no Secret Service is running\)/);
    expect(set.stderr).not.toContain(password.trim());
    expect(set.stderr).not.toMatch(/\n\s+at /);
    const show = await runBin(['credentials', 'show', '--env', 'production'], nowhere, '');
    expect(show.code).toBe(2);
    expect(show.stdout).toBe('');
  });
});
