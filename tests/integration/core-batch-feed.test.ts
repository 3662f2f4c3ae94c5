/**
 * A batch whose rows the import screen sends slice by slice (`batches.create` with a `total`,
 * then `batches.storeRows`): its lookups start with the first slice, every row is stored once in
 * input order, recent answers are still reused, and a batch whose window stopped sending keeps
 * the rows it has when the analyst says so, with the recent answers reused as chosen.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BatchSummary, StoredRows } from '../../shared/contract/results';
import { createCore, type Core } from '../../electron/core/create-core';
import { createKeychainStore } from '../../electron/core/credentials/keychain';
import Database from 'better-sqlite3';
import { historyFileName } from '../../electron/core/store/db';
import { sourceRows } from '../support/bulk';
import { startSandbox } from '../../electron/sandbox';

const dirs: string[] = [];
const cores: Core[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
  dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

async function openCore(dataDir?: string): Promise<{ core: Core; dataDir: string }> {
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), 'dcdesk-feed-'));
  if (!dataDir) dirs.push(dir);
  const core = await createCore({
    dataDir: dir,
    fetch: globalThis.fetch,
    keychain: createKeychainStore({ service: `dcdesk core-batch-feed ${String(process.pid)}` }),
    startSandbox,
    version: 'test',
    locale: 'en-US',
    platform: process.platform,
  });
  if (!core.ok) throw new Error(core.error.message);
  cores.push(core.value);
  return { core: core.value, dataDir: dir };
}

async function value<T>(
  call: Promise<{ ok: boolean; value?: unknown; error?: unknown }>,
): Promise<T> {
  const result = await call;
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value as T;
}

/** Waits for a batch's run to finish (its rows come slice by slice, so no fixed wait). */
async function finished(core: Core, batchId: string): Promise<void> {
  await expect
    .poll(async () => (await value<BatchSummary>(core.call('batches.get', { batchId }))).state, {
      timeout: 15_000,
    })
    .toBe('finished');
}

/** The source rows stored for a batch, in stored order, and which were reused answers. */
function storedSourceRows(dataDir: string, batchId: string) {
  const db = new Database(path.join(dataDir, historyFileName), { readonly: true });
  try {
    return db
      .prepare(
        'SELECT source_row, notes_json FROM batch_rows WHERE batch_key = (SELECT key FROM batches WHERE id = ?) ORDER BY seq',
      )
      .all(batchId)
      .map((row) => {
        const { source_row: sourceRow, notes_json: notes } = row as {
          source_row: number;
          notes_json: string | null;
        };
        return { sourceRow, reused: notes?.includes('reused') ?? false };
      });
  } finally {
    db.close();
  }
}

/** Rows `from` to `to` (exclusive) as the JSON lines the window sends. */
const slice = (rows: ReturnType<typeof sourceRows>, from: number, to: number) =>
  rows
    .slice(from, to)
    .map((row) => JSON.stringify(row))
    .join('\n');

describe('a batch sent by the window slice by slice', () => {
  it('starts with its first slice and ends with every row, once, in input order', async () => {
    const { core, dataDir } = await openCore();
    const rows = sourceRows(300, 70_000).map((row, index) => ({ ...row, row: index + 2 }));
    const created = await value<BatchSummary>(
      core.call('batches.create', {
        sourceName: 'feed.xlsx',
        sourceSha256: 'a'.repeat(64),
        rows: slice(rows, 0, 100),
        total: 300,
      }),
    );
    expect(created).toMatchObject({
      state: 'running',
      live: true,
      storing: { stored: 100, total: 300, sending: true },
    });
    const second = await value<StoredRows>(
      core.call('batches.storeRows', {
        batchId: created.id,
        after: 100,
        rows: slice(rows, 100, 200),
        last: false,
      }),
    );
    expect(second).toEqual({ stored: 200, total: 300 });
    // The same slice again (a retry after a lost answer) is not stored twice.
    const again = await value<StoredRows>(
      core.call('batches.storeRows', {
        batchId: created.id,
        after: 100,
        rows: slice(rows, 100, 200),
        last: false,
      }),
    );
    expect(again).toEqual({ stored: 200, total: 300 });
    // A slice past a gap is refused, saying which rows are missing.
    const gap = await core.call('batches.storeRows', {
      batchId: created.id,
      after: 250,
      rows: slice(rows, 250, 300),
      last: true,
    });
    expect(gap).toMatchObject({ ok: false, error: { code: 'validation' } });
    if (!gap.ok) expect(gap.error.message).toMatch(/has 200 rows stored/);
    const last = await value<StoredRows>(
      core.call('batches.storeRows', {
        batchId: created.id,
        after: 200,
        rows: slice(rows, 200, 300),
        last: true,
      }),
    );
    expect(last).toEqual({ stored: 300, total: 300 });
    await finished(core, created.id);
    const done = await value<BatchSummary>(core.call('batches.get', { batchId: created.id }));
    expect(done).toMatchObject({ storing: null, counts: { total: 300, done: 300 } });
    expect(storedSourceRows(dataDir, created.id).map((row) => row.sourceRow)).toEqual(
      rows.map((row) => row.row),
    );
    // Nothing more comes in once the batch has every row.
    const late = await core.call('batches.storeRows', {
      batchId: created.id,
      after: 300,
      rows: slice(rows, 0, 1),
      last: true,
    });
    expect(late).toMatchObject({ ok: false, error: { code: 'validation' } });
  });

  it('reuses recent answers, starting once the last slice is stored', async () => {
    const { core, dataDir } = await openCore();
    const rows = sourceRows(60, 71_000);
    const first = await value<BatchSummary>(
      core.call('batches.create', {
        sourceName: 'first.xlsx',
        sourceSha256: 'b'.repeat(64),
        rows: slice(rows, 0, 40),
      }),
    );
    await finished(core, first.id);

    const created = await value<BatchSummary>(
      core.call('batches.create', {
        sourceName: 'again.xlsx',
        sourceSha256: 'c'.repeat(64),
        rows: slice(rows, 0, 30),
        total: 60,
        skipRecentDays: 7,
      }),
    );
    // Not started: reuse needs every row first.
    expect(created).toMatchObject({ state: 'ready', storing: { stored: 30, total: 60 } });
    await value(
      core.call('batches.storeRows', {
        batchId: created.id,
        after: 30,
        rows: slice(rows, 30, 60),
        last: true,
      }),
    );
    await finished(core, created.id);
    const done = await value<BatchSummary>(core.call('batches.get', { batchId: created.id }));
    expect(done.counts).toMatchObject({ total: 60, done: 60 });
    const stored = storedSourceRows(dataDir, created.id);
    expect(stored.filter((row) => row.reused)).toHaveLength(40);
    expect(stored.slice(0, 40).every((row) => row.reused)).toBe(true);
  });

  it('keeps the rows it has when its window stopped sending, after a restart', async () => {
    const { core, dataDir } = await openCore();
    const rows = sourceRows(200, 72_000);
    const created = await value<BatchSummary>(
      core.call('batches.create', {
        sourceName: 'cut.xlsx',
        sourceSha256: 'd'.repeat(64),
        rows: slice(rows, 0, 80),
        total: 200,
      }),
    );
    await core.close();
    cores.splice(cores.indexOf(core), 1);

    const { core: reopened } = await openCore(dataDir);
    const left = await value<BatchSummary>(reopened.call('batches.get', { batchId: created.id }));
    expect(left).toMatchObject({
      state: 'paused',
      pauseReason: 'interrupted',
      // No window sends its rows any more: the app offers to keep those stored.
      storing: { stored: 80, total: 200, sending: false },
    });
    // A plain resume would wait for rows that never come: refused, saying why.
    const resume = await reopened.call('batches.resume', { batchId: created.id });
    expect(resume).toMatchObject({ ok: false, error: { code: 'validation' } });
    const kept = await value<BatchSummary>(
      reopened.call('batches.keepStoredRows', { batchId: created.id }),
    );
    expect(kept).toMatchObject({ storing: null, counts: { total: 80 } });
    await value(reopened.call('batches.resume', { batchId: created.id }));
    await finished(reopened, created.id);
    expect(storedSourceRows(dataDir, created.id)).toHaveLength(80);
  });

  it('reuses recent answers as chosen when its stored rows are kept after a restart', async () => {
    const { core, dataDir } = await openCore();
    const rows = sourceRows(90, 73_000);
    const first = await value<BatchSummary>(
      core.call('batches.create', {
        sourceName: 'looked-up.xlsx',
        sourceSha256: 'e'.repeat(64),
        rows: slice(rows, 0, 40),
      }),
    );
    await finished(core, first.id);
    // "Skip recent lookups" chosen, then the window goes away before its last slice: the run,
    // which waits for every row to reuse answers, never started.
    const created = await value<BatchSummary>(
      core.call('batches.create', {
        sourceName: 'again-cut.xlsx',
        sourceSha256: 'f'.repeat(64),
        rows: slice(rows, 0, 30),
        total: 90,
        skipRecentDays: 7,
      }),
    );
    await value(
      core.call('batches.storeRows', {
        batchId: created.id,
        after: 30,
        rows: slice(rows, 30, 60),
        last: false,
      }),
    );
    await core.close();
    cores.splice(cores.indexOf(core), 1);

    const { core: reopened } = await openCore(dataDir);
    await value(reopened.call('batches.keepStoredRows', { batchId: created.id }));
    await value(reopened.call('batches.resume', { batchId: created.id }));
    await finished(reopened, created.id);
    const stored = storedSourceRows(dataDir, created.id);
    expect(stored).toHaveLength(60);
    // The 40 rows looked up by the first batch are answered from it, not sent again.
    expect(stored.filter((row) => row.reused)).toHaveLength(40);
    expect(stored.slice(0, 40).every((row) => row.reused)).toBe(true);
  });
});
