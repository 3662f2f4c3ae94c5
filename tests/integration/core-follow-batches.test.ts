/**
 * Two cores on one data folder, as the window and `dcdesk bulk --resume` are: a batch's state
 * changed by one is announced by the other within its check, so the window's batch screen reads
 * it again instead of keeping the counts and pause reason it had.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/create-core';
import { createBatch } from '../../electron/core/bulk/batch';
import { createKeychainStore } from '../../electron/core/credentials/keychain';
import { openHistory } from '../../electron/core/store/db';
import { settingsCheckMs } from '../../electron/core/store/settings-follower';
import { startSandbox } from '../../electron/sandbox';
import { sourceRows } from '../support/bulk';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function openCore(dataDir: string): Promise<Core> {
  const core = await createCore({
    dataDir,
    fetch: globalThis.fetch,
    keychain: createKeychainStore({ service: `dcdesk core-follow ${String(process.pid)}` }),
    startSandbox,
    version: 'test',
    locale: 'en-US',
    platform: process.platform,
  });
  if (!core.ok) throw new Error(core.error.message);
  cleanups.push(() => core.value.close());
  return core.value;
}

describe('a batch whose state another core changes', () => {
  it('is announced by the window’s core within a check', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dcdesk-follow-cores-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const history = await openHistory(dataDir);
    if (!history.ok) throw new Error(history.error.message);
    const { id } = createBatch(history.value.db, {
      sourceName: 'pausado.csv',
      sourceSha256: 'a'.repeat(64),
      environment: 'sandbox',
      baseUrl: 'embedded',
      rows: sourceRows(5),
    });
    history.value.close();

    const window = await openCore(dataDir);
    const told: string[] = [];
    window.subscribe((name, payload) => {
      if (name === 'main:outcomes.changed') told.push((payload as { operation: string }).operation);
    });
    const cli = await openCore(dataDir);
    const cancelled = await cli.call('batches.cancel', { batchId: id });
    expect(cancelled.ok).toBe(true);

    await expect
      .poll(() => told, { timeout: settingsCheckMs * 3, interval: 100 })
      .toContain('elsewhere');
    const seen = await window.call('batches.get', { batchId: id });
    expect(seen).toMatchObject({ ok: true, value: { state: 'cancelled' } });
  });
});
