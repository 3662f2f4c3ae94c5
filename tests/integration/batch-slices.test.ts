/**
 * A batch stored slice by slice (issue 13): its lookups start after the first slice, the runner
 * waits for rows still being stored instead of finishing, every row is sent exactly once, and a
 * batch whose process stopped while storing is resumed only with its file.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBatchService } from '../../electron/core/batches/batch-service';
import type { SourceRow } from '../../electron/core/bulk/batch';
import { createBatchInSlices } from '../../electron/core/bulk/batch-slices';
import { inlineRowWriter } from '../../electron/core/bulk/row-writes';
import type { BatchEvent } from '../../electron/core/bulk/progress';
import { runBatch } from '../../electron/core/bulk/runner';
import { batchesRepo } from '../../electron/core/store/batches.repo';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { sandboxClient, sourceRows } from '../support/bulk';
import { tempHistory } from '../support/history';

let sandbox: SandboxHandle;
const histories: Array<Awaited<ReturnType<typeof tempHistory>>> = [];
beforeAll(async () => (sandbox = await startSandbox()));
afterAll(() => sandbox.close());
afterEach(() => histories.splice(0).forEach((history) => history.close()));

async function history() {
  const opened = await tempHistory();
  histories.push(opened);
  return opened;
}

const input = (rows: SourceRow[]) => ({
  sourceName: 'slices.csv',
  sourceSha256: 'c'.repeat(64),
  environment: 'sandbox' as const,
  baseUrl: sandbox.url,
  settings: { concurrency: 4 },
  rows,
  total: rows.length,
});

/** Rows with one invalid row (no transaction ID) in every hundred. */
function rowsWithInvalid(n: number): SourceRow[] {
  return sourceRows(n, 40_000).map((row, index) =>
    index % 100 === 99 ? { ...row, raw: { ...row.raw, externalID: undefined } } : row,
  );
}

describe('a batch stored slice by slice', () => {
  it('is marked stored with the slice holding its last row, even when that slice is full (attack c3)', async () => {
    const { db } = await history();
    // The first slice holds every row: nothing is left to store.
    const whole = createBatchInSlices(db, input(sourceRows(50, 41_000)), new Date(), 50);
    expect(whole.batch).toMatchObject({ storing: false, total: 50 });
    // The last later slice is full (5,000 rows): a kill before an empty slice after it left the
    // batch "incomplete" with every row stored, and its resume asked for the file.
    const rows = sourceRows(5_050, 42_000);
    const sliced = createBatchInSlices(db, input(rows), new Date(), 50);
    const totals: Array<number | null> = [];
    const writer = inlineRowWriter(db);
    await sliced.storeRest({
      ...writer,
      insert: (part) => {
        totals.push(part.total);
        return writer.insert(part);
      },
    });
    expect(totals).toEqual([5_050]);
    expect(batchesRepo(db).get(sliced.batch.id)).toMatchObject({ storing: false, total: 5_050 });
  });

  it('sends its first rows before the last are stored, and every row exactly once', async () => {
    const { db } = await history();
    sandbox.resetCounters();
    const rows = rowsWithInvalid(1_000);
    const { batch, storeRest } = createBatchInSlices(db, input(rows), new Date(), 50);
    expect(batch).toMatchObject({ storing: true, total: 1_000 });
    const events: BatchEvent[] = [];
    const run = runBatch(batch.id, {
      db,
      client: sandboxClient(sandbox),
      onEvent: (event) => events.push(event),
    });
    // Requests go out while the rows are stored, slice by slice, between the answers.
    await expect.poll(() => sandbox.counters().insights).toBeGreaterThan(0);
    expect(batchesRepo(db).get(batch.id)?.storing).toBe(true);
    expect(await storeRest()).toBe(1_000);
    const end = await run.ended;
    expect(end.state).toBe('finished');
    expect(end.counts).toMatchObject({ total: 1_000, done: 1_000, invalid: 10 });
    expect(end.counts.ok + end.counts.noContent).toBe(990);
    expect(sandbox.counters().insights).toBe(990);
    const record = batchesRepo(db).get(batch.id);
    expect(record).toMatchObject({ storing: false, total: 1_000, state: 'finished' });
    // Input order kept: the rows are numbered as in the file.
    const sources = db
      .prepare(
        'SELECT source_row FROM batch_rows WHERE batch_key = (SELECT key FROM batches WHERE id = ?) ORDER BY seq',
      )
      .all(batch.id)
      .map((row) => (row as { source_row: number }).source_row);
    expect(sources).toEqual(rows.map((row) => row.row));
  });

  it('waits for rows being stored rather than finishing early', async () => {
    const { db } = await history();
    const rows = sourceRows(30, 41_000);
    const { batch, storeRest } = createBatchInSlices(db, input(rows), new Date(), 10);
    const run = runBatch(batch.id, {
      db,
      client: sandboxClient(sandbox),
      onEvent: () => undefined,
    });
    // Longer than the first slice takes to answer: the run must still be waiting, not finished.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(batchesRepo(db).get(batch.id)?.state).toBe('running');
    await storeRest();
    expect((await run.ended).counts).toMatchObject({
      total: 30,
      ok: expect.any(Number) as unknown,
    });
    expect(batchesRepo(db).get(batch.id)?.state).toBe('finished');
  });

  it('is resumed only with its file after its process stopped while storing', async () => {
    const { db } = await history();
    const rows = sourceRows(120, 42_000);
    // The process stops after the first slice: the rest is never stored.
    const { batch } = createBatchInSlices(db, input(rows), new Date(), 40);
    const service = createBatchService({
      db,
      clientFor: () => Promise.resolve(sandboxClient(sandbox)),
      onEvent: () => undefined,
    });
    const plain = await service.resume(batch.id);
    expect(plain).toMatchObject({ ok: false, error: { code: 'validation' } });
    if (!plain.ok)
      expect(plain.error.message).toMatch(/stopped while its rows were being stored.*--resume/);

    sandbox.resetCounters();
    const resumed = await service.resumeStoring(batch.id, rows);
    if (!resumed.ok) throw new Error(resumed.error.message);
    expect(await resumed.value.stored).toEqual({ ok: true, value: 120 });
    const end = await resumed.value.run.ended;
    expect(end.state).toBe('finished');
    expect(end.counts.total).toBe(120);
    expect(sandbox.counters().insights).toBe(120);
    const seqs = db
      .prepare(
        'SELECT COUNT(*) AS n, COUNT(DISTINCT source_row) AS rows FROM batch_rows WHERE batch_key = (SELECT key FROM batches WHERE id = ?)',
      )
      .get(batch.id);
    expect(seqs).toEqual({ n: 120, rows: 120 });
  });

  it('keeps the concurrency and rate a resume runs at with the batch', async () => {
    const { db } = await history();
    const rows = sourceRows(60, 44_000);
    const { batch } = createBatchInSlices(db, input(rows), new Date(), 20);
    const service = createBatchService({
      db,
      clientFor: () => Promise.resolve(sandboxClient(sandbox)),
      onEvent: () => undefined,
    });
    const stored = await service.resumeStoring(batch.id, rows, {
      concurrency: 2,
      ratePerSecond: 500,
    });
    if (!stored.ok) throw new Error(stored.error.message);
    await Promise.all([stored.value.stored, stored.value.run.ended]);
    const settings = () => batchesRepo(db).get(batch.id)?.settings;
    expect(settings()).toMatchObject({ concurrency: 2, ratePerSecond: 500, timeoutMs: 30_000 });

    const again = await service.resume(batch.id, { pace: { ratePerSecond: null } });
    if (!again.ok) throw new Error(again.error.message);
    await again.value.run.ended;
    expect(settings()).toMatchObject({ concurrency: 2, ratePerSecond: null });
  });
});
