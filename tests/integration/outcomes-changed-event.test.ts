/**
 * Every window learns of an outcome change: the core announces each successful change as
 * `main:outcomes.changed` (the event Electron sends to every window and the web host streams),
 * and says nothing for a call that changed nothing or failed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BatchSummary } from '../../shared/contract/results';
import { createCore, type Core } from '../../electron/core/create-core';
import { createKeychainStore } from '../../electron/core/credentials/keychain';
import { startSandbox } from '../../electron/sandbox';
import { sourceRows } from '../support/bulk';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

async function openCore(): Promise<Core> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dcdesk-outcome-events-'));
  dirs.push(dataDir);
  const core = await createCore({
    dataDir,
    fetch: globalThis.fetch,
    keychain: createKeychainStore({ service: `dcdesk outcome-events ${String(process.pid)}` }),
    startSandbox,
    version: 'test',
    locale: 'en-US',
    platform: process.platform,
  });
  if (!core.ok) throw new Error(core.error.message);
  return core.value;
}

describe('main:outcomes.changed', () => {
  it('is announced after each outcome change, and not after a read or a refused change', async () => {
    const core = await openCore();
    const names: string[] = [];
    const changes: unknown[] = [];
    core.subscribe((name, payload) => {
      names.push(name);
      if (name === 'main:outcomes.changed') changes.push(payload);
    });
    const created = await core.call('batches.create', {
      sourceName: 'x.csv',
      sourceSha256: 'a'.repeat(64),
      rows: sourceRows(3),
    });
    if (!created.ok) throw new Error(created.error.message);
    const batchId = (created.value as BatchSummary).id;
    await expect
      .poll(async () => {
        const got = await core.call('batches.get', { batchId });
        return got.ok ? (got.value as BatchSummary).state : 'unknown';
      })
      .toBe('finished');
    expect(changes).toEqual([]);

    const set = await core.call('outcomes.set', {
      targets: [{ batchId, seq: 1 }],
      outcome: 'Suspeito',
    });
    expect(set.ok).toBe(true);
    expect(changes).toEqual([{ operation: 'outcomes.set' }]);

    await core.call('outcomes.summary', { batchId });
    const refused = await core.call('outcomes.setFiltered', {
      batchId: 'no-such-batch',
      filter: {},
      outcome: 'Suspeito',
    });
    expect(refused.ok).toBe(false);
    expect(changes).toHaveLength(1);

    // A bulk outcome tells how far it is through the batch before it announces the change.
    const told: Array<{ name: string; payload: unknown }> = [];
    core.subscribe((name, payload) => {
      if (name.startsWith('main:outcomes.')) told.push({ name, payload });
    });
    const bulk = await core.call('outcomes.setFiltered', {
      batchId,
      filter: {},
      outcome: 'Fraude Confirmada',
    });
    expect(bulk.ok).toBe(true);
    expect(told).toEqual([
      { name: 'main:outcomes.progress', payload: { batchId, done: 3, total: 3 } },
      { name: 'main:outcomes.changed', payload: { operation: 'outcomes.setFiltered' } },
    ]);
    expect(names.filter((name) => name === 'main:batch.progress').length).toBeGreaterThan(0);
    await core.close();
  });
});
