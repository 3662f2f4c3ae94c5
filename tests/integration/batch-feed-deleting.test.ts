import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newLeaseOwner } from '../../electron/core/batches/batch-lease';
import { batchFeeds } from '../../electron/core/batches/batch-feed';
import { leaseForDeletion } from '../../electron/core/store/row-slices';
import { sourceRows } from '../support/bulk';
import { tempHistory } from '../support/history';

/**
 * A batch whose rows a window still sends while its deletion runs (a `dcdesk purge --batch` of a
 * batch half stored): the window's next slice is refused as the batch being deleted, and stores
 * nothing the deletion would have to find again.
 */
let history: Awaited<ReturnType<typeof tempHistory>>;
beforeEach(async () => (history = await tempHistory()));
afterEach(() => history.close());

const rowsOf = (batchId: string) =>
  history.db
    .prepare(
      'SELECT COUNT(*) FROM batch_rows WHERE batch_key = (SELECT key FROM batches WHERE id = ?)',
    )
    .pluck()
    .get(batchId);

describe('rows sent to a batch being deleted', () => {
  it('are refused, and neither stored nor the batch ended', () => {
    const feeds = batchFeeds(history.db);
    const rows = sourceRows(6);
    const batch = feeds.begin(
      {
        sourceName: 'pedidos.csv',
        sourceSha256: 'a'.repeat(64),
        environment: 'sandbox',
        baseUrl: 'http://127.0.0.1:1',
        rows: rows.slice(0, 3),
        total: 6,
      },
      new Date(),
    );
    const key = history.db
      .prepare('SELECT key FROM batches WHERE id = ?')
      .pluck()
      .get(batch.id) as number;
    history.db.transaction(() => leaseForDeletion(history.db, [key], newLeaseOwner())).immediate();

    const slice = { after: 3, rows: rows.slice(3), last: true };
    expect(feeds.add(batch.id, slice, new Date())).toMatchObject({
      ok: false,
      error: { code: 'deleting' },
    });
    expect(feeds.keep(batch.id, new Date())).toMatchObject({
      ok: false,
      error: { code: 'deleting' },
    });
    expect(rowsOf(batch.id)).toBe(3);
  });
});
