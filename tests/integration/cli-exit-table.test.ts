/**
 * The README's exit code table, walked command by command for the mistakes every command that
 * takes a batch, writes a file or reads a spreadsheet can meet: an unknown batch ID is a mistake in
 * the command line (2, as `validation`), an output file in a folder that does not exist is a file
 * that could not be used (1), said before any work, and so is an input file without the columns
 * the command needs (1). A command that disagreed with the others left scripts guessing.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin } from '../support/cli';
import { tempDir, writeTransactionsCsv } from '../support/files';
import { sampleTransaction } from '../support/transactions';

const work = tempDir('dcdesk-cli-exit-table-');
const cli = (args: string[]) => runBin([...args, '--data-dir', work.dir]);
let batchId = '';

beforeAll(async () => {
  writeTransactionsCsv(work.file('pedidos.csv'), 3);
  const bulk = await cli(['bulk', work.file('pedidos.csv'), '--output', work.file('a.json')]);
  expect(bulk.code, bulk.stderr).toBe(0);
  const ids = [0, 1, 2].map((n) => `${sampleTransaction(n).externalID},Suspeito`);
  writeFileSync(work.file('casos.csv'), ['Pedido,Resultado', ...ids].join('\r\n'));
  const review = await cli(['outcomes', 'import', work.file('casos.csv')]);
  expect(review.code, review.stderr).toBe(0);
  const batches = JSON.parse((await cli(['batches', '--json'])).stdout) as Array<{ id: string }>;
  batchId = batches[0]?.id ?? '';
});
afterAll(() => work.remove());

describe('an unknown batch ID is a usage mistake: exit code 2 from every command', () => {
  it.each([
    ['bulk --resume', () => ['bulk', '--resume', 'nope', '--output', work.file('r.json')]],
    ['report --batch', () => ['report', '--batch', 'nope', '--json']],
    ['outcomes build --batch', () => ['outcomes', 'build', '--batch', 'nope', '-o', 'x.csv']],
    ['purge --batch', () => ['purge', '--batch', 'nope', '--yes']],
    ['batches --cancel', () => ['batches', '--cancel', 'nope']],
  ])('%s nope', async (_, argv) => {
    const run = await cli(argv());
    expect(run.stderr).toMatch(/no batch nope/i);
    expect(run.code, run.stderr).toBe(2);
  });
});

describe('an output file in a folder that does not exist: exit code 1 from every command', () => {
  const missing = (name: string) => work.file(`no-such-folder/${name}`);
  it.each([
    ['bulk --output', () => ['bulk', work.file('pedidos.csv'), '--output', missing('b.csv')]],
    ['bulk --resume --output', () => ['bulk', '--resume', batchId, '--output', missing('r.csv')]],
    ['report --html', () => ['report', '--html', missing('r.html')]],
    ['outcomes build --output', () => ['outcomes', 'build', '--output', missing('o.csv')]],
  ])('%s', async (_, argv) => {
    const run = await cli(argv());
    expect(run.stderr).toContain(
      `the folder ${work.file('no-such-folder')} does not exist. Create it, or choose a file in a folder that exists.`,
    );
    expect(run.stderr).not.toMatch(/--help/);
    expect(run.code, run.stderr).toBe(1);
    expect(existsSync(work.file('no-such-folder'))).toBe(false);
  });

  it.each([
    ['bulk --output', (out: string) => ['bulk', work.file('pedidos.csv'), '--output', out]],
    ['report --html', (out: string) => ['report', '--html', out]],
    ['outcomes build --output', (out: string) => ['outcomes', 'build', '--output', out]],
  ])('%s through a missing folder and back (sub/..) names the missing folder', async (_, argv) => {
    const run = await cli(argv(`${work.dir}/sub/../fresh.csv`));
    expect(run.stderr).toContain(
      `the folder ${work.file('sub')} does not exist. Create it, or choose a file in a folder that exists.`,
    );
    expect(run.stderr).toContain(`the folder ${work.file('sub')} does not exist`);
    expect(run.stderr).not.toMatch(/system folder/);
    expect(run.code, run.stderr).toBe(1);
  });
});

describe('the output file is checked before any work, so its folder is what is said', () => {
  // An empty history: building or reporting would stop at "nothing reviewed" or "no AUC" first.
  const empty = tempDir('dcdesk-cli-exit-table-empty-');
  afterAll(() => empty.remove());
  const inEmpty = (args: string[]) => runBin([...args, '--data-dir', empty.dir]);
  it.each([
    ['outcomes build --output', (out: string) => ['outcomes', 'build', '--output', out]],
    ['report --html', (out: string) => ['report', '--html', out]],
  ])('%s', async (_, argv) => {
    const run = await inEmpty(argv(`${empty.dir}/sub/../fresh.csv`));
    expect(run.stderr).toContain(
      `Cannot write ${empty.dir}/sub/../fresh.csv: the folder ${empty.file('sub')} does not exist. Create it, or choose a file in a folder that exists.`,
    );
    expect(run.stderr).not.toMatch(/no reviewed transactions|no AUC/);
    expect(run.code, run.stderr).toBe(1);
    expect(existsSync(empty.file('fresh.csv'))).toBe(false);
  });
});

describe('an input file without the columns the command needs: exit code 1 from every command', () => {
  it.each([
    ['bulk', (file: string) => ['bulk', file, '--output', work.file('n.json')]],
    ['outcomes import', (file: string) => ['outcomes', 'import', file]],
    ['upload', (file: string) => ['upload', file]],
  ])('%s', async (_, argv) => {
    writeFileSync(work.file('other.csv'), 'Nome,Valor\r\nAna,10\r\n');
    const run = await cli(argv(work.file('other.csv')));
    expect(run.stderr).toMatch(/other\.csv/);
    expect(run.stderr).not.toMatch(/--help/);
    expect(run.code, run.stderr).toBe(1);
  });

  it('outcomes import --id-column naming no header of the file is a usage mistake (2), as --sheet is', async () => {
    writeFileSync(work.file('casos-2.csv'), 'Pedido,Resultado\r\nPED-1,Suspeito\r\n');
    const run = await cli(['outcomes', 'import', work.file('casos-2.csv'), '--id-column', 'Nope']);
    expect(run.stderr).toContain("no column 'Nope'");
    expect(run.code, run.stderr).toBe(2);
  });
});
