import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/core/create-core';
import type { BatchSummary } from '../../shared/contract/results';
import type { Result } from '../../shared/result';
import { sourceRows } from '../support/bulk';
import { testCore } from '../support/test-core';
import { unwrap } from './results-fixture';

/**
 * Settings → Purge now asks first with `history.purgePreview` (what would go, the saved retention
 * it uses) and purges with the days it asked about: a retention saved meanwhile, in another
 * window, makes the purge refuse rather than delete more than the analyst agreed to.
 */
let dir = '';
let core: Core;
beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-purge-question-'));
  core = await testCore(dir);
});
afterEach(async () => {
  await core.close();
  rmSync(dir, { recursive: true, force: true });
});

async function call<T>(name: string, input: unknown): Promise<T> {
  return unwrap((await core.call(name, input)) as Result<T>);
}

/** A finished batch of `rows` rows, created `daysAgo` days ago. */
async function oldBatch(rows: number, daysAgo: number): Promise<string> {
  const { id } = await call<BatchSummary>('batches.create', {
    sourceName: 'antigo.csv',
    sourceSha256: 'c'.repeat(64),
    rows: sourceRows(rows),
  });
  for (let waited = 0; ; waited += 50) {
    if ((await call<BatchSummary>('batches.get', { batchId: id })).state === 'finished') break;
    if (waited > 15_000) throw new Error('The batch did not finish.');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const db = new Database(path.join(dir, 'history.sqlite3'));
  db.prepare('UPDATE batches SET created_at = ? WHERE id = ?').run(
    new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
    id,
  );
  db.close();
  return id;
}

describe('the purge question', () => {
  it('previews what the saved retention deletes, and deletes nothing', async () => {
    await oldBatch(4, 5);
    await call('settings.update', { retentionDays: 2 });
    expect(await call('history.purgePreview', {})).toEqual({
      batches: 1,
      rows: 4,
      kept: 0,
      copies: 0,
      days: 2,
      wiped: true,
    });
    expect(await call<BatchSummary[]>('batches.list', {})).toHaveLength(1);
    expect(await call('history.purge', { days: 2 })).toEqual({
      batches: 1,
      rows: 4,
      kept: 0,
      copies: 0,
      wiped: true,
    });
    expect(await call<BatchSummary[]>('batches.list', {})).toHaveLength(0);
  });

  it('refuses a purge asked about other days than the saved retention, deleting nothing', async () => {
    await oldBatch(3, 5);
    await call('settings.update', { retentionDays: 2 });
    const refused = await core.call('history.purge', { days: 3650 });
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: 'validation',
        message:
          'The retention is now 2 days, not the 3650 days you were asked about (it was saved meanwhile). Nothing was deleted: ask again.',
      },
    });
    expect(await call<BatchSummary[]>('batches.list', {})).toHaveLength(1);
  });
});
