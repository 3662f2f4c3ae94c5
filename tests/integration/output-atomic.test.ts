import {
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeOutput } from '../../electron/core/bulk/output';
import { rowsRepo, type StoredRow } from '../../electron/core/store/rows.repo';
import { resultsFixture, type ResultsFixture } from './results-fixture';

let fixture: ResultsFixture;
beforeAll(async () => (fixture = await resultsFixture()));
afterAll(async () => fixture.close());

/** The batch's rows, then a failure part-way, as a history read failing mid-export would. */
function* failingAfter(count: number): Generator<StoredRow> {
  let given = 0;
  for (const row of rowsRepo(fixture.history.db).iterate(fixture.batchId)) {
    if (given === count) throw new Error('the history could not be read');
    given += 1;
    yield row;
  }
}

describe('writing the results file', () => {
  for (const name of ['saida.json', 'saida.csv', 'saida.xlsx']) {
    it(`leaves ${name} as it was when the write fails part-way, with no temporary file`, async () => {
      const folder = path.join(fixture.history.dir, name.replace('.', '-'));
      const file = path.join(folder, name);
      mkdirSync(folder);
      writeFileSync(file, 'the previous results');
      await expect(writeOutput(file, failingAfter(40))).rejects.toThrow(/could not be read/);
      expect(readFileSync(file, 'utf8')).toBe('the previous results');
      expect(readdirSync(folder)).toEqual([name]);
    });
  }

  it('replaces the file whole when the write succeeds', async () => {
    const file = path.join(fixture.history.dir, 'whole.json');
    writeFileSync(file, 'the previous results');
    const written = await writeOutput(file, rowsRepo(fixture.history.db).iterate(fixture.batchId));
    expect((JSON.parse(readFileSync(file, 'utf8')) as unknown[]).length).toBe(written.rows);
  });

  it('writes through a link to the file it points to, and keeps the link', async () => {
    const real = path.join(fixture.history.dir, 'real.json');
    const link = path.join(fixture.history.dir, 'link.json');
    writeFileSync(real, 'the previous results');
    symlinkSync(real, link);
    await writeOutput(link, rowsRepo(fixture.history.db).iterate(fixture.batchId));
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(real, 'utf8')).toMatch(/^\[/);
  });
});
