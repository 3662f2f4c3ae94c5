import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBatchInSlices } from '../../electron/core/bulk/batch-slices';
import { dcdesk } from '../support/cli';
import { sourceRows } from '../support/bulk';
import { tempHistory } from '../support/history';

/**
 * A batch whose process was killed while its rows were being stored lacks rows: it resumes only
 * with its file, so `dcdesk batches` says so rather than "interrupted, resume it with --resume ID".
 */
let history: Awaited<ReturnType<typeof tempHistory>>;
beforeEach(async () => (history = await tempHistory()));
afterEach(() => history.close());

describe('dcdesk batches, a batch killed while its rows were stored', () => {
  it('shows it as incomplete, with how many rows are stored and the command with its file', async () => {
    const { batch } = createBatchInSlices(
      history.db,
      {
        sourceName: 'big file.csv',
        sourceSha256: 'a'.repeat(64),
        environment: 'sandbox',
        baseUrl: 'embedded',
        rows: sourceRows(3000),
        total: 5000,
      },
      new Date(),
      1200,
    );
    const json = await dcdesk(['batches', '--json', '--data-dir', history.dir]);
    expect(JSON.parse(json.stdout)).toMatchObject([
      { id: batch.id, state: 'incomplete', total: 5000, stored: 1200, needsFile: true },
    ]);
    const text = await dcdesk(['batches', '--data-dir', history.dir]);
    expect(text.stdout).toMatch(new RegExp(`${batch.id}\\s+incomplete`));
    expect(text.stdout).toContain(
      `Batch ${batch.id} is incomplete: 1,200 of 5,000 rows stored. Resume it with its file (big file.csv): dcdesk bulk --resume ${batch.id} INPUT --output OUTPUT`,
    );
    const help = await dcdesk(['batches', '--help']);
    expect(help.stdout.replace(/\s+/g, ' ')).toContain(
      'is shown as incomplete: resume it with its file, dcdesk bulk --resume ID INPUT',
    );
  });
});
