import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * A throwaway PostgreSQL cluster for the team database tests: initdb in a temp folder, a free
 * loopback port, the unix socket in the same folder. The server refuses to run as root, so as root
 * (CI) every server command runs as the unprivileged `postgres` user the Debian package creates.
 */

const run = promisify(execFile);
const root = '/usr/lib/postgresql';
const serverUser = 'postgres';

export interface Cluster {
  /** Folder holding the data directory and the unix socket. */
  readonly dir: string;
  readonly port: number;
  /** Connection settings for `pg` over TCP on loopback, as the app's default role. */
  readonly connection: { host: string; port: number; user: string; database: string };
  /** `pg_ctl stop -m immediate`: the server dies as if killed, mid-transaction included. */
  kill(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and deletes the folder. */
  destroy(): Promise<void>;
}

/** The newest installed version's bin folder, or undefined when PostgreSQL is not installed. */
export function postgresBin(): string | undefined {
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  const newest = versions.at(0);
  return newest === undefined ? undefined : join(root, newest, 'bin');
}

/** Why the team database tests are skipped, or undefined when they can run. */
export function postgresMissing(): string | undefined {
  return postgresBin()
    ? undefined
    : `No PostgreSQL server binaries under ${root}/*/bin: install the Debian package postgresql to run the team database tests.`;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('No port.')),
      );
    });
  });
}

const asRoot = userInfo().uid === 0;

/** Runs a server program, as `postgres` when we are root. */
async function server(bin: string, program: string, args: string[]): Promise<void> {
  const command = join(bin, program);
  const [file, argv] = asRoot
    ? ['runuser', ['-u', serverUser, '--', command, ...args]]
    : [command, args];
  try {
    await run(file, argv, { cwd: tmpdir() });
  } catch (caught) {
    const failure = caught as { stderr?: string; message: string };
    throw new Error(`${program} failed: ${failure.stderr || failure.message}`, { cause: caught });
  }
}

/**
 * `durable`: fsync on, as a real server runs (the benchmarks); tests run without it, which
 * changes no result, only the time. `password`: the owner's password, required over TCP.
 */
export async function startCluster(
  options: { durable?: boolean; password?: string } = {},
): Promise<Cluster> {
  const bin = postgresBin();
  if (!bin) throw new Error(postgresMissing());
  const dir = await mkdtemp(join(tmpdir(), 'dcdesk-pg-'));
  if (asRoot) {
    const { uid, gid } = await lookup(serverUser);
    await chown(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  const owner = asRoot ? serverUser : userInfo().username;
  // With a password, TCP logins must give it (scram-sha-256); the unix socket stays trusted.
  const auth = ['--auth=trust'];
  if (options.password !== undefined) {
    const file = join(dir, 'password');
    await writeFile(file, `${options.password}\n`, { mode: 0o644 });
    auth.splice(0, 1, '--auth-local=trust', '--auth-host=scram-sha-256', `--pwfile=${file}`);
  }
  await server(bin, 'initdb', ['-D', data, '-U', owner, ...auth, '-E', 'UTF8', '--no-sync']);
  const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=${options.durable ? 'on' : 'off'}`;
  const start = () =>
    server(bin, 'pg_ctl', [
      '-D',
      data,
      '-w',
      '-l',
      join(dir, 'server.log'),
      '-o',
      settings,
      'start',
    ]);
  const stop = (mode: 'fast' | 'immediate') =>
    server(bin, 'pg_ctl', ['-D', data, '-w', '-m', mode, 'stop']);
  await start();
  return {
    dir,
    port,
    connection: { host: '127.0.0.1', port, user: owner, database: 'postgres' },
    kill: () => stop('immediate'),
    start,
    async destroy() {
      await stop('fast').catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** uid and gid of a system user, from `id` (node has no getpwnam). */
async function lookup(user: string): Promise<{ uid: number; gid: number }> {
  const id = async (flag: string) => Number((await run('id', [flag, user])).stdout.trim());
  return { uid: await id('-u'), gid: await id('-g') };
}
