/**
 * The data folder deleted while a batch runs (found by an outside tester: the window went on
 * writing answers into a file no longer there). The watch sees the file gone, and the runs pause
 * with the reason said, instead of storing answers that would be lost.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBatchService } from '../../electron/core/batches/batch-service';
import { createBatch } from '../../electron/core/bulk/batch';
import { historyFileWatch, historyGoneMessage } from '../../electron/core/store/history-file-watch';
import { rowsRepo } from '../../electron/core/store/rows.repo';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { sandboxClient, sourceRows } from '../support/bulk';
import { tempHistory } from '../support/history';

let sandbox: SandboxHandle;
beforeAll(async () => (sandbox = await startSandbox({ latencyMs: 20, seed: 5 })));
afterAll(() => sandbox.close());

describe('a data folder deleted while a batch runs', () => {
  it('is seen gone, and the run pauses saying so', async () => {
    const history = await tempHistory();
    try {
      const { db } = history;
      const service = createBatchService({
        db,
        clientFor: () => Promise.resolve(sandboxClient(sandbox)),
        onEvent: () => undefined,
      });
      const batch = createBatch(db, {
        sourceName: 'apagado.csv',
        sourceSha256: 'b'.repeat(64),
        environment: 'sandbox',
        baseUrl: sandbox.url,
        settings: { concurrency: 2 },
        rows: sourceRows(2000),
      });
      const watch = historyFileWatch(db.name);
      const resumed = await service.resume(batch.id);
      if (!resumed.ok) throw new Error(resumed.error.message);
      while (rowsRepo(db).counts(batch.id).ok < 5)
        await new Promise((settle) => setTimeout(settle, 5));
      expect(watch.gone()).toBe(false);

      rmSync(history.dir, { recursive: true, force: true });
      expect(watch.gone()).toBe(true);
      expect(service.pauseAll(historyGoneMessage(db.name))).toBe(1);
      const end = await resumed.value.run.ended;
      expect(end).toMatchObject({
        state: 'paused',
        reason: 'history_gone',
        message: expect.stringContaining(
          'was deleted or moved while the app had it open',
        ) as unknown,
      });
      expect(end.counts.done).toBeLessThan(2000);
    } finally {
      history.close();
    }
  }, 30_000);
});
