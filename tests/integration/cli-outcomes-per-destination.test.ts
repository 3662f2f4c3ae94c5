import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { dcdesk } from '../support/cli';
import { tempDir, writeTransactionsCsv } from '../support/files';
import { sampleTransaction } from '../support/transactions';

/**
 * The same transactions looked up in the sandbox and then at another address (a sandbox process
 * stands in for it): each destination keeps its own review of them (an outcome is of a
 * transaction in one environment), as the user guide says and the team database stores them.
 */
let other: SandboxHandle;
const work = tempDir('dcdesk-cli-outcomes-per-destination-');
const cli = (...args: string[]) => dcdesk([...args, '--data-dir', work.dir]);
const order = (n: number) => sampleTransaction(n).externalID;

/** The `Resultado` of each transaction in a bulk output (JSON). */
function outcomesIn(file: string): Record<string, string | null> {
  const records = JSON.parse(readFileSync(file, 'utf8')) as Array<{
    externalID: string;
    Resultado: string | null;
  }>;
  return Object.fromEntries(records.map((record) => [record.externalID, record.Resultado]));
}

/** A built file's lines after its header. */
const fileLines = (file: string) => readFileSync(file, 'utf8').trim().split(/\r?\n/).slice(1);

beforeAll(async () => {
  other = await startSandbox();
  writeTransactionsCsv(work.file('pedidos.csv'), 4);
  writeFileSync(
    work.file('sandbox-casos.csv'),
    `Pedido,Resultado\r\n${order(0)},Fraude Confirmada`,
  );
  writeFileSync(work.file('other-casos.csv'), `Pedido,Resultado\r\n${order(0)},Suspeito`);
});
afterAll(async () => {
  await other.close();
  work.remove();
});

describe('one transaction reviewed in two destinations', () => {
  it('keeps both outcomes, each in its own results, file and report', async () => {
    const inSandbox = await cli('bulk', work.file('pedidos.csv'), '--output', work.file('s.json'));
    expect(inSandbox.code, inSandbox.stderr).toBe(0);
    const reviewed = await cli('outcomes', 'import', work.file('sandbox-casos.csv'));
    expect(reviewed.stdout).toContain('Applied 1 outcome.');

    // The same transactions at another address: not reviewed there.
    const there = await cli(
      'bulk',
      work.file('pedidos.csv'),
      '--output',
      work.file('x.json'),
      '--base-url',
      other.url,
    );
    expect(there.code, there.stderr).toBe(0);
    expect(outcomesIn(work.file('x.json'))[order(0)]).toBeNull();

    // Reviewed there: no conflict with the sandbox's review, which stays as it was.
    const check = await cli(
      'outcomes',
      'import',
      work.file('other-casos.csv'),
      '--base-url',
      other.url,
      '--dry-run',
      '--json',
    );
    expect(JSON.parse(check.stdout)).toMatchObject({ report: { conflicts: [], toApply: 1 } });
    const applied = await cli(
      'outcomes',
      'import',
      work.file('other-casos.csv'),
      '--base-url',
      other.url,
      '--replace-conflicts',
    );
    expect(applied.stdout).toContain('Applied 1 outcome.');

    const sandboxFile = work.file('sandbox.csv');
    const forSandbox = await cli('outcomes', 'build', '--output', sandboxFile);
    expect(forSandbox.code, forSandbox.stderr).toBe(0);
    expect(fileLines(sandboxFile)).toEqual([
      expect.stringMatching(new RegExp(`^${order(0)},[^,]+,Fraude Confirmada$`)),
    ]);
    const otherFile = work.file('other.csv');
    const forOther = await cli('outcomes', 'build', '--output', otherFile, '--base-url', other.url);
    expect(forOther.code, forOther.stderr).toBe(0);
    expect(fileLines(otherFile)).toEqual([
      expect.stringMatching(new RegExp(`^${order(0)},[^,]+,Suspeito$`)),
    ]);

    // Each report counts its own review: Suspeito left out, the other's fraud not counted.
    const report = async (...where: string[]) => {
      const run = await cli('report', ...where, '--suspeito', 'exclude', '--json');
      expect(run.code, run.stderr).toBe(0);
      return (JSON.parse(run.stdout) as { labels: { positive: number; excluded: number } }).labels;
    };
    expect(await report('--env', 'sandbox')).toMatchObject({ positive: 1, excluded: 0 });
    expect(await report('--base-url', other.url)).toMatchObject({ positive: 0, excluded: 1 });

    // Looked up again, each destination's rows show its own review.
    for (const [file, where, outcome] of [
      ['s2.json', ['--env', 'sandbox'], 'Fraude Confirmada'],
      ['x2.json', ['--base-url', other.url], 'Suspeito'],
    ] as const) {
      const run = await cli(
        'bulk',
        work.file('pedidos.csv'),
        '--output',
        work.file(file),
        ...where,
      );
      expect(run.code, run.stderr).toBe(0);
      expect(outcomesIn(work.file(file))[order(0)]).toBe(outcome);
    }
  });
});
