import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import {
  defaultLeaseTiming,
  leaseIsGone,
  leaseRepo,
  newLeaseOwner,
} from '../../electron/core/batches/batch-lease';
import { batchDeletion } from '../../electron/core/privacy/batch-deletion';
import { reviewService } from '../../electron/core/review/review-service';
import { batchesRepo } from '../../electron/core/store/batches.repo';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { sourceRows, startBatch } from '../support/bulk';
import { tempHistory } from '../support/history';

/**
 * Deleting one batch (a test run, a file imported by mistake): its rows and answers leave the
 * database files, with the reviews set on it that no other batch holds; a review of a transaction
 * another batch of the environment holds moves there. A batch a live process runs is refused.
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

/** The first answered rows of a batch, by seq. */
function answered(batchId: string, n: number): number[] {
  return history.db
    .prepare<[string, number], number>(
      `SELECT r.seq FROM batch_rows r JOIN batches b ON b.key = r.batch_key
       JOIN lookups l ON l.batch_key = r.batch_key AND l.seq = r.seq
       WHERE b.id = ? AND l.status = 'ok' ORDER BY r.seq LIMIT ?`,
    )
    .pluck()
    .all(batchId, n);
}

const databaseBytes = () =>
  Buffer.concat(
    readdirSync(history.dir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => readFileSync(path.join(history.dir, entry.name))),
  );

const count = (sql: string) => history.db.prepare<[], number>(sql).pluck().get();

describe('deleting a batch', () => {
  it('removes its rows, answers and own reviews; moves a review another batch holds', async () => {
    const shared = sourceRows(4);
    const mistaken = await ranBatch([...shared, ...sourceRows(4, 500)]);
    const kept = await ranBatch(shared);
    const review = reviewService(history.db);
    // Reviews on the batch: two of transactions the kept batch holds too, two of its own.
    const [a, b] = answered(mistaken.id, 2);
    const own = answered(mistaken.id, 8)
      .filter((seq) => seq > 4)
      .slice(0, 2);
    expect(own).toHaveLength(2);
    review.set(
      [a!, b!, ...own].map((seq) => ({ batchId: mistaken.id, seq })),
      'Fraude Confirmada',
    );
    const cpf = history.db
      .prepare<[], string>(
        `SELECT cpf FROM batch_rows WHERE seq = 8 AND batch_key = (SELECT MIN(key) FROM batches)`,
      )
      .pluck()
      .get();
    expect(cpf && databaseBytes().includes(cpf)).toBeTruthy();

    const deletion = batchDeletion(history.db);
    expect(deletion.preview(mistaken.id)).toEqual({
      ok: true,
      value: { rows: 8, outcomes: 2, shared: 0, wiped: true },
    });
    expect(deletion.delete(mistaken.id)).toEqual({
      ok: true,
      value: { rows: 8, outcomes: 2, shared: 0, wiped: true },
    });

    expect(batchesRepo(history.db).get(mistaken.id)).toBeNull();
    expect(count('SELECT COUNT(*) FROM batch_rows')).toBe(4);
    expect(count('SELECT COUNT(*) FROM outcomes')).toBe(2);
    expect(review.summary('sandbox', kept.id).total).toBe(2);
    const file = await review.fileRows('sandbox', { scope: 'all' });
    expect(file).toHaveLength(2);
    expect(cpf && databaseBytes().includes(cpf)).toBeFalsy();
  });

  it('moves a review only to a batch whose answer named the reviewed device', async () => {
    // The same transactions looked up twice, the second time in other sessions: other devices.
    const first = sourceRows(3, 700);
    const again = first.map((row, index) => ({
      ...row,
      raw: { ...row.raw, sessionID: `session-again-${String(index).padStart(24, '0')}` },
    }));
    const older = await ranBatch(first);
    const newer = await ranBatch(again);
    const review = reviewService(history.db);
    const [seq] = answered(newer.id, 1);
    review.set([{ batchId: newer.id, seq: seq! }], 'Fraude Confirmada');
    const devices = history.db
      .prepare<[number], string>(
        `SELECT l.device_id FROM lookups l JOIN batch_rows r USING (batch_key, seq)
         WHERE r.seq = ? ORDER BY l.batch_key`,
      )
      .pluck()
      .all(seq!);
    expect(devices).toHaveLength(2);
    expect(devices[0]).not.toBe(devices[1]);

    // The older batch's answer named another device: the review is not its.
    expect(batchDeletion(history.db).preview(newer.id)).toMatchObject({
      ok: true,
      value: { outcomes: 1 },
    });
    batchDeletion(history.db).delete(newer.id);
    expect(count('SELECT COUNT(*) FROM outcomes')).toBe(0);
    expect(review.summary('sandbox', older.id).total).toBe(0);
    expect(await review.fileRows('sandbox', { batchId: older.id, scope: 'all' })).toEqual([]);
  });

  it('keeps the trail the team database does not have yet', async () => {
    const batch = await ranBatch(sourceRows(3));
    const [seq] = answered(batch.id, 1);
    reviewService(history.db).set([{ batchId: batch.id, seq: seq! }], 'Suspeito');
    history.db.prepare('UPDATE outcome_changes SET pushed = 0').run();
    batchDeletion(history.db).delete(batch.id);
    expect(count('SELECT COUNT(*) FROM outcome_changes')).toBe(1);
    expect(count('SELECT COUNT(*) FROM outcomes')).toBe(0);
  });

  it('counts the reviews already shared with the team, which deleting does not withdraw', async () => {
    const batch = await ranBatch(sourceRows(8, 300));
    const seqs = answered(batch.id, 2);
    expect(seqs).toHaveLength(2);
    const review = reviewService(history.db);
    review.set(
      seqs.map((seq) => ({ batchId: batch.id, seq })),
      'Suspeito',
    );
    // The first one's trail line reached the team database.
    history.db
      .prepare(
        'UPDATE outcome_changes SET pushed = 1 WHERE rowid = (SELECT MIN(rowid) FROM outcome_changes)',
      )
      .run();
    expect(batchDeletion(history.db).preview(batch.id)).toEqual({
      ok: true,
      value: { rows: 8, outcomes: 2, shared: 1, wiped: true },
    });
  });

  it('refuses a batch a live process is running, and says which', async () => {
    const batch = await ranBatch(sourceRows(2));
    const elsewhere = { id: 'ws-2:77:beef', host: 'ws-2', pid: 77 };
    leaseRepo(history.db).take(batch.id, elsewhere, Date.now() - 1_000);
    const refused = batchDeletion(history.db).delete(batch.id);
    expect(refused.ok ? null : refused.error).toMatchObject({
      code: 'busy',
      message: expect.stringMatching(/is running \(.*ws-2.*\): pause or cancel it/) as unknown,
    });
    expect(batchesRepo(history.db).get(batch.id)).not.toBeNull();
    // The same lease, silent for a minute: nobody runs it any more.
    leaseRepo(history.db).take(batch.id, elsewhere, Date.now() - 60_000);
    expect(batchDeletion(history.db).delete(batch.id).ok).toBe(true);
  });

  it('deletes a big batch in short transactions, the lock free between them', async () => {
    const batch = await ranBatch(sourceRows(25));
    // Another process may write between two slices, and may not take the batch to run it.
    const other = new Database(path.join(history.dir, 'history.sqlite3'));
    other.pragma('busy_timeout = 0');
    const slices: number[] = [];
    const deleted = batchDeletion(history.db, {
      sliceRows: 10,
      onSlice: (gone) => {
        slices.push(gone);
        other.exec('BEGIN IMMEDIATE; COMMIT');
        const lease = leaseRepo(other).get(batch.id);
        expect(lease && leaseIsGone(lease, newLeaseOwner(), Date.now(), defaultLeaseTiming)).toBe(
          false,
        );
      },
    }).delete(batch.id);
    other.close();
    expect(slices).toEqual([10, 10, 5]);
    expect(deleted).toMatchObject({ ok: true, value: { rows: 25 } });
    expect(batchesRepo(history.db).get(batch.id)).toBeNull();
    expect(count('SELECT COUNT(*) FROM batch_rows')).toBe(0);
  });

  it('says there is no such batch', () => {
    expect(batchDeletion(history.db).preview('nope')).toMatchObject({
      ok: false,
      error: {
        code: 'no_batch',
        message: expect.stringMatching(/^There is no batch nope /) as unknown,
      },
    });
  });
});
