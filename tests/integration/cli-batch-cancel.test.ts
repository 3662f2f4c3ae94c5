/**
 * `dcdesk batches --cancel ID` stops a paused, interrupted or never-started batch for good, as
 * the app's Cancel does, without sending a row (real SQLite in a temporary folder).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createBatch } from '../../electron/core/bulk/batch';
import { openHistory } from '../../electron/core/store/db';
import { sourceRows } from '../support/bulk';
import { dcdesk } from '../support/cli';
import { tempDir } from '../support/files';

const work = tempDir('dcdesk-cli-cancel-');
afterAll(() => work.remove());

async function storedBatch(): Promise<string> {
  const history = await openHistory(work.dir);
  if (!history.ok) throw new Error(history.error.message);
  const stored = createBatch(history.value.db, {
    sourceName: 'parado.csv',
    sourceSha256: 'f'.repeat(64),
    environment: 'sandbox',
    baseUrl: 'embedded',
    rows: sourceRows(4),
  });
  history.value.db
    .prepare("UPDATE batches SET state = 'paused', pause_reason = 'interrupted' WHERE id = ?")
    .run(stored.id);
  history.value.db.close();
  return stored.id;
}

describe('dcdesk batches --cancel', () => {
  it('cancels an interrupted batch, and the list says so', async () => {
    const batchId = await storedBatch();
    const cancelled = await dcdesk(['batches', '--cancel', batchId, '--data-dir', work.dir]);
    expect(cancelled.stderr).toBe('');
    expect(cancelled.stdout).toBe(`Batch ${batchId} cancelled: 0 of 4 rows looked up.`);
    expect(cancelled.code).toBe(0);
    const listed = await dcdesk(['batches', '--json', '--data-dir', work.dir]);
    expect(JSON.parse(listed.stdout)).toMatchObject([{ id: batchId, state: 'cancelled' }]);
  });

  it('says so for a batch that is not there', async () => {
    const missing = await dcdesk(['batches', '--cancel', 'nao-existe', '--data-dir', work.dir]);
    // A validation error, as every id dcdesk is given and does not know.
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('There is no batch nao-existe');
  });
});
