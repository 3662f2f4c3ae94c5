/**
 * A disk that fills up while a batch runs: the run pauses with the reason said (the window words
 * it in both languages), not as a crash, and every answer stored before stays. SQLite's own
 * limit on the file's size (`max_page_count`) makes the history full exactly as a full disk does
 * (SQLITE_FULL), without a disk of its own (cli-disk-failures.test.ts mounts one, where allowed).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBatchService } from '../../electron/core/batches/batch-service';
import { batchViews } from '../../electron/core/batches/batch-views';
import { createBatch } from '../../electron/core/bulk/batch';
import { rowsRepo } from '../../electron/core/store/rows.repo';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { sandboxClient, sourceRows, startBatch } from '../support/bulk';
import { tempHistory } from '../support/history';

let sandbox: SandboxHandle;
let history: Awaited<ReturnType<typeof tempHistory>>;

beforeAll(async () => {
  sandbox = await startSandbox({ latencyMs: 2, seed: 3 });
});
afterAll(() => sandbox.close());
beforeEach(async () => (history = await tempHistory()));
afterEach(() => history.close());

describe('a batch whose history fills its disk mid-run', () => {
  it('pauses for the full disk, keeps its answers and blames no crash', async () => {
    const { batch, run, events } = startBatch(history.db, sandbox, sourceRows(3000), {
      concurrency: 8,
    });
    // Once some answers are stored, the file may grow no more.
    while (rowsRepo(history.db).counts(batch.id).ok < 50)
      await new Promise((settle) => setTimeout(settle, 5));
    const pages = history.db.pragma('page_count', { simple: true }) as number;
    history.db.pragma(`max_page_count = ${pages}`);

    const end = await run.ended;
    expect(end).toMatchObject({ state: 'paused', reason: 'disk_full' });
    expect(events.at(-1)).toMatchObject({ type: 'paused', reason: 'disk_full' });
    history.db.pragma('max_page_count = 1073741823');

    const view = batchViews(history.db).get(batch.id);
    if (!view.ok) throw new Error(view.error.message);
    expect(view.value).toMatchObject({ state: 'paused', pauseReason: 'disk_full' });
    expect(view.value.pauseMessage).toContain('The disk holding the history is full');
    // Nothing stored was lost: the rows done are those the run counted.
    expect(view.value.counts.done).toBe(end.counts.done);
    expect(view.value.counts.done).toBeGreaterThanOrEqual(50);
  }, 30_000);

  it('still shows the pause for the full disk when even the pause cannot be written', async () => {
    const db = history.db;
    const service = createBatchService({
      db,
      clientFor: () => Promise.resolve(sandboxClient(sandbox)),
      onEvent: () => undefined,
    });
    const batch = createBatch(db, {
      sourceName: 'cheio.csv',
      sourceSha256: 'c'.repeat(64),
      environment: 'sandbox',
      baseUrl: sandbox.url,
      settings: { concurrency: 8 },
      rows: sourceRows(3000),
    });
    // The state is written in place, so it fits where new answers do not: refused here as a
    // disk with no room for the journal would refuse it.
    db.exec(`CREATE TRIGGER no_state BEFORE UPDATE OF state ON batches
      WHEN NEW.state = 'paused' BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`);
    const resumed = await service.resume(batch.id);
    if (!resumed.ok) throw new Error(resumed.error.message);
    while (rowsRepo(db).counts(batch.id).ok < 50)
      await new Promise((settle) => setTimeout(settle, 5));
    db.pragma(`max_page_count = ${String(db.pragma('page_count', { simple: true }))}`);

    const end = await resumed.value.run.ended;
    expect(end).toMatchObject({ state: 'paused', reason: 'disk_full' });
    db.pragma('max_page_count = 1073741823');
    // Stored as running still, and no longer run here: read as a crash but for this process's
    // memory of why it stopped.
    const view = service.get(batch.id);
    if (!view.ok) throw new Error(view.error.message);
    expect(view.value).toMatchObject({ state: 'paused', pauseReason: 'disk_full', live: false });
  }, 30_000);
});
