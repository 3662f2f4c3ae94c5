import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBatch } from '../../electron/core/bulk/batch';
import { rowsRepo } from '../../electron/core/store/rows.repo';
import type { InsightResult } from '../../shared/domain/types';
import { sourceRows, startBatch } from '../support/bulk';
import { resultsFixture, unwrap, type ResultsFixture } from './results-fixture';

let fixture: ResultsFixture;
/** The device of the two rows sharing a session, and the batches that meet it later. */
let device: { id: string; newerBatch: string; storedBatch: string; seenId: string };

/** An answer as the runner stores it, for rows this file writes itself. */
function answer(deviceID: string, similar: Array<[string, number]> = []): InsightResult {
  return {
    deviceID,
    insights: [],
    alertQuantity: 0,
    deviceAge: 1,
    deviceRisk: 'low',
    score: 0.1,
    smartID: null,
    similarityResult: {
      deviceID,
      similarDevices: similar.map(([id]) => id),
      maximumScore: similar.map(([, score]) => score),
    },
  };
}

/** The similar devices of every stored answer of a device, each with its highest score. */
function similarIn(deviceId: string): Map<string, number> {
  const similar = new Map<string, number>();
  const stored = fixture.history.db.prepare('SELECT result_json FROM lookups WHERE device_id = ?');
  for (const json of stored.pluck().all(deviceId)) {
    const pairs = (JSON.parse(json as string) as InsightResult).similarityResult!;
    pairs.similarDevices.forEach((id, i) =>
      similar.set(id, Math.max(similar.get(id) ?? 0, pairs.maximumScore[i]!)),
    );
  }
  return similar;
}

beforeAll(async () => {
  fixture = await resultsFixture();
  const { db } = fixture.history;
  const first = unwrap(
    await fixture.handlers['results.detail']({ batchId: fixture.batchId, seq: fixture.shared + 1 }),
  );
  if (!first.deviceId) throw new Error('The shared session has no device.');
  // A newer batch, run against the sandbox, sees the same session again (so the same device).
  const [again] = sourceRows(1, 1000);
  const newer = startBatch(db, fixture.sandbox, [
    { ...again!, raw: { ...again!.raw, sessionID: first.sessionId! } },
  ]);
  await newer.run.ended;

  // A newest batch, stored as the runner stores answers: one row answered with one of the
  // similar devices (so it is "seen here"), one with the device again naming that similar device
  // with a higher score and a device never seen.
  const [seenId, sandboxScore] = [...similarIn(first.deviceId)][0]!;
  const stored = createBatch(db, {
    sourceName: 'stored.xlsx',
    sourceSha256: 'e'.repeat(64),
    environment: 'test',
    baseUrl: 'https://x',
    rows: sourceRows(2, 2000),
  });
  const results = [
    answer(seenId),
    answer(first.deviceId, [
      ['dev-never-seen', 0.42],
      [seenId, Math.min(1, sandboxScore + 0.01)],
    ]),
  ];
  db.transaction(() => {
    const rows = rowsRepo(db);
    const stamp = new Date().toISOString();
    rows.claim(stored.id, 2, stamp);
    const done = results.map((result, i) => ({
      seq: i + 1,
      status: 'ok' as const,
      httpStatus: 200,
      errorCode: null,
      result,
      messages: [],
      attempts: 1,
      durationMs: 1,
    }));
    rows.complete(stored.id, done, stamp);
  })();
  device = { id: first.deviceId, newerBatch: newer.batch.id, storedBatch: stored.id, seenId };
});
afterAll(() => fixture.close());

const search = async (query: string, limit = 200) =>
  unwrap(
    await fixture.handlers['history.search']({
      query,
      limit,
      filter: {},
      direction: 'asc',
      offset: 0,
    }),
  ).hits;
const where = (hits: Array<{ batchId: string; seq: number }>) =>
  hits.map((hit) => `${hit.batchId}#${String(hit.seq)}`);

describe('the history search', () => {
  it('finds a row by its external ID, whatever its status', async () => {
    const [row6] = await search(fixture.rows[5]!.raw.externalID!);
    expect(row6).toMatchObject({
      batchId: fixture.batchId,
      seq: 6,
      status: 'ok',
      sourceName: 'test.csv',
      environment: 'sandbox',
    });
    expect(row6?.lookedUpAt).toMatch(/^\d{4}-/);
    expect(await search(fixture.rows[10]!.raw.externalID!)).toMatchObject([
      { seq: 11, status: 'invalid', lookedUpAt: null },
    ]);
    expect(await search(fixture.rows[299]!.raw.externalID!)).toMatchObject([
      { seq: 300, status: 'pending', deviceId: null },
    ]);
    expect(await search('order-999999')).toEqual([]);
  });

  it('finds a session and a device across batches, newest batch first', async () => {
    const expected = [
      `${device.storedBatch}#2`,
      `${device.newerBatch}#1`,
      `${fixture.batchId}#${String(fixture.shared + 1)}`,
      `${fixture.batchId}#${String(fixture.shared + 2)}`,
    ];
    expect(where(await search(device.id))).toEqual(expected);
    expect(where(await search(device.id, 2))).toEqual(expected.slice(0, 2));
    // The newest row has the device but another session.
    const session = fixture.rows[fixture.shared]!.raw.sessionID!;
    expect(where(await search(session))).toEqual(expected.slice(1));
  });

  it('finds a CPF written with or without its punctuation', async () => {
    const cpf = fixture.rows[40]!.raw.cpf!;
    expect(cpf).toMatch(/^\d{11}$/);
    const formatted = cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
    expect(where(await search(cpf))).toEqual([`${fixture.batchId}#41`]);
    expect(where(await search(formatted))).toEqual([`${fixture.batchId}#41`]);
    expect(await search('---')).toEqual([]);
  });

  it('finds a CPF whose cell was stored as typed (an invisible character, a word before it)', async () => {
    const [typed, hidden] = sourceRows(2, 3000).map((row, i) => ({
      ...row,
      raw: { ...row.raw, cpf: i === 0 ? 'CPF 390.533.447-05' : '390533447\u201305\u200b' },
    }));
    const odd = createBatch(fixture.history.db, {
      sourceName: 'typed.csv',
      sourceSha256: 'f'.repeat(64),
      environment: 'test',
      baseUrl: 'https://x',
      rows: [typed!, hidden!],
    });
    for (const query of ['39053344705', '390.533.447-05'])
      expect(where(await search(query))).toEqual([`${odd.id}#1`, `${odd.id}#2`]);
    // Only an 11-digit query is a CPF: part of the number finds nothing.
    expect(await search('390533447')).toEqual([]);
  });
});

describe('the device view', () => {
  it('lists the transactions of a device and its similar devices with their highest score', async () => {
    const view = unwrap(await fixture.handlers['devices.get']({ deviceId: device.id }));
    expect(view.deviceId).toBe(device.id);
    expect(where(view.transactions)).toEqual(where(await search(device.id)));
    expect(view.transactions.every((hit) => hit.deviceId === device.id)).toBe(true);
    const similar = similarIn(device.id);
    expect(similar.get('dev-never-seen')).toBe(0.42);
    const expected = [...similar]
      .map(([deviceId, maximumScore]) => ({
        deviceId,
        maximumScore,
        seenHere: deviceId === device.seenId,
      }))
      .sort((a, b) => b.maximumScore - a.maximumScore || (a.deviceId < b.deviceId ? -1 : 1));
    expect(view.similarDevices).toEqual(expected);
    expect(view.similarDevices.filter((each) => each.seenHere)).toHaveLength(1);
    expect(where(await search(device.seenId))).toEqual([`${device.storedBatch}#1`]);
  });

  it('shows an unknown device as empty, not as an error', async () => {
    expect(await fixture.handlers['devices.get']({ deviceId: 'dev-unknown' })).toEqual({
      ok: true,
      value: { deviceId: 'dev-unknown', transactions: [], transactionCount: 0, similarDevices: [] },
    });
  });
});
