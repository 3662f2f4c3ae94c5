/**
 * A batch no runner holds (paused, interrupted, never started) is cancelled without being resumed
 * first: resuming it to cancel it would send more rows to the service.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BatchEvent } from '../../shared/batch';
import type { BatchSummary } from '../../shared/contract/results';
import { createCore, type Core } from '../../electron/core/create-core';
import { createBatch } from '../../electron/core/bulk/batch';
import { createKeychainStore } from '../../electron/core/credentials/keychain';
import { leaseRepo, newLeaseOwner } from '../../electron/core/batches/batch-lease';
import { openHistory } from '../../electron/core/store/db';
import { sourceRows } from '../support/bulk';
import { startSandbox } from '../../electron/sandbox';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

async function openCore(dataDir: string): Promise<Core> {
  const core = await createCore({
    dataDir,
    fetch: globalThis.fetch,
    keychain: createKeychainStore({ service: `dcdesk core-batch-cancel ${String(process.pid)}` }),
    startSandbox,
    version: 'test',
    locale: 'en-US',
    platform: process.platform,
  });
  if (!core.ok) throw new Error(core.error.message);
  return core.value;
}

/** A batch stored in a fresh history and never started (state `ready`, no lease). */
async function storedBatch(rows: number): Promise<{ dataDir: string; batchId: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dcdesk-cancel-'));
  dirs.push(dataDir);
  const history = await openHistory(dataDir);
  if (!history.ok) throw new Error(history.error.message);
  const stored = createBatch(history.value.db, {
    sourceName: 'parado.csv',
    sourceSha256: 'e'.repeat(64),
    environment: 'sandbox',
    baseUrl: 'embedded',
    rows: sourceRows(rows),
  });
  history.value.db.close();
  return { dataDir, batchId: stored.id };
}

async function summaryOf(core: Core, batchId: string): Promise<BatchSummary> {
  const got = await core.call('batches.get', { batchId });
  if (!got.ok) throw new Error(got.error.message);
  return got.value as BatchSummary;
}

describe('cancelling a batch no runner holds', () => {
  it('cancels a batch that never started, sends nothing, and tells every window', async () => {
    const { dataDir, batchId } = await storedBatch(5);
    const core = await openCore(dataDir);
    const events: BatchEvent[] = [];
    core.subscribe((name, payload) => {
      if (name === 'main:batch.progress') events.push(payload as BatchEvent);
    });
    expect((await summaryOf(core, batchId)).state).toBe('ready');

    const cancelled = await core.call('batches.cancel', { batchId });
    expect(cancelled).toMatchObject({ ok: true, value: { state: 'cancelled', live: false } });
    const after = await summaryOf(core, batchId);
    expect(after).toMatchObject({ state: 'cancelled', counts: { total: 5, done: 0 } });
    expect(events).toEqual([{ type: 'cancelled', batchId, counts: after.counts }]);
    // Cancelled is for good: a second cancel changes nothing and says nothing.
    await core.call('batches.cancel', { batchId });
    expect(events).toHaveLength(1);
    await core.close();
  });

  it('cancels a batch the app closed in the middle of (paused as interrupted)', async () => {
    const { dataDir, batchId } = await storedBatch(5);
    const first = await openCore(dataDir);
    await first.call('batches.pause', { batchId });
    await first.close();
    // Left `running` by a process that died: the next start pauses it as interrupted.
    const history = await openHistory(dataDir);
    if (!history.ok) throw new Error(history.error.message);
    history.value.db.prepare("UPDATE batches SET state = 'running' WHERE id = ?").run(batchId);
    history.value.db.close();
    const core = await openCore(dataDir);
    expect(await summaryOf(core, batchId)).toMatchObject({
      state: 'paused',
      pauseReason: 'interrupted',
    });
    const cancelled = await core.call('batches.cancel', { batchId });
    expect(cancelled).toMatchObject({ ok: true, value: { state: 'cancelled' } });
    // The pause's reason goes with the pause.
    expect(await summaryOf(core, batchId)).toMatchObject({
      state: 'cancelled',
      pauseReason: null,
      pauseMessage: null,
    });
    await core.close();
  });

  it('refuses while another living process runs the batch, and leaves it as it is', async () => {
    const { dataDir, batchId } = await storedBatch(5);
    const history = await openHistory(dataDir);
    if (!history.ok) throw new Error(history.error.message);
    // Another process on this machine that is alive (this one's pid, another owner id).
    leaseRepo(history.value.db).take(batchId, newLeaseOwner(), Date.now());
    history.value.db.prepare("UPDATE batches SET state = 'running' WHERE id = ?").run(batchId);
    history.value.db.close();
    const core = await openCore(dataDir);
    const refused = await core.call('batches.cancel', { batchId });
    expect(refused).toMatchObject({ ok: false, error: { code: 'busy' } });
    expect((await summaryOf(core, batchId)).state).toBe('running');
    await core.close();
  });
});
