import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Transaction } from '../../../../shared/domain/types';
import { createBatch } from '../../bulk/batch';
import { countRecentlyLookedUp } from '../../bulk/reuse';
import { reportService } from '../../report/report-service';
import { reviewService } from '../../review/review-service';
import { idIn, sameId } from '../exact-id';
import { migrate } from '../migrate';
import { outcomesRepo } from '../outcomes.repo';
import { resultsRepo } from '../results.repo';
import { purgeOlderThan } from '../retention';
import { rowsRepo } from '../rows.repo';
import { searchRepo } from '../search.repo';
import { uploadsRepo } from '../uploads.repo';
import { compactAnswers } from './0013-compact-answers';
import {
  addBatch,
  answer,
  otherTables,
  perRowTables,
  writeVersion12Rows,
  writeVersion9Rows,
} from './0013-compact-answers.fixture';
import { migrations } from './index';

let dir = '';
let db: Database.Database;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-0013-'));
  db = new Database(path.join(dir, 'history.sqlite3'));
  db.pragma('foreign_keys = ON');
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const upTo = (version: number) =>
  migrate(
    db,
    migrations.filter((migration) => migration.version <= version),
    () => path.join(dir, `before-${String(version)}.sqlite3`),
  );

async function migratedHistory() {
  await upTo(9);
  writeVersion9Rows(db);
  await upTo(12);
  writeVersion12Rows(db);
  const before = { ...perRowTables(db, 12), ...otherTables(db) };
  await upTo(compactAnswers.version);
  return before;
}

describe('migration 0013 (compact answers)', () => {
  it('moves every row, answer, code, count and outcome, each answer byte for byte', async () => {
    const before = await migratedHistory();
    expect({ ...perRowTables(db, 13), ...otherTables(db) }).toEqual(before);
    // What the columns give back is not stored again; what they cannot is kept whole.
    expect(
      db
        .prepare(
          `SELECT b.id, l.seq FROM lookups l JOIN batches b ON b.key = l.batch_key
           WHERE l.stored_result IS NOT NULL ORDER BY 1, 2`,
        )
        .all(),
    ).toEqual([
      { id: 'b12', seq: 3 },
      { id: 'b12', seq: 4 },
      { id: 'b12', seq: 5 },
      { id: 'b9', seq: 6 },
    ]);
    // One code per spelling without case.
    expect(db.prepare('SELECT upper(code) FROM insight_codes ORDER BY 1').pluck().all()).toEqual([
      'DEV0003',
      'GER 0001',
      'GER0005',
      'GER0009',
    ]);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    // The indexes of the per-row tables, made again on the batch key.
    const indexes = db
      .prepare(
        `SELECT name FROM sqlite_schema WHERE type = 'index'
         AND tbl_name IN ('batch_rows', 'lookups', 'result_index', 'lookup_insights') ORDER BY 1`,
      )
      .pluck()
      .all();
    expect(indexes).toEqual([
      'batch_rows_cpf',
      'batch_rows_external_nocase',
      'batch_rows_pending',
      'batch_rows_session_nocase',
      'lookup_insights_code',
      'lookups_device_nocase',
      ...['age', 'alerts', 'chart', 'external', 'outcome', 'risk', 'row', 'score', 'status'].map(
        (name) => `result_index_${name}`,
      ),
    ]);
    // The primary keys are the tables: no second B-tree for them.
    expect(
      db
        .prepare("SELECT name FROM sqlite_schema WHERE name LIKE 'sqlite_autoindex_%' ORDER BY 1")
        .pluck()
        .all(),
    ).toEqual([
      'sqlite_autoindex_batches_1',
      'sqlite_autoindex_insight_codes_1',
      'sqlite_autoindex_outcomes_1',
      'sqlite_autoindex_settings_1',
    ]);
  });

  it('finds exact IDs through the NOCASE indexes, the only ones left on them', async () => {
    await upTo(compactAnswers.version);
    const plan = (sql: string) =>
      (
        db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all({ id: 'a', ids: '["a"]' }) as Array<{
          detail: string;
        }>
      )
        .map((step) => step.detail)
        .join('\n');
    const exact = [
      `SELECT seq FROM batch_rows WHERE ${sameId('external_id', '@id')}`,
      `SELECT seq FROM batch_rows WHERE ${idIn('external_id', '(SELECT value FROM json_each(@ids))')}`,
      `SELECT seq FROM lookups WHERE ${sameId('device_id', '@id')}`,
      `SELECT seq FROM lookups l, json_each(@ids) d WHERE ${sameId('l.device_id', 'd.value')}`,
    ].map(plan);
    expect(exact[0]).toContain('INDEX batch_rows_external_nocase');
    expect(exact[1]).toContain('INDEX batch_rows_external_nocase');
    expect(exact[2]).toContain('INDEX lookups_device_nocase');
    expect(exact[3]).toContain('INDEX lookups_device_nocase');
    for (const steps of exact) expect(steps).not.toMatch(/SCAN (batch_rows|lookups|l)\b/);
  });

  it('fails, changing nothing, when a row has no batch to take a key from', async () => {
    await upTo(12);
    addBatch(db, 'b12', '2026-11-20T10:00:00.000Z', 1);
    db.pragma('foreign_keys = OFF');
    db.prepare(
      `INSERT INTO batch_rows (batch_id, seq, source_row, state, updated_at)
       VALUES ('gone', 1, 2, 'pending', 'u')`,
    ).run();
    db.pragma('foreign_keys = ON');
    await expect(upTo(compactAnswers.version)).rejects.toThrow(
      /Migration 13 \(compact-answers\) failed: rows of batch_rows have no batch/,
    );
    expect(db.pragma('user_version', { simple: true })).toBe(12);
    expect(db.prepare('SELECT COUNT(*) FROM batch_rows').pluck().get()).toBe(1);
  });

  it('keeps the history working: answers, search, filters, charts, reuse, outcomes, report, purge', async () => {
    await migratedHistory();
    // Today's code works on today's schema: the migrations after this one first.
    await upTo(Number.MAX_SAFE_INTEGER);
    const rows = rowsRepo(db);
    const results = resultsRepo(db);
    // The pending row of b9 is answered now: indexed, its codes listed and counted.
    db.transaction(() =>
      rows.complete(
        'b9',
        [
          {
            seq: 5,
            status: 'ok',
            httpStatus: 200,
            errorCode: null,
            result: answer(5, { insights: ['ger0005', 'NEW0001'] }),
            messages: [],
            attempts: 1,
            durationMs: 3,
          },
        ],
        'now',
      ),
    )();
    expect(
      perRowTables(db, 13).counts.filter((count) => (count as { id: string }).id === 'b9'),
    ).toEqual([
      { id: 'b9', code: 'DEV0003', n: 2 },
      { id: 'b9', code: 'GER0005', n: 4 },
      { id: 'b9', code: 'NEW0001', n: 1 },
    ]);
    // The insight filter compares without case, in either batch.
    const page = (batchId: string, insight: string) =>
      results
        .page({ batchId, filter: { insight }, sort: 'row', direction: 'asc', offset: 0, limit: 10 })
        .rows.map((row) => [row.seq, row.insights]);
    expect(page('b9', 'Dev0003')).toEqual([
      [1, ['DEV0003', 'GER0005']],
      [2, ['dev0003', 'DEV0003', 'Ger0005']],
    ]);
    expect(page('b12', 'dev0003')).toEqual([
      [1, ['DEV0003', 'GER0005']],
      [2, ['Dev0003', 'GER0009']],
      [4, ['DEV0003', 'GER0005']],
      [5, ['DEV0003', 'GER0005']],
    ]);
    expect(results.aggregates('b9', {}).topInsights).toEqual([
      { code: 'GER0005', count: 4 },
      { code: 'DEV0003', count: 2 },
      { code: 'NEW0001', count: 1 },
    ]);
    expect(results.aggregates('b9', { risks: ['high'] }).topInsights).toEqual(
      results.aggregates('b9', {}).topInsights,
    );
    expect(results.detail('b12', 2)?.result).toEqual(
      answer(12, { insights: ['Dev0003', 'GER0009'] }),
    );

    // Search by any ID in any case, newest batch first; a device's transactions.
    const search = searchRepo(db);
    expect(search.search('ORDER-1', 10).map((hit) => [hit.batchId, hit.seq])).toEqual([
      ['b12', 1],
      ['b9', 1],
    ]);
    expect(search.search('sess-2-abcdefghijklmnop', 10).map((hit) => hit.externalId)).toEqual([
      'order-2',
    ]);
    expect(search.device('dev-1').transactions.map((hit) => hit.batchId)).toEqual(['b12', 'b9']);
    expect(search.device('DEV-1').transactions).toEqual([]);
    expect(search.device('dev-12').similarDevices.map((device) => device.deviceId)).toEqual([
      'dev-x',
      'dev-y',
    ]);

    // A new batch reuses b12's answers, their JSON whole or compact, as they were.
    const next = createBatch(
      db,
      {
        sourceName: 'again.csv',
        sourceSha256: 'dd',
        environment: 'sandbox',
        baseUrl: 'embedded',
        rows: [12, 13, 14].map((n) => ({
          row: n,
          // The same requests as b12's: only an answer to the same request is reused.
          raw: {
            externalID: `Order-${String(n)}`,
            sessionID: `Sess-${String(n)}-ABCDEFGHIJKLMNOP`,
            cpf: '52998224725',
            email: 'a@b.com.br',
            phone: '+55 11 987654321',
            zipCode: '01310100',
          },
          notes: [],
        })),
        skipLookedUpWithinDays: 30,
      },
      new Date('2026-11-21T00:00:00.000Z'),
    );
    const reused = [...rows.iterate(next.id)].map((row) => row.result);
    const original = [...rows.iterate('b12')].slice(1, 4).map((row) => row.result);
    expect(reused).toEqual(original);
    // Its key follows the keys the migration gave (their rowids).
    expect(db.prepare('SELECT key FROM batches WHERE id = ?').pluck().get(next.id)).toBe(3);

    // Outcomes still rank the rows of their transaction, exactly, whichever batch holds them.
    const review = reviewService(db);
    expect(review.set([{ batchId: 'b12', seq: 2 }], 'Suspeito')).toMatchObject({
      value: { changed: 1 },
    });
    const outcomeOf = db.prepare(
      `SELECT ri.outcome FROM result_index ri JOIN batches b ON b.key = ri.batch_key WHERE b.id = ? AND ri.seq = ?`,
    );
    expect(outcomeOf.pluck().get('b12', 2)).toBe(0);
    expect(outcomeOf.pluck().get('b9', 1)).toBe(1);
    // An outcome, a count of recent answers, a transaction's place in the history: the exact ID.
    expect(review.set([{ batchId: 'b9', seq: 2 }], 'Device Positivado')).toMatchObject({
      value: { changed: 1 },
    });
    expect([outcomeOf.pluck().get('b9', 2), outcomeOf.pluck().get('b12', 7)]).toEqual([2, null]);
    // b9's order-2 was sent as {externalID, sessionID} (its JSON whole, in that order).
    const sent = (externalID: string, n: number) => ({
      externalID,
      sessionID: `Sess-${String(n)}-ABCDEFGHIJKLMNOP`,
    });
    const recent = (requests: Transaction[]) =>
      countRecentlyLookedUp(db, requests, 30, new Date('2026-11-21T00:00:00.000Z'));
    expect([
      recent([sent('order-2', 2)]),
      recent([sent('ORDER-2', 2), sent('Order-1', 1), sent('order-2', 3)]),
    ]).toEqual([1, 0]);
    const known = (id: string) => outcomesRepo(db).known(id, 'sandbox');
    expect(known('ORDER-2')).toEqual({
      device: null,
      seen: true,
      current: null,
      currentDevice: null,
    });
    expect(known('Order-2')).toEqual({
      device: null,
      seen: false,
      current: null,
      currentDevice: null,
    });
    expect(
      uploadsRepo(db)
        .list()
        .map((upload) => upload.id),
    ).toEqual([1]);
    expect(reportService(db).view({ suspeito: 'fraud', unreviewed: 'legit' }, 'sandbox').ok).toBe(
      true,
    );

    // The purge takes b9's rows and the codes only it held.
    expect(purgeOlderThan(db, 10, new Date('2026-11-21T00:00:00.000Z'))).toEqual({
      batches: 1,
      rows: 7,
      kept: 0,
      wiped: true,
    });
    expect(db.prepare('SELECT upper(code) FROM insight_codes ORDER BY 1').pluck().all()).toEqual([
      'DEV0003',
      'GER 0001',
      'GER0005',
      'GER0009',
    ]);
    expect(db.pragma('foreign_key_check')).toEqual([]);
  });
});
