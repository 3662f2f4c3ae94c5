import Database from 'better-sqlite3';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Io } from '../../electron/cli/io';
import { runCli } from '../../electron/cli/run';
import { scriptedInput } from '../../electron/cli/terminal-input';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { settingKeys } from '../../shared/settings';
import { dcdesk } from '../support/cli';
import { tempDir, writeTransactionsCsv } from '../support/files';
import { sampleTransaction } from '../support/transactions';

let sandbox: SandboxHandle;
const work = tempDir('dcdesk-cli-purge-');
beforeAll(async () => {
  sandbox = await startSandbox();
  writeTransactionsCsv(work.file('pedidos.csv'), 3);
  const bulk = await dcdesk([
    'bulk',
    work.file('pedidos.csv'),
    '--output',
    work.file('out.csv'),
    '--data-dir',
    work.dir,
    '--base-url',
    sandbox.url,
  ]);
  expect(bulk.code).toBe(0);
});
afterAll(async () => {
  await sandbox.close();
  work.remove();
});

const cpf = () => sampleTransaction(1).cpf ?? '';

/** Rows about the CPF in the real history, read straight from SQLite. */
function rowsAbout(digits: string): number {
  const db = new Database(path.join(work.dir, 'history.sqlite3'), { readonly: true });
  try {
    const row = db.prepare('SELECT COUNT(*) AS n FROM batch_rows WHERE cpf = ?').get(digits) as {
      n: number;
    };
    return row.n;
  } finally {
    db.close();
  }
}

/** Runs dcdesk as if a person typed `answer` at a terminal. */
async function onTerminal(argv: string[], answer: string) {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = {
    out: (text) => out.push(text),
    err: (text) => err.push(text),
    env: {},
    isTerminal: true,
    stopped: new Promise(() => undefined),
    ...scriptedInput(answer),
    stdinIsTerminal: true,
  };
  const code = await runCli(argv, io);
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

describe('dcdesk purge --cpf asks first', () => {
  it('--dry-run says what would go and deletes nothing', async () => {
    expect(rowsAbout(cpf())).toBe(1);
    const run = await dcdesk(['purge', '--cpf', cpf(), '--dry-run', '--data-dir', work.dir]);
    expect(run).toMatchObject({ code: 0, stdout: 'Would remove 1 row about that CPF.' });
    expect(rowsAbout(cpf())).toBe(1);
  });

  it('--dry-run counts the older copies of the history that would go, and keeps them', async () => {
    const copy = path.join(work.dir, 'history.damaged-2026-11-01.sqlite3');
    writeFileSync(copy, 'a damaged copy');
    try {
      const run = await dcdesk([
        'purge',
        '--cpf',
        cpf(),
        '--dry-run',
        '--json',
        '--data-dir',
        work.dir,
      ]);
      expect(JSON.parse(run.stdout)).toEqual({ cpfRows: 1, outcomes: 0, copies: 1, dryRun: true });
      const text = await dcdesk(['purge', '--cpf', cpf(), '--dry-run', '--data-dir', work.dir]);
      expect(text.stdout).toContain('Would delete 1 older copy of the history');
      expect(existsSync(copy)).toBe(true);
    } finally {
      rmSync(copy);
    }
  });

  it('refuses a mistyped CPF (wrong check digits, no row holds it) instead of removing 0 rows', async () => {
    const right = cpf();
    const last = Number(right.at(-1));
    const mistyped = `${right.slice(0, 10)}${String((last + 1) % 10)}`;
    for (const extra of [['--yes'], ['--dry-run']]) {
      const run = await dcdesk(['purge', '--cpf', mistyped, ...extra, '--data-dir', work.dir]);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/check digits are not valid: check it was typed right/);
      expect(run.stderr).not.toContain(mistyped);
    }
    expect(rowsAbout(right)).toBe(1);
  });

  it('says a CPF typed with a letter (O for 0) is not one, not that its check digits are wrong', async () => {
    const typed = `${cpf().slice(0, 10)}O`;
    const run = await dcdesk(['purge', '--cpf', typed, '--dry-run', '--data-dir', work.dir]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--cpf takes an 11-digit CPF');
    expect(run.stderr).not.toContain('check digits');
  });

  it('without a terminal and without --yes refuses with exit 2', async () => {
    const run = await dcdesk(['purge', '--cpf', cpf(), '--data-dir', work.dir]);
    expect(run).toMatchObject({ code: 2, stdout: '' });
    expect(run.stderr).toMatch(/Pass --yes/);
    expect(rowsAbout(cpf())).toBe(1);
  });

  it('on a terminal keeps everything when the answer is not yes', async () => {
    const run = await onTerminal(['purge', '--cpf', cpf(), '--data-dir', work.dir], 'n\n');
    expect(run).toMatchObject({ code: 2, stdout: '', stderr: 'dcdesk: Nothing deleted.' });
    expect(rowsAbout(cpf())).toBe(1);
  });

  it('on a terminal deletes when the answer is sim', async () => {
    const run = await onTerminal(['purge', '--cpf', cpf(), '--data-dir', work.dir], 'sim\n');
    expect(run).toMatchObject({ code: 0, stdout: 'Removed 1 row about that CPF.' });
    expect(rowsAbout(cpf())).toBe(0);
  });

  it('--yes deletes without asking', async () => {
    const other = sampleTransaction(2).cpf ?? '';
    expect(rowsAbout(other)).toBe(1);
    const run = await dcdesk(['purge', '--cpf', other, '--yes', '--data-dir', work.dir]);
    expect(run).toMatchObject({ code: 0, stdout: 'Removed 1 row about that CPF.' });
    expect(rowsAbout(other)).toBe(0);
  });

  it('--json prints one documented object per form', async () => {
    const dry = await dcdesk([
      'purge',
      '--cpf',
      cpf(),
      '--dry-run',
      '--json',
      '--data-dir',
      work.dir,
    ]);
    expect(JSON.parse(dry.stdout)).toEqual({ cpfRows: 0, outcomes: 0, copies: 0, dryRun: true });
    const old = await dcdesk(['purge', '--older-than', '1', '--json', '--data-dir', work.dir]);
    expect(JSON.parse(old.stdout)).toEqual({
      batches: 0,
      rows: 0,
      kept: 0,
      copies: 0,
      olderThanDays: 1,
      wiped: true,
    });
    const third = sampleTransaction(0).cpf ?? '';
    const gone = await dcdesk(['purge', '--cpf', third, '--yes', '--json', '--data-dir', work.dir]);
    expect(JSON.parse(gone.stdout)).toEqual({
      cpfRows: 1,
      outcomes: 0,
      copies: 0,
      dryRun: false,
      wiped: true,
    });
  });

  it('dcdesk settings --json prints every setting as one object', async () => {
    const run = await dcdesk(['settings', '--json', '--data-dir', work.dir]);
    expect(run.code).toBe(0);
    const settings = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(Object.keys(settings)).toEqual(settingKeys);
    expect(settings.retentionDays).toBe(90);
  });

  it('--yes and --dry-run only go with --cpf', async () => {
    expect((await dcdesk(['purge', '--yes', '--data-dir', work.dir])).code).toBe(2);
  });
});
