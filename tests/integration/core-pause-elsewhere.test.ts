/**
 * Pause, in the window, of a batch another program (dcdesk) is running. Found by an outside
 * tester: the window answered ok with the batch still running and did nothing; it says now that
 * another program runs it, and where to pause it.
 */
import { hostname } from 'node:os';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/core/create-core';
import { leaseRepo } from '../../electron/core/batches/batch-lease';
import { createBatch } from '../../electron/core/bulk/batch';
import { batchesRepo } from '../../electron/core/store/batches.repo';
import { historyFileName } from '../../electron/core/store/db';
import { sourceRows } from '../support/bulk';
import { tempDir } from '../support/files';
import { testCore } from '../support/test-core';

const opened: Array<{ core: Core; remove: () => void }> = [];
afterEach(async () => {
  for (const { core, remove } of opened.splice(0)) {
    await core.close();
    remove();
  }
});

describe('Pause of a batch another program runs', () => {
  it('is refused, naming that program, and the batch is left to it', async () => {
    const work = tempDir('dcdesk-core-pause-');
    const core = await testCore(work.dir);
    opened.push({ core, remove: work.remove });
    // dcdesk, as another connection: the batch stored, running, its lease held and renewed.
    const other = new Database(work.file(historyFileName));
    const batch = createBatch(other, {
      sourceName: 'dcdesk.csv',
      sourceSha256: 'd'.repeat(64),
      environment: 'sandbox',
      baseUrl: 'embedded',
      settings: { concurrency: 2 },
      rows: sourceRows(5),
    });
    const owner = { id: 'dcdesk-elsewhere', host: hostname(), pid: process.ppid };
    leaseRepo(other).take(batch.id, owner, Date.now());
    batchesRepo(other).setState(batch.id, 'running', new Date().toISOString());
    other.close();

    const paused = await core.call('batches.pause', { batchId: batch.id });
    expect(paused).toMatchObject({ ok: false, error: { code: 'busy' } });
    if (paused.ok) return;
    expect(paused.error.message).toContain(
      `Batch ${batch.id} is being run by another program (pid ${String(process.ppid)} on host`,
    );
    expect(paused.error.message).toContain('pause it there');
  });
});
