import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { reviewService } from '../../electron/core/review/review-service';
import { uploadService } from '../../electron/core/uploads/upload-service';
import type { OutcomeImportRow, ReviewTarget } from '../../shared/contract/outcomes';
import type { ResultFilter } from '../../shared/contract/results';
import type { Outcome } from '../../shared/domain/types';
import { buildResponseFile } from '../../shared/outcomes';
import { sourceRows } from '../support/bulk';
import { batchRowsOf, storedOutcomes } from './outcome-rows';
import { outcomesFixture, type OutcomesFixture } from './outcomes-fixture';
import { unwrap } from './results-fixture';
import { testResultHandlers } from '../support/result-handlers';

let fixture: OutcomesFixture;
beforeAll(async () => {
  fixture = await outcomesFixture(40);
});
afterAll(() => fixture.close());
// Each test sets the outcomes it reads: none depends on what an earlier one left.
beforeEach(() => clearAll());

/** The `outcomes` table, read straight. */
const stored = () => storedOutcomes(fixture.db);

/** Each row of the fixture batch with its transaction id and the device its answer named. */
const batchRows = (batchId = fixture.batchId) => batchRowsOf(fixture.db, batchId);

const targets = (seqs: number[], batchId = fixture.batchId): ReviewTarget[] =>
  seqs.map((seq) => ({ batchId, seq }));

function clearAll(): void {
  fixture.db.prepare('DELETE FROM outcomes').run();
}

describe('setting outcomes by hand', () => {
  it('stores an outcome per transaction id with its device and time, leaving rows it cannot review', () => {
    const review = reviewService(fixture.db);
    const rows = batchRows();
    const answered = rows.filter((row) => row.deviceId !== null);
    expect(rows[0]).toMatchObject({ externalId: null, status: 'invalid' });
    expect(rows[1]).toMatchObject({ status: 'no_content', deviceId: null });

    const before = new Date().toISOString();
    const change = review.set(targets(rows.map((row) => row.seq)), 'Suspeito');
    const after = new Date().toISOString();
    expect(change).toEqual({
      ok: true,
      value: {
        changed: answered.length,
        withoutTransactionId: 1,
        withoutDevice: rows.length - answered.length - 1,
        otherDevice: 0,
      },
    });
    const outcomes = stored();
    expect(outcomes.size).toBe(answered.length);
    for (const row of answered) {
      const outcome = outcomes.get(row.externalId!);
      expect(outcome).toMatchObject({
        device_id: row.deviceId,
        outcome: 'Suspeito',
        batch_id: fixture.batchId,
      });
      expect(outcome!.set_at >= before && outcome!.set_at <= after).toBe(true);
    }
    expect(outcomes.has(rows[1]!.externalId!)).toBe(false);
  });

  it('counts only real changes and keeps the time of an outcome set again unchanged', async () => {
    const review = reviewService(fixture.db);
    const [a, b, c] = batchRows().filter((row) => row.deviceId !== null);
    review.set(targets([a!.seq, c!.seq]), 'Suspeito');
    const firstSet = stored().get(a!.externalId!)!.set_at;
    // Until the clock has moved past the stored time, an unchanged set_at would prove nothing.
    await vi.waitUntil(() => new Date().toISOString() > firstSet, { timeout: 5_000, interval: 1 });

    expect(review.set(targets([a!.seq]), 'Suspeito')).toMatchObject({ value: { changed: 0 } });
    expect(stored().get(a!.externalId!)!.set_at).toBe(firstSet);

    expect(review.set(targets([a!.seq, b!.seq]), 'Fraude Confirmada')).toMatchObject({
      value: { changed: 2 },
    });
    const changed = stored().get(a!.externalId!)!;
    expect(changed.outcome).toBe('Fraude Confirmada');
    expect(changed.set_at > firstSet).toBe(true);

    // Clearing removes the outcome; a row without a device has nothing to clear; an unknown row
    // is skipped.
    const noDevice = batchRows()[1]!;
    expect(review.set(targets([c!.seq, noDevice.seq, 9999]), null)).toEqual({
      ok: true,
      value: { changed: 1, withoutTransactionId: 0, withoutDevice: 0, otherDevice: 0 },
    });
    expect(stored().has(c!.externalId!)).toBe(false);
  });

  it('shows the outcome on results pages, details and search hits', async () => {
    const handlers = testResultHandlers(fixture.db);
    const [reviewed] = batchRows().filter((row) => row.deviceId !== null);
    reviewService(fixture.db).set(targets([reviewed!.seq]), 'Fraude Confirmada');
    const outcome = stored().get(reviewed!.externalId!)!;
    const page = unwrap(
      await handlers['results.page']({
        batchId: fixture.batchId,
        filter: {},
        sort: 'row',
        direction: 'asc',
        offset: 0,
        limit: 100,
      }),
    );
    expect(page.rows.find((row) => row.seq === reviewed!.seq)).toMatchObject({
      outcome: outcome.outcome,
      outcomeSetAt: outcome.set_at,
    });
    expect(page.rows[1]).toMatchObject({ outcome: null, outcomeSetAt: null });
    const detail = unwrap(
      await handlers['results.detail']({ batchId: fixture.batchId, seq: reviewed!.seq }),
    );
    expect(detail).toMatchObject({ outcome: outcome.outcome, outcomeSetAt: outcome.set_at });
    const [hit] = unwrap(
      await handlers['history.search']({
        query: reviewed!.externalId!,
        limit: 5,
        filter: {},
        direction: 'asc',
        offset: 0,
      }),
    ).hits;
    expect(hit).toMatchObject({ outcome: outcome.outcome, outcomeSetAt: outcome.set_at });
    const device = unwrap(await handlers['devices.get']({ deviceId: reviewed!.deviceId! }));
    expect(device.transactions[0]).toMatchObject({ outcome: outcome.outcome });
  });
});

describe('setting outcomes by filter', () => {
  it('sets exactly the rows the results filter shows, then the rows not reviewed yet', async () => {
    const review = reviewService(fixture.db);
    const handlers = testResultHandlers(fixture.db);
    const page = async (filter: ResultFilter) =>
      unwrap(
        await handlers['results.page']({
          batchId: fixture.batchId,
          filter,
          sort: 'row',
          direction: 'asc',
          offset: 0,
          limit: 500,
        }),
      );
    const high: ResultFilter = { statuses: ['ok'], risks: ['high', 'medium'] };
    const expected = (await page(high)).rows;
    expect(expected.length).toBeGreaterThan(0);
    // A count that no longer matches (the batch moved on since the analyst confirmed): nothing.
    const moved = await review.setFiltered(fixture.batchId, high, 'Suspeito', {
      expected: expected.length + 1,
    });
    expect(!moved.ok && moved.error).toMatchObject({ code: 'stale' });
    expect(stored().size).toBe(0);
    expect(
      await review.setFiltered(fixture.batchId, high, 'Device Positivado', {
        expected: expected.length,
      }),
    ).toEqual({
      ok: true,
      value: {
        changed: expected.length,
        withoutTransactionId: 0,
        withoutDevice: 0,
        otherDevice: 0,
      },
    });
    expect([...stored().keys()].sort()).toEqual(expected.map((row) => row.externalId).sort());
    expect((await page({ outcomes: ['Device Positivado'] })).total).toBe(expected.length);

    const rest = await page({ outcomes: ['none'] });
    expect(
      unwrap(await review.setFiltered(fixture.batchId, { outcomes: ['none'] }, 'Suspeito')),
    ).toEqual({
      changed: rest.rows.filter((row) => row.deviceId !== null).length,
      withoutTransactionId: 1,
      withoutDevice: rest.rows.filter((row) => row.externalId !== null && row.deviceId === null)
        .length,
      otherDevice: 0,
    });
    // Rows that cannot be reviewed stay in 'none'; every other row now has an outcome.
    const left = await page({ outcomes: ['none'] });
    expect(left.rows.every((row) => row.deviceId === null)).toBe(true);
    expect(review.summary('sandbox', fixture.batchId)).toMatchObject({
      counts: { 'Device Positivado': expected.length, 'Fraude Confirmada': 0 },
      total: batchRows().filter((row) => row.deviceId !== null).length,
    });
  });
});

describe('importing outcomes from a spreadsheet', () => {
  it('reports and applies as the history says, replacing conflicts only when asked', async () => {
    const review = reviewService(fixture.db);
    const answered = batchRows().filter((row) => row.deviceId !== null);
    const [same, conflicting, fresh, twice, repeated] = answered.map((row) => row.externalId!);
    review.set(targets(answered.slice(0, 2).map((row) => row.seq)), 'Suspeito');
    // A later batch looks `fresh` up again with another session: the import takes that device.
    const [later] = sourceRows(1, 500);
    const laterBatch = await fixture.runBatch([
      { ...later!, raw: { ...later!.raw, externalID: fresh } },
    ]);
    const laterDevice = batchRows(laterBatch)[0]!.deviceId;
    expect(laterDevice).not.toBeNull();
    expect(laterDevice).not.toBe(answered[2]!.deviceId);

    let line = 1;
    const row = (transactionId: string, outcome: Outcome): OutcomeImportRow => ({
      row: (line += 1),
      transactionId,
      outcome,
    });
    const rows = [
      row(same!, 'Suspeito'),
      row(conflicting!, 'Fraude Confirmada'),
      row(fresh!, 'Device Positivado'),
      row('order-never-seen', 'Suspeito'),
      row(batchRows()[1]!.externalId!, 'Suspeito'),
      row(twice!, 'Suspeito'),
      row(twice!, 'Fraude Confirmada'),
      row(repeated!, 'Fraude Confirmada'),
      row(repeated!, 'Fraude Confirmada'),
    ];
    const report = review.checkImport(rows, 'sandbox');
    expect(report).toEqual({
      rows: 9,
      toApply: 2,
      unchanged: 1,
      repeated: 1,
      notFound: [{ row: 5, transactionId: 'order-never-seen', incoming: 'Suspeito' }],
      withoutDevice: [{ row: 6, transactionId: batchRows()[1]!.externalId, incoming: 'Suspeito' }],
      conflicts: [
        {
          row: 3,
          transactionId: conflicting,
          current: 'Suspeito',
          incoming: 'Fraude Confirmada',
        },
      ],
      contradictions: [
        { row: 7, transactionId: twice, current: 'Fraude Confirmada', incoming: 'Suspeito' },
        { row: 8, transactionId: twice, current: 'Suspeito', incoming: 'Fraude Confirmada' },
      ],
      unknown: [],
    });
    // The check changed nothing.
    expect(stored().size).toBe(2);

    expect(review.applyImport(rows, false, 'sandbox')).toEqual({ applied: 2, keptConflicts: 1 });
    let outcomes = stored();
    expect(outcomes.get(conflicting!)?.outcome).toBe('Suspeito');
    expect(outcomes.get(fresh!)).toMatchObject({
      outcome: 'Device Positivado',
      device_id: laterDevice,
      batch_id: laterBatch,
    });
    expect(outcomes.get(repeated!)?.outcome).toBe('Fraude Confirmada');
    expect(outcomes.has(twice!)).toBe(false);
    expect(outcomes.has('order-never-seen')).toBe(false);

    expect(review.applyImport(rows, true, 'sandbox')).toEqual({ applied: 1, keptConflicts: 0 });
    outcomes = stored();
    expect(outcomes.get(conflicting!)?.outcome).toBe('Fraude Confirmada');
    expect(outcomes.size).toBe(4);
    expect(review.checkImport(rows, 'sandbox')).toMatchObject({
      toApply: 0,
      unchanged: 4,
      repeated: 1,
      conflicts: [],
    });
  });

  it('applies an outcome kept on an older device again: it moves to the newest lookup', async () => {
    const review = reviewService(fixture.db);
    const first = batchRows().find((row) => row.deviceId !== null)!;
    const rows: OutcomeImportRow[] = [
      { row: 2, transactionId: first.externalId!, outcome: 'Fraude Confirmada' },
    ];
    expect(review.applyImport(rows, false, 'sandbox')).toEqual({ applied: 1, keptConflicts: 0 });
    // The transaction looked up again in another session: another device, a newer batch.
    const [later] = sourceRows(1, 600);
    const laterBatch = await fixture.runBatch([
      { ...later!, raw: { ...later!.raw, externalID: first.externalId! } },
    ]);
    const laterDevice = batchRows(laterBatch)[0]!.deviceId;
    expect(laterDevice).not.toBe(first.deviceId);

    expect(review.checkImport(rows, 'sandbox')).toMatchObject({ toApply: 1, unchanged: 0 });
    expect(review.applyImport(rows, false, 'sandbox')).toEqual({ applied: 1, keptConflicts: 0 });
    expect(stored().get(first.externalId!)).toMatchObject({
      device_id: laterDevice,
      batch_id: laterBatch,
    });
    expect(await review.fileRows('sandbox', { batchId: laterBatch, scope: 'all' })).toEqual([
      { transactionId: first.externalId, deviceId: laterDevice, outcome: 'Fraude Confirmada' },
    ]);
    expect(review.checkImport(rows, 'sandbox')).toMatchObject({ toApply: 0, unchanged: 1 });
  });
});

describe('rows for a response-variable file', () => {
  it('reads a large selection a slice at a time, in the same order, answering other work between slices', async () => {
    const review = reviewService(fixture.db);
    const answered = batchRows().filter((row) => row.deviceId !== null);
    // One change: every outcome has the same time, so the slices part on the row id as well.
    review.set(targets(answered.map((row) => row.seq)), 'Suspeito');
    const whole = await review.fileRows('sandbox', { scope: 'all' });
    expect(whole.map((row) => row.transactionId)).toEqual(answered.map((row) => row.externalId));
    const order: string[] = [];
    const reading = review.fileRows('sandbox', { scope: 'all' }, { sliceRows: 3 }).then((rows) => {
      order.push('read');
      return rows;
    });
    setImmediate(() => order.push('other work'));
    expect(await reading).toEqual(whole);
    expect(order).toEqual(['other work', 'read']);
  });

  it('gives the unsent rows of the environment, all rows on request, one batch on request', async () => {
    const review = reviewService(fixture.db);
    const answered = batchRows().filter((row) => row.deviceId !== null);
    review.set(targets(answered.slice(0, 6).map((row) => row.seq)), 'Suspeito');
    review.set(targets(answered.slice(6, 9).map((row) => row.seq)), 'Fraude Confirmada');
    const all = await review.fileRows('sandbox', { scope: 'all' });
    expect(all).toEqual(
      answered.slice(0, 9).map((row, index) => ({
        transactionId: row.externalId,
        deviceId: row.deviceId,
        outcome: index < 6 ? 'Suspeito' : 'Fraude Confirmada',
      })),
    );
    expect(await review.fileRows('sandbox', { scope: 'unsent' })).toEqual(all);
    expect(review.summary('sandbox')).toEqual({
      counts: { Suspeito: 6, 'Fraude Confirmada': 3, 'Device Positivado': 0 },
      total: 9,
      unsent: 9,
      legitimate: 0,
      elsewhere: 0,
    });

    // The first four go to the sandbox and are accepted.
    const built = await buildResponseFile(all.slice(0, 4), { kind: 'csv', fileName: 'first' });
    if (!built.ok) throw new Error('The file should build.');
    const uploads = uploadService(fixture.db);
    const sent = unwrap(
      await uploads.send(
        { fileName: built.file.fileName, bytes: built.file.bytes },
        { client: fixture.client, environment: 'sandbox', confirmed: false },
      ),
    );
    expect(sent).toMatchObject({ status: 'done', upload: { status: 'sent' } });
    expect(await review.fileRows('sandbox', { scope: 'unsent' })).toEqual(all.slice(4));
    expect(await review.fileRows('sandbox', { scope: 'all' })).toEqual(all);
    expect(review.summary('sandbox').unsent).toBe(5);
    // Another environment gets none of them: their devices were named by the sandbox, and a
    // sandbox device must never reach the test or production service.
    expect(await review.fileRows('test', { scope: 'all' })).toEqual([]);
    expect(review.summary('test')).toMatchObject({ total: 0, unsent: 0, elsewhere: 9 });
    // A Legítima is never in a file: not counted as reviewed for another environment either.
    review.set(targets(answered.slice(9, 11).map((row) => row.seq)), 'Legítima');
    expect(review.summary('test')).toMatchObject({ elsewhere: 9 });
    const asTest = review.checkImport(
      all.map((row, index) => ({
        row: index + 2,
        transactionId: row.transactionId,
        outcome: row.outcome,
      })),
      'test',
    );
    expect(asTest.notFound).toHaveLength(all.length);
    expect(asTest.toApply).toBe(0);

    // A changed outcome is unsent again (the service has only the old one).
    review.set(targets([answered[0]!.seq]), 'Device Positivado');
    const unsent = await review.fileRows('sandbox', { scope: 'unsent' });
    expect(unsent).toHaveLength(6);
    expect(unsent.at(-1)).toEqual({
      transactionId: answered[0]!.externalId,
      deviceId: answered[0]!.deviceId,
      outcome: 'Device Positivado',
    });

    // One batch: only the ids its rows carry.
    const [other] = sourceRows(1, 900);
    const otherBatch = await fixture.runBatch([other!]);
    review.set(targets([1], otherBatch), 'Suspeito');
    expect(await review.fileRows('sandbox', { scope: 'all', batchId: otherBatch })).toEqual([
      expect.objectContaining({ transactionId: other!.raw.externalID, outcome: 'Suspeito' }),
    ]);
    expect(
      await review.fileRows('sandbox', { scope: 'all', batchId: fixture.batchId }),
    ).toHaveLength(9);
    expect(review.summary('sandbox', otherBatch)).toMatchObject({ total: 1, unsent: 1 });
    for (const query of [
      { scope: 'all' as const },
      { scope: 'unsent' as const },
      { scope: 'all' as const, batchId: otherBatch },
      { scope: 'unsent' as const, batchId: fixture.batchId },
    ])
      expect(review.fileMeasure('sandbox', query).count).toBe(
        (await review.fileRows('sandbox', query)).length,
      );
    expect(review.fileMeasure('test', { scope: 'all' }).count).toBe(0);
  });

  it('gives a batch the outcomes set from a later batch on the transactions it holds too', async () => {
    const review = reviewService(fixture.db);
    const [answered] = batchRows().filter((row) => row.deviceId !== null);
    const source = fixture.rows[answered!.seq - 1]!;
    const later = await fixture.runBatch([source]);
    review.set(targets([1], later), 'Fraude Confirmada');
    const stored = fixture.db
      .prepare('SELECT batch_id FROM outcomes WHERE external_id = ?')
      .get(answered!.externalId);
    expect(stored).toEqual({ batch_id: later });
    const expected = [
      expect.objectContaining({
        transactionId: answered!.externalId,
        outcome: 'Fraude Confirmada',
      }),
    ];
    expect(await review.fileRows('sandbox', { scope: 'all', batchId: fixture.batchId })).toEqual(
      expected,
    );
    expect(await review.fileRows('sandbox', { scope: 'all', batchId: later })).toEqual(expected);
    expect(review.summary('sandbox', fixture.batchId)).toMatchObject({ total: 1, unsent: 1 });
  });
});
