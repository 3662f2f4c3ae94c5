import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/core/create-core';
import { openHistory } from '../../electron/core/store/db';
import { startSandbox } from '../../electron/sandbox';
import { sourceRows, startBatch } from '../support/bulk';
import { testCore } from '../support/test-core';
import { unwrap } from './results-fixture';

const dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-core-results-'));
let core: Core;
let batchId: string;
const rows = sourceRows(20);

beforeAll(async () => {
  // A batch run against the sandbox into the history the core then opens.
  const sandbox = await startSandbox();
  const { db } = unwrap(await openHistory(dir));
  const { batch, run } = startBatch(db, sandbox, rows, { concurrency: 4 });
  await run.ended;
  batchId = batch.id;
  db.close();
  await sandbox.close();
  core = await testCore(dir);
});
afterAll(async () => {
  await core.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the results operations through the core', () => {
  it('answers results.page with the contract defaults (no filter, by row ascending)', async () => {
    const page = await core.call('results.page', { batchId, offset: 2, limit: 3 });
    expect(page).toMatchObject({
      ok: true,
      value: { total: 20, rows: [{ seq: 3, row: 4 }, { seq: 4 }, { seq: 5 }] },
    });
  });

  it('refuses input outside the contract before the store sees it', async () => {
    const injected = await core.call('results.page', {
      batchId,
      sort: 'score; DROP TABLE batches',
      offset: 0,
      limit: 5,
    });
    expect(injected).toMatchObject({ ok: false, error: { code: 'validation' } });
    const tooMany = await core.call('results.page', { batchId, offset: 0, limit: 501 });
    expect(tooMany).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(await core.call('batches.get', { batchId })).toMatchObject({ ok: true });
  });

  it('wires the search, the device view and the exports', async () => {
    const externalID = rows[7]!.raw.externalID!;
    const hits = unwrap(await core.call('history.search', { query: externalID }));
    expect(hits).toMatchObject({ hits: [{ batchId, seq: 8, externalId: externalID }], total: 1 });
    const file = unwrap(await core.call('results.export', { batchId, format: 'csv' }));
    expect(file).toMatchObject({ fileName: 'test-results.csv', rows: 20 });
    const empty = await core.call('devices.get', { deviceId: 'dev-none' });
    expect(empty).toMatchObject({ ok: true, value: { transactions: [], similarDevices: [] } });
  });
});
