import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { dcdesk } from '../support/cli';
import { tempDir } from '../support/files';

// Each command's options come from its own definitions, -q/-v may come before the command, and
// file names are completed where a file goes: in real bash, zsh and fish (CI installs them).
const work = tempDir('dcdesk-completion-words-');
writeFileSync(work.file('small.csv'), 'externalID,sessionID\n');
afterAll(() => work.remove());

async function script(shell: string): Promise<string> {
  return (await dcdesk(['completion', shell])).stdout;
}

/** What a shell offers, one per line, run in the folder holding small.csv. */
function offered(shell: string, args: string[]): string[] {
  const result = spawnSync(shell, args, { cwd: work.dir, encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.split('\n').filter((line) => line !== '');
}

describe('bash completion', () => {
  const complete = async (words: string) =>
    offered('bash', [
      '--norc',
      '-c',
      `${await script('bash')}\nCOMP_WORDS=(${words}); COMP_CWORD=$((\${#COMP_WORDS[@]}-1)); _dcdesk; printf '%s\\n' "\${COMPREPLY[@]}"`,
    ]);

  it('offers a command only its own options, not those its help text mentions', async () => {
    expect(await complete('dcdesk batches --re')).toEqual([]);
    expect(await complete('dcdesk bulk --res')).toEqual(['--resume']);
    expect(await complete('dcdesk batches --qu')).toEqual(['--quiet']);
  });

  it('finds the command after -q or -v', async () => {
    expect(await complete('dcdesk -q bulk --conc')).toEqual(['--concurrency']);
    expect(await complete('dcdesk --verbose bulk --conc')).toEqual(['--concurrency']);
    expect(await complete('dcdesk -q bul')).toEqual(['bulk']);
    expect(await complete('dcdesk -v bulk sma')).toEqual(['small.csv']);
  });
});

// zsh and fish are skipped only where they are not installed (the reason is printed); CI installs
// both, so they run there. On a machine that skips them, their completion is not proven.
const noZsh = !existsSync('/usr/bin/zsh');
if (noZsh) console.warn('Skipping the zsh completion tests: /usr/bin/zsh is not installed.');
describe.skipIf(noZsh)('zsh completion', () => {
  // compsys's own functions print what they would offer; _dcdesk is the script's, unchanged.
  const complete = async (words: string[]) =>
    offered('zsh', [
      '-f',
      '-c',
      [
        'compdef() { :; }',
        '_files() { print -- "(files)"; }',
        '_describe() { print -l -- ${(P)2}; }',
        'compadd() { [[ $1 == -a ]] && print -l -- ${(P)2} || print -l -- "$@"; }',
        await script('zsh'),
        `words=(${words.map((word) => `'${word}'`).join(' ')}); CURRENT=${String(words.length)}`,
        `PREFIX='${words.at(-1) ?? ''}'; _dcdesk`,
      ].join('\n'),
    ]);

  it('offers a command only its own options', async () => {
    const options = await complete(['dcdesk', 'batches', '--']);
    expect(options).toContain('--json');
    expect(options).not.toContain('--resume');
  });

  it('finds the command after -q or -v', async () => {
    expect(await complete(['dcdesk', '-q', 'bulk', '--conc'])).toContain('--concurrency');
    expect(await complete(['dcdesk', '-v', 'bulk', 'sma'])).toEqual(['(files)']);
  });
});

const noFish = !existsSync('/usr/bin/fish');
if (noFish) console.warn('Skipping the fish completion tests: /usr/bin/fish is not installed.');
describe.skipIf(noFish)('fish completion', () => {
  const complete = async (line: string) =>
    offered('fish', ['--no-config', '-c', `${await script('fish')}\ncomplete -C '${line}'`]).map(
      (entry) => entry.split('\t')[0],
    );

  it('completes file names for the input and for options that take a file', async () => {
    expect(await complete('dcdesk bulk sma')).toEqual(['small.csv']);
    expect(await complete('dcdesk bulk small.csv --output sma')).toEqual(['small.csv']);
    expect(await complete('dcdesk -q bulk sma')).toEqual(['small.csv']);
  });

  it('offers a command only its own options, and no files in place of a command', async () => {
    expect(await complete('dcdesk batches --re')).toEqual([]);
    expect(await complete('dcdesk -q bulk --conc')).toEqual(['--concurrency']);
    expect(await complete('dcdesk sma')).toEqual([]);
  });
});

describe('an option of another command', () => {
  it('is unknown, without a suggestion to use the same option', async () => {
    const run = await dcdesk(['batches', '--resume', 'x']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("unknown option '--resume'.");
    expect(run.stderr).not.toContain('did you mean');
  });

  it('is still matched to a near option of the command itself', async () => {
    const run = await dcdesk(['batches', '--jsn']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("unknown option '--jsn'; did you mean '--json'?");
  });
});
