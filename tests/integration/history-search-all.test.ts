/**
 * A search that matches more lookups than one page shows: the true total is always given, every
 * match can be paged to, and the review queue of a search (its filter, its counts, its bulk
 * outcome) covers every match, not the page shown. A device seen in more transactions than its
 * view lists says how many there are.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/core/create-core';
import { openHistory } from '../../electron/core/store/db';
import { maxDeviceTransactions } from '../../electron/core/store/search.repo';
import { sandboxAnswer, startSandbox } from '../../electron/sandbox';
import type { DeviceView, SearchPage } from '../../shared/contract/results';
import type { OutcomeChange, OutcomeSummary } from '../../shared/contract/outcomes';
import { sourceRows, startBatch } from '../support/bulk';
import { testCore } from '../support/test-core';
import { unwrap } from './results-fixture';

const dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-search-all-'));
const matching = 1200;
const cpf = '52998224725';
let core: Core;
let deviceId = '';

beforeAll(async () => {
  const sandbox = await startSandbox();
  sandbox.configure({ latencyMs: 0, faults: {}, tokenTtlSeconds: 3600, retryAfterSeconds: 1 });
  const { db } = unwrap(await openHistory(dir));
  // One session the sandbox answers with a device: every row then names that device.
  const session = sourceRows(50)
    .map((row) => row.raw.sessionID)
    .find((sessionID) => sandboxAnswer({ sessionID }).status === 200);
  const rows = sourceRows(matching + 5).map((row, index) =>
    index < matching ? { ...row, raw: { ...row.raw, cpf, sessionID: session } } : row,
  );
  const { run } = startBatch(db, sandbox, rows, { concurrency: 16 });
  expect((await run.ended).state).toBe('finished');
  deviceId = db
    .prepare<[], string>('SELECT device_id FROM lookups WHERE device_id IS NOT NULL LIMIT 1')
    .pluck()
    .get()!;
  db.close();
  await sandbox.close();
  core = await testCore(dir);
}, 120_000);
afterAll(async () => {
  await core.close();
  rmSync(dir, { recursive: true, force: true });
});

const search = async (input: object) =>
  unwrap(await core.call('history.search', { query: '529.982.247-25', ...input })) as SearchPage;

describe('a search matching more lookups than a page', () => {
  it('gives the newest page and the true total, and pages to every match', async () => {
    const first = await search({});
    expect(first.total).toBe(matching);
    expect(first.hits).toHaveLength(200);
    const seen = new Set<string>();
    for (let offset = 0; offset < matching; offset += 500) {
      const page = await search({ offset, limit: 500 });
      expect(page.total).toBe(matching);
      for (const hit of page.hits) seen.add(`${hit.batchId}:${String(hit.seq)}`);
    }
    expect(seen.size).toBe(matching);
  });

  it('filters and sorts every match, not a page of them', async () => {
    const high = await search({ filter: { outcomes: ['none'] }, sort: 'score', direction: 'desc' });
    expect(high.total).toBe(matching);
    const none = await search({ filter: { outcomes: ['Suspeito'] } });
    expect(none).toEqual({ hits: [], total: 0 });
  });

  it('sets a bulk outcome on every match, after checking the count confirmed', async () => {
    const stale = await core.call('outcomes.setSearched', {
      query: cpf,
      filter: {},
      outcome: 'Suspeito',
      expected: 200,
    });
    expect(stale).toMatchObject({ ok: false, error: { code: 'stale' } });
    expect((await search({ filter: { outcomes: ['Suspeito'] } })).total).toBe(0);

    const change = unwrap(
      await core.call('outcomes.setSearched', {
        query: cpf,
        filter: { outcomes: ['none'] },
        outcome: 'Suspeito',
        expected: matching,
      }),
    ) as OutcomeChange;
    expect(change).toEqual({
      changed: matching,
      withoutTransactionId: 0,
      withoutDevice: 0,
      otherDevice: 0,
    });
    expect((await search({ filter: { outcomes: ['Suspeito'] } })).total).toBe(matching);
    const summary = unwrap(
      await core.call('history.searchSummary', { query: cpf }),
    ) as OutcomeSummary;
    expect(summary).toMatchObject({
      counts: { Suspeito: matching },
      total: matching,
      legitimate: 0,
    });

    // Legítima, never sent, is counted apart, each transaction once.
    const [newest] = (await search({ limit: 1 })).hits;
    unwrap(
      await core.call('outcomes.set', {
        targets: [{ batchId: newest!.batchId, seq: newest!.seq }],
        outcome: 'Legítima',
      }),
    );
    expect(unwrap(await core.call('history.searchSummary', { query: cpf }))).toMatchObject({
      counts: { Suspeito: matching - 1 },
      total: matching - 1,
      legitimate: 1,
    });
  });

  it('says how many transactions a device was seen in when its view lists fewer', async () => {
    const device = unwrap(await core.call('devices.get', { deviceId })) as DeviceView;
    expect(device.transactionCount).toBe(matching);
    expect(device.transactions).toHaveLength(maxDeviceTransactions);
  });
});
