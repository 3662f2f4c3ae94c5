import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newLeaseOwner } from '../../electron/core/batches/batch-lease';
import { createBatch } from '../../electron/core/bulk/batch';
import { countRecentlyLookedUp } from '../../electron/core/bulk/reuse';
import { reportService } from '../../electron/core/report/report-service';
import { devicePairsRepo } from '../../electron/core/store/device-pairs.repo';
import { outcomesRepo } from '../../electron/core/store/outcomes.repo';
import { leaseForDeletion } from '../../electron/core/store/row-slices';
import { rowsRepo } from '../../electron/core/store/rows.repo';
import { searchRepo } from '../../electron/core/store/search.repo';
import { teamAnswersRepo } from '../../electron/core/store/team-answers.repo';
import { unknownDevicesSql } from '../../electron/core/store/uploads.repo';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { sourceRows, startBatch } from '../support/bulk';
import { tempHistory } from '../support/history';
import { sampleTransaction } from '../support/transactions';

/**
 * A batch whose deletion started (a "Delete batch" or a purge going slice by slice, or one a
 * killed process left half done until the next opening ends it) is gone to every reader across
 * batches at once, as it is to the views of one batch: its rows are not found by a search, its
 * answers are not reused nor shared with the team, nor counted by the report, nor taken as where
 * a DeviceId was met. The batch is marked as the deletion marks it (`leaseForDeletion`), by a
 * live owner, so no opening ends the deletion meanwhile.
 */
let sandbox: SandboxHandle;
let history: Awaited<ReturnType<typeof tempHistory>>;
beforeAll(async () => (sandbox = await startSandbox()));
afterAll(() => sandbox.close());
beforeEach(async () => (history = await tempHistory()));
afterEach(() => history.close());

async function ranBatch(rows: ReturnType<typeof sourceRows>) {
  const { batch, run } = startBatch(history.db, sandbox, rows);
  await run.ended;
  return batch;
}

function markDeleting(batchId: string): void {
  const key = history.db
    .prepare<[string], number>('SELECT key FROM batches WHERE id = ?')
    .pluck()
    .get(batchId);
  history.db
    .transaction(() => leaseForDeletion(history.db, [key ?? 0], newLeaseOwner()))
    .immediate();
}

/** A transaction only the batch being deleted holds, answered with a device. */
function ownAnswer(batchId: string): { id: string; device: string } {
  const found = history.db
    .prepare<[string], { id: string; device: string }>(
      `SELECT r.external_id AS id, l.device_id AS device FROM batch_rows r
       JOIN lookups l ON l.batch_key = r.batch_key AND l.seq = r.seq
       JOIN batches b ON b.key = r.batch_key
       WHERE b.id = ? AND l.status = 'ok' AND r.seq > 4 ORDER BY r.seq LIMIT 1`,
    )
    .get(batchId);
  if (!found) throw new Error('no answered row of its own');
  return found;
}

const options = { suspeito: 'fraud', unreviewed: 'legit' } as const;

describe('a batch being deleted', () => {
  it('is gone to the search, reuse, the team, the report and the DeviceId checks', async () => {
    const kept = await ranBatch(sourceRows(4));
    const reported = reportService(history.db).report({ destination: 'sandbox' }, options);
    const going = await ranBatch([...sourceRows(4), ...sourceRows(4, 500)]);
    const own = ownAnswer(going.id);
    markDeleting(going.id);

    const search = searchRepo(history.db);
    const shared = sampleTransaction(0).externalID;
    expect(search.search(shared, 10).map((hit) => hit.batchId)).toEqual([kept.id]);
    expect(search.page(own.id, { limit: 10 })).toEqual({ hits: [], total: 0 });
    expect(search.targets(own.id, {})).toEqual([]);
    const device = search.device(own.device);
    expect(device.transactions).toEqual([]);
    expect(device.transactionCount).toBe(0);

    // Counted as if it were gone already: the kept batch's report.
    expect(reportService(history.db).report({ destination: 'sandbox' }, options)).toEqual(reported);

    const known = outcomesRepo(history.db).known(own.id, 'sandbox');
    expect(known.device).toBeNull();
    expect(known.seen).toBe(false);

    const asked = Array.from({ length: 4 }, (_, n) => sampleTransaction(500 + n));
    expect(countRecentlyLookedUp(history.db, asked, 7)).toBe(0);
    const again = createBatch(history.db, {
      sourceName: 'again.csv',
      sourceSha256: 'b',
      environment: 'sandbox',
      baseUrl: sandbox.url,
      rows: sourceRows(4, 500),
      skipLookedUpWithinDays: 7,
    });
    const stored = [...rowsRepo(history.db).iterate(again.id)];
    expect(stored.filter((row) => row.notes.includes('reused'))).toEqual([]);

    const team = teamAnswersRepo(history.db)
      .batches()
      .map((batch) => batch.batchId);
    expect(team).not.toContain(going.id);

    const pairs = JSON.stringify([[own.device, own.id]]);
    const devicePairs = devicePairsRepo(history.db);
    expect(devicePairs.unpaired('sandbox', pairs)).toEqual([0]);
    expect(devicePairs.answered('sandbox', pairs)).toEqual([]);
    const unknown = history.db
      .prepare<[{ devices: string; destination: string }], string>(unknownDevicesSql)
      .pluck()
      .all({ devices: JSON.stringify([own.device]), destination: 'sandbox' });
    expect(unknown).toEqual([own.device]);
  });
});
