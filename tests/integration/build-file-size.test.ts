import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewService } from '../../electron/core/review/review-service';
import { buildFile, type BuildFileTask } from '../../electron/core/tasks/build-file';
import { outcomesFixture, type OutcomesFixture } from './outcomes-fixture';

let fixture: OutcomesFixture;
let dir: string;
beforeAll(async () => {
  fixture = await outcomesFixture(24);
  dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-build-size-'));
  await reviewService(fixture.db).setFiltered(fixture.batchId, {}, 'Suspeito');
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await fixture.close();
});

const task = (fileKind: 'csv' | 'zip'): BuildFileTask => ({
  environment: 'sandbox',
  batchId: fixture.batchId,
  scope: 'all',
  exclude: [],
  fileKind,
  separator: ',',
  fileName: `rv.${fileKind}`,
  path: path.join(dir, `rv.${fileKind}`),
});

describe('a CSV over the most the app sends is refused before its rows are read', () => {
  it('knows the CSV’s size from the history alone, to the byte', async () => {
    const built = await buildFile(fixture.db, task('csv'), () => undefined);
    const bytes = readFileSync(path.join(dir, 'rv.csv')).length;
    expect(reviewService(fixture.db).fileMeasure('sandbox', task('csv')).csvBytes).toBe(bytes);
    expect(built.rows).toBeGreaterThan(10);
  });

  it('refuses it at once, naming its size, and reads no row', async () => {
    const measure = reviewService(fixture.db).fileMeasure('sandbox', task('csv'));
    const told: number[] = [];
    const built = await buildFile(fixture.db, task('csv'), (done) => told.push(done), {
      maxBytes: measure.csvBytes - 1,
    });
    expect(built.file).toBeNull();
    expect(built.problems).toMatchObject([{ code: 'too_large', line: 0 }]);
    expect(told.every((done) => done === 0)).toBe(true);
    // A zip of the same rows is built: it is a third of the size.
    const zip = await buildFile(fixture.db, task('zip'), () => undefined, {
      maxBytes: measure.csvBytes - 1,
    });
    expect(zip.file).not.toBeNull();
  });
});
