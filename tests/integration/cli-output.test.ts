import { existsSync, linkSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { dcdesk } from '../support/cli';
import { tempDir, writeTransactionsCsv } from '../support/files';

const work = tempDir('dcdesk-cli-output-');
afterAll(() => work.remove());

async function storedBatches(): Promise<Array<{ id: string }>> {
  const list = await dcdesk(['batches', '--json', '--data-dir', work.dir]);
  return JSON.parse(list.stdout) as Array<{ id: string }>;
}

function bulk(input: string, output: string) {
  return dcdesk(['bulk', input, '--output', output, '--env', 'sandbox', '--data-dir', work.dir]);
}

describe('dcdesk bulk --output', () => {
  const input = work.file('pedidos.csv');
  writeTransactionsCsv(input, 3);
  const original = readFileSync(input);

  it.each([
    ['the input itself', () => input],
    ['a symbolic link to the input', () => linked('link.csv', 'symlink')],
    ['a hard link to the input', () => linked('hard.csv', 'hard')],
    ['the input through a detour', () => work.file('sub/../pedidos.csv')],
  ])('refuses %s before anything is stored, and leaves the spreadsheet alone', async (_, out) => {
    mkdirSync(work.file('sub'), { recursive: true });
    const run = await bulk(input, out());
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toMatch(/--output is the input spreadsheet itself/);
    expect(readFileSync(input)).toEqual(original);
    expect(await storedBatches()).toEqual([]);
  });

  it.each([
    ['in a folder that does not exist', () => work.file('missing/out.json'), /does not exist/],
    ['that is a folder', () => folder('results.json'), /it is a folder/],
    // Linux's /proc answers "no such file" for a folder that is there.
    ['in a system folder', () => '/proc/out.json', /exists but does not take new files/],
  ])('refuses an output %s before anything is stored or sent', async (_, out, reason) => {
    const run = await bulk(input, out());
    // A file that cannot be written exits 1 (the README's table), with no usage hint.
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).not.toMatch(/--help/);
    expect(run.stderr).toMatch(/Cannot write /);
    expect(run.stderr).toMatch(reason);
    expect(await storedBatches()).toEqual([]);
  });

  it('says how to get the results when the output cannot be written after the batch', async () => {
    // Opening /dev/full succeeds; writing to it fails with "no space left on device".
    const full = linked('full.json', 'symlink', '/dev/full');
    const run = await bulk(input, full);
    expect(run.code, run.stderr).toBe(1);
    const [batch] = await storedBatches();
    expect(run.stderr).toMatch(/Cannot write .*full\.json: the disk is full/);
    expect(run.stderr).toContain(`dcdesk bulk --resume ${batch?.id ?? '?'} --output`);

    const again = await dcdesk([
      'bulk',
      '--resume',
      batch?.id ?? '',
      '--output',
      work.file('recovered.json'),
      '--env',
      'sandbox',
      '--data-dir',
      work.dir,
    ]);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(readFileSync(work.file('recovered.json'), 'utf8'))).toHaveLength(3);
  });

  function linked(name: string, kind: 'symlink' | 'hard', target = input): string {
    const file = work.file(name);
    if (!existsSync(file)) (kind === 'symlink' ? symlinkSync : linkSync)(target, file);
    return file;
  }

  function folder(name: string): string {
    mkdirSync(work.file(name), { recursive: true });
    return work.file(name);
  }
});
