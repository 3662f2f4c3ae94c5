import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BatchEvent } from '../../shared/batch';
import type { BatchSummary } from '../../shared/contract/results';
import { createCore, type Core } from '../../electron/core/create-core';
import { createBatch } from '../../electron/core/bulk/batch';
import { createKeychainStore } from '../../electron/core/credentials/keychain';
import { openHistory } from '../../electron/core/store/db';
import { sourceRows } from '../support/bulk';
import { startSandbox } from '../../electron/sandbox';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

async function openCore(dataDir: string): Promise<Core> {
  const core = await createCore({
    dataDir,
    fetch: globalThis.fetch,
    keychain: createKeychainStore({ service: `dcdesk core-batches ${String(process.pid)}` }),
    startSandbox,
    version: 'test',
    locale: 'en-US',
    platform: process.platform,
  });
  if (!core.ok) throw new Error(core.error.message);
  return core.value;
}

async function value<T>(
  call: Promise<{ ok: boolean; value?: unknown; error?: unknown }>,
): Promise<T> {
  const result = await call;
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value as T;
}

describe('batches through the core', () => {
  it('creates, runs and reports a batch in the sandbox, pushing progress events', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dcdesk-core-'));
    dirs.push(dataDir);
    const core = await openCore(dataDir);
    const events: BatchEvent[] = [];
    core.subscribe((name, payload) => {
      if (name === 'main:batch.progress') events.push(payload as BatchEvent);
    });
    const created = await value<BatchSummary>(
      core.call('batches.create', {
        sourceName: 'x.csv',
        sourceSha256: 'a'.repeat(64),
        rows: sourceRows(120),
      }),
    );
    expect(created).toMatchObject({ environment: 'sandbox', live: true, counts: { total: 120 } });
    await expect
      .poll(() => events.some((event) => event.type === 'finished'), { timeout: 10_000 })
      .toBe(true);
    const done = await value<BatchSummary>(core.call('batches.get', { batchId: created.id }));
    expect(done).toMatchObject({
      state: 'finished',
      live: false,
      counts: { done: 120, remaining: 0 },
    });
    expect(events[0]?.type).toBe('started');
    await core.close();
  });

  it('offers a batch for resume after the app closed mid-run, and finishes it', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dcdesk-core-'));
    dirs.push(dataDir);
    const first = await openCore(dataDir);
    const created = await value<BatchSummary>(
      first.call('batches.create', {
        sourceName: 'x.csv',
        sourceSha256: 'b'.repeat(64),
        rows: sourceRows(3000),
      }),
    );
    await first.close();

    const second = await openCore(dataDir);
    const [listed] = await value<BatchSummary[]>(second.call('batches.list', {}));
    expect(listed).toMatchObject({
      id: created.id,
      state: 'paused',
      pauseReason: 'interrupted',
      live: false,
    });
    expect(listed?.counts.remaining).toBeGreaterThan(0);
    await value(second.call('batches.resume', { batchId: created.id }));
    await expect
      .poll(
        async () =>
          (await value<BatchSummary>(second.call('batches.get', { batchId: created.id }))).state,
        { timeout: 20_000 },
      )
      .toBe('finished');
    const finished = await value<BatchSummary>(second.call('batches.get', { batchId: created.id }));
    expect(finished.counts).toMatchObject({ done: 3000, failed: 0 });
    await second.close();
  });

  it('shows a batch another address answered as that URL, and leaves its resuming to dcdesk', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dcdesk-core-'));
    dirs.push(dataDir);
    const history = await openHistory(dataDir);
    if (!history.ok) throw new Error(history.error.message);
    const stored = createBatch(history.value.db, {
      sourceName: 'elsewhere.csv',
      sourceSha256: 'c'.repeat(64),
      environment: 'sandbox',
      baseUrl: 'http://127.0.0.1:9',
      customUrl: 'http://127.0.0.1:9',
      rows: sourceRows(3),
    });
    history.value.db.close();
    const core = await openCore(dataDir);
    const listed = await value<BatchSummary[]>(core.call('batches.list', {}));
    expect(listed).toMatchObject([{ id: stored.id, environment: 'http://127.0.0.1:9' }]);
    const resumed = await core.call('batches.resume', { batchId: stored.id });
    expect(resumed).toEqual({
      ok: false,
      error: {
        code: 'validation',
        message: `Batch ${stored.id} was answered by http://127.0.0.1:9, not by an environment of the app. Resume it from the command line: dcdesk bulk --resume ${stored.id}`,
      },
    });
    await core.close();
  });

  it('refuses malformed requests at the door', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dcdesk-core-'));
    dirs.push(dataDir);
    const core = await openCore(dataDir);
    const bad = await core.call('batches.create', {
      sourceName: 'x.csv',
      sourceSha256: 'not-a-hash',
      rows: [],
    });
    expect(bad).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(await core.call('batches.get', { batchId: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'no_batch' },
    });
    expect(await core.call('no.such', {})).toMatchObject({
      ok: false,
      error: { code: 'validation' },
    });
    await core.close();
  });
});
