import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { endInput } from './child-input';

/**
 * Vitest globalSetup: a private D-Bus session with an unlocked gnome-keyring, so the keychain tests
 * use the real Secret Service (docs/toolchain.md, "The real OS keychain in tests") and never touch the
 * developer's own keyring. Test workers inherit DBUS_SESSION_BUS_ADDRESS.
 */

const packages = 'the Debian packages dbus, dbus-x11, gnome-keyring and libsecret-1-0';
const readyLimitMs = 10_000;

function missing(command: string): Error {
  return new Error(
    `The keychain tests need ${command}, which is not installed: install ${packages} (apt-get install dbus dbus-x11 gnome-keyring libsecret-1-0).`,
  );
}

/** Spawns a daemon and fails clearly when its program is absent, instead of an unhandled ENOENT. */
async function start(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(command, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
  const stderr: string[] = [];
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  try {
    await once(child, 'spawn');
  } catch (caught) {
    throw (caught as NodeJS.ErrnoException).code === 'ENOENT' ? missing(command) : caught;
  }
  return { child, stderr };
}

/** The bus address dbus-daemon prints as its first line (--print-address=1). */
async function firstLine(child: ChildProcess, stderr: string[]): Promise<string> {
  if (!child.stdout) throw new Error('dbus-daemon has no stdout.');
  const lines = createInterface({ input: child.stdout });
  let timer: NodeJS.Timeout | undefined;
  const failed = new Promise<never>((_resolve, reject) => {
    child.once('exit', () =>
      reject(new Error(`dbus-daemon exited before printing its address: ${stderr.join('')}`)),
    );
    timer = setTimeout(
      () => reject(new Error(`dbus-daemon printed no address within ${readyLimitMs / 1000} s.`)),
      readyLimitMs,
    );
  });
  try {
    const [line] = (await Promise.race([once(lines, 'line'), failed])) as [string];
    return line.trim();
  } finally {
    clearTimeout(timer);
    lines.close();
    // Keep draining, so a chatty daemon never blocks on a full pipe.
    child.stdout.resume();
  }
}

function hasSecretService(env: NodeJS.ProcessEnv): Promise<boolean> {
  const args = [
    '--session',
    '--print-reply',
    '--dest=org.freedesktop.DBus',
    '/org/freedesktop/DBus',
    'org.freedesktop.DBus.NameHasOwner',
    'string:org.freedesktop.secrets',
  ];
  return new Promise((resolve, reject) => {
    execFile('dbus-send', args, { env }, (error, stdout) => {
      if ((error as NodeJS.ErrnoException | null)?.code === 'ENOENT') reject(missing('dbus-send'));
      else resolve(!error && /boolean true/.test(stdout));
    });
  });
}

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  // A daemon that ignores SIGTERM must not hang the test run.
  const kill = setTimeout(() => child.kill('SIGKILL'), 2000);
  await exited;
  clearTimeout(kill);
}

export default async function setup(): Promise<() => Promise<void>> {
  // Windows and macOS runners (.github/workflows) have a per-user credential store that needs no
  // daemon; the tests' own service names keep them away from real entries there too.
  if (process.platform !== 'linux') return () => Promise.resolve();
  const started = Date.now();
  const root = await mkdtemp(join(tmpdir(), 'dcdesk-keyring-'));
  // A fresh data folder: an existing login keyring with another password would refuse to unlock.
  await mkdir(join(root, 'data'));
  await mkdir(join(root, 'run'), { mode: 0o700 });
  const previous = process.env.DBUS_SESSION_BUS_ADDRESS;
  let bus: ChildProcess | undefined;
  let keyring: ChildProcess | undefined;

  async function teardown(): Promise<void> {
    await stop(keyring);
    await stop(bus);
    if (previous === undefined) delete process.env.DBUS_SESSION_BUS_ADDRESS;
    else process.env.DBUS_SESSION_BUS_ADDRESS = previous;
    await rm(root, { recursive: true, force: true });
  }

  try {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      XDG_DATA_HOME: join(root, 'data'),
      XDG_RUNTIME_DIR: join(root, 'run'),
    };
    const daemon = await start(
      'dbus-daemon',
      [
        '--session',
        '--nofork',
        '--nopidfile',
        `--address=unix:path=${join(root, 'bus')}`,
        '--print-address=1',
      ],
      env,
    );
    bus = daemon.child;
    env.DBUS_SESSION_BUS_ADDRESS = await firstLine(bus, daemon.stderr);

    const secrets = await start(
      'gnome-keyring-daemon',
      ['--foreground', '--unlock', '--components=secrets'],
      env,
    );
    keyring = secrets.child;
    secrets.child.stdout.resume();
    // --unlock reads the login keyring's password from stdin; a throwaway one for a throwaway keyring.
    endInput(secrets.child.stdin, 'dcdesk-tests-throwaway');

    while (!(await hasSecretService(env))) {
      if (keyring.exitCode !== null)
        throw new Error(`gnome-keyring-daemon exited: ${secrets.stderr.join('')}`);
      if (Date.now() - started > readyLimitMs)
        throw new Error(`The Secret Service did not start within ${readyLimitMs / 1000} s.`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    process.env.DBUS_SESSION_BUS_ADDRESS = env.DBUS_SESSION_BUS_ADDRESS;
    if (process.env.DCDESK_TIMINGS)
      console.log(`secret-service: ready in ${Date.now() - started} ms`);
    return teardown;
  } catch (caught) {
    await teardown();
    throw caught;
  }
}
