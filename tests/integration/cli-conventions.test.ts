import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { binPath, dcdesk } from '../support/cli';
import { tempDir, writeTransactionsCsv } from '../support/files';
import { endInput } from '../support/child-input';

const packageVersion = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string })
  .version;

/** Runs a program to completion with captured output. */
function run(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  endInput(child.stdin, options.input);
  return new Promise((resolve) =>
    child.once('close', (code) => resolve({ code: code ?? -1, stdout, stderr })),
  );
}

describe('dcdesk version', () => {
  it('answers --version, -V and version with the package version', async () => {
    for (const argv of [['--version'], ['-V'], ['version']]) {
      const result = await dcdesk(argv);
      expect(result.code).toBe(0);
      expect(result.stdout).toBe(`dcdesk ${packageVersion} (Device Check Desk)`);
    }
  });

  it('prints the version, Node, platform and data folder as JSON', async () => {
    const data = tempDir('dcdesk-version-');
    const result = await dcdesk(['version', '--json'], { DCDESK_DATA_DIR: data.dir });
    expect(JSON.parse(result.stdout)).toEqual({
      version: packageVersion,
      node: process.versions.node,
      platform: process.platform,
      arch: process.arch,
      dataDir: data.dir,
    });
    // --data-dir, a general option of every command (README), names the folder it would use.
    const given = await dcdesk(['version', '--json', '--data-dir', data.file('other')]);
    expect(given.code, given.stderr).toBe(0);
    expect((JSON.parse(given.stdout) as { dataDir: string }).dataDir).toBe(data.file('other'));
    data.remove();
  });
});

describe('typos', () => {
  it('suggests the nearest command and exits 2', async () => {
    const result = await dcdesk(['bulks']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      "dcdesk: unknown command 'bulks'; did you mean 'bulk'?\nRun 'dcdesk --help' for the list of commands.",
    );
  });

  it('lists the commands when nothing is close', async () => {
    const result = await dcdesk(['deploy']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^dcdesk: unknown command 'deploy'\.\n\n.*Commands:/s);
    // A name with a line feed or an escape sequence is printed escaped, on its one line.
    const forged = await dcdesk(['x\ndcdesk: all done\u001b[2J']);
    expect(forged.stderr).toMatch(
      /^dcdesk: unknown command 'x\\u000adcdesk: all done\\u001b\[2J'\./,
    );
  });

  it("gives a command's usage for dcdesk help COMMAND", async () => {
    const help = await dcdesk(['help', 'lookup']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: dcdesk lookup/);
    // The version flags are the version command, with its checks: no stack trace.
    for (const argv of [
      ['help', '--version'],
      ['--version', '--help'],
      ['help', '-V'],
    ]) {
      const run = await dcdesk(argv);
      expect(run, argv.join(' ')).toMatchObject({
        code: 0,
        stdout: expect.stringMatching(/^Usage: dcdesk version/) as unknown,
      });
    }
    const bogus = await dcdesk(['-V', '--bogus']);
    expect(bogus.code).toBe(2);
    expect(bogus.stderr).toMatch(/^dcdesk version: unknown option '--bogus'/);
    const flag = await dcdesk(['help', '--json']);
    expect(flag).toMatchObject({
      code: 2,
      stderr: "dcdesk: help takes a command's name, such as: dcdesk help bulk",
    });
  });

  it('suggests the nearest option in plain words, exit 2', async () => {
    const result = await dcdesk(['bulk', 'in.csv', '--output', 'o.json', '--concurency', '4']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      "dcdesk bulk: unknown option '--concurency'; did you mean '--concurrency'?\nRun 'dcdesk bulk --help' for usage.",
    );
  });

  it('says which option lacks its value', async () => {
    const result = await dcdesk(['bulk', 'in.csv', '--output']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^dcdesk bulk: --output needs a file name \(or - for standard output\)\./,
    );
  });
});

describe('dcdesk completion', () => {
  it('refuses an unknown shell with exit 2', async () => {
    const result = await dcdesk(['completion', 'powershell']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/bash, zsh, fish/);
  });

  it('completes commands, options and batch IDs in a real bash', async () => {
    const data = tempDir('dcdesk-completion-');
    writeTransactionsCsv(data.file('in.csv'), 3);
    const bulk = await dcdesk(
      ['bulk', data.file('in.csv'), '--output', data.file('out.json'), '--data-dir', data.dir],
      { DCDESK_ENV: 'sandbox' },
    );
    expect(bulk.code, bulk.stderr).toBe(0);
    const ids = await dcdesk(['completion', '--batch-ids', '--data-dir', data.dir]);
    const batchId = ids.stdout.trim();
    expect(batchId).toMatch(/\S+/);
    // The script calls `dcdesk` from the PATH, as an installed one would be.
    const bin = data.file('bin');
    spawnSync('mkdir', [bin]);
    writeFileSync(
      path.join(bin, 'dcdesk'),
      `#!/bin/sh\nexec "${process.execPath}" "${binPath}" "$@"\n`,
    );
    chmodSync(path.join(bin, 'dcdesk'), 0o755);
    const script = (await dcdesk(['completion', 'bash'])).stdout;
    const complete = (words: string) =>
      run(
        'bash',
        [
          '--norc',
          '-c',
          `${script}\nCOMP_WORDS=(${words}); COMP_CWORD=$((\${#COMP_WORDS[@]}-1)); _dcdesk; printf '%s\\n' "\${COMPREPLY[@]}"`,
        ],
        {
          env: { PATH: `${bin}:${process.env.PATH ?? ''}`, DCDESK_DATA_DIR: data.dir },
        },
      );
    expect((await complete('dcdesk bul')).stdout.trim().split('\n')).toEqual(['bulk']);
    expect((await complete('dcdesk bulk --conc')).stdout.trim()).toBe('--concurrency');
    expect((await complete('dcdesk bulk --resume ""')).stdout.trim()).toBe(batchId);
    data.remove();
  });

  it('writes a zsh script zsh accepts and a fish script fish completes from', async () => {
    const zsh = (await dcdesk(['completion', 'zsh'])).stdout;
    expect(zsh).toMatch(/^#compdef dcdesk/);
    const fish = (await dcdesk(['completion', 'fish'])).stdout;
    if (existsSync('/usr/bin/zsh')) {
      const checked = await run('zsh', ['-n'], { input: zsh });
      expect(checked.code, checked.stderr).toBe(0);
    }
    if (existsSync('/usr/bin/fish')) {
      const completed = await run('fish', [
        '--no-config',
        '-c',
        `${fish}\ncomplete -C 'dcdesk bul'; complete -C 'dcdesk bulk --retry'`,
      ]);
      expect(completed.code, completed.stderr).toBe(0);
      expect(completed.stdout).toMatch(/^bulk\t/m);
      expect(completed.stdout).toMatch(/^--retry-failed/m);
    }
  });
});

describe('dcdesk on the PATH, as the README says', () => {
  it('npm link puts a working dcdesk on the PATH', async () => {
    const prefix = tempDir('dcdesk-link-');
    const linked = await run('npm', ['link', '--no-audit', '--no-fund'], {
      env: { npm_config_prefix: prefix.dir },
    });
    expect(linked.code, linked.stderr).toBe(0);
    const result = await run('dcdesk', ['--version'], {
      cwd: prefix.dir,
      env: { PATH: `${path.join(prefix.dir, 'bin')}:${process.env.PATH ?? ''}` },
    });
    expect(result.stdout.trim()).toBe(`dcdesk ${packageVersion} (Device Check Desk)`);
    prefix.remove();
  }, 60_000);
});

describe('a reader that goes away', () => {
  it('is not a crash: no stack trace, and the command ends cleanly', async () => {
    const child = spawn(process.execPath, [binPath, 'completion', 'fish'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // As `dcdesk … | head` does once it has read enough: the pipe is closed under the writer.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(child, 'close')) as [number | null];
    expect(stderr).not.toMatch(/EPIPE|Unhandled|at /);
    expect(code).toBe(0);
  });
});

describe('standard error that goes away (attack c3)', () => {
  it('loses the notices only: the run ends, its file and its --json summary are written', async () => {
    const work = tempDir('dcdesk-stderr-gone-');
    writeTransactionsCsv(work.file('pedidos.csv'), 20);
    const child = spawn(
      process.execPath,
      [binPath, 'bulk', work.file('pedidos.csv'), '--output', work.file('out.json'), '--json'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { PATH: process.env.PATH, DCDESK_DATA_DIR: work.file('data'), DCDESK_ENV: 'sandbox' },
      },
    );
    // As `2>&1 | head -2` does: the reader of standard error quits before the run ends.
    child.stderr.destroy();
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const [code] = (await once(child, 'close')) as [number | null];
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ state: 'finished' });
    expect(JSON.parse(readFileSync(work.file('out.json'), 'utf8'))).toHaveLength(20);
    work.remove();
  }, 60_000);
});

describe('a current folder that no longer exists (attack c3)', () => {
  it('is said in one line, with no stack trace', () => {
    const work = tempDir('dcdesk-gone-cwd-');
    const gone = work.file('gone');
    mkdirSync(gone);
    // The shell is left in the folder, which is then deleted, as a rotated cron folder is.
    const result = spawnSync(
      'sh',
      ['-c', `cd "${gone}" && rmdir "${gone}" && "${process.execPath}" "${binPath}" --version`],
      { encoding: 'utf8' },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      'dcdesk: the current folder no longer exists (it was deleted or moved): change to a folder that exists, then run dcdesk again.\n',
    );
    work.remove();
  });
});

describe('npm run dcdesk', () => {
  it('resolves relative paths against the folder the user ran it from', async () => {
    const work = tempDir('dcdesk-npm-run-');
    writeTransactionsCsv(work.file('pedidos.csv'), 2);
    const result = await run(
      'npm',
      [
        'run',
        '--silent',
        '--prefix',
        process.cwd(),
        'dcdesk',
        '--',
        'bulk',
        'pedidos.csv',
        '--output',
        'saida.json',
      ],
      { cwd: work.dir, env: { DCDESK_DATA_DIR: work.file('data'), DCDESK_ENV: 'sandbox' } },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(readFileSync(work.file('saida.json'), 'utf8'))).toHaveLength(2);
    work.remove();
  }, 60_000);
});
