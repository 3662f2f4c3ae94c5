import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBatch, prepareRow } from '../../electron/core/bulk/batch';
import type { Transaction } from '../../shared/domain/types';
import type { SourceRow } from '../../shared/spreadsheet/transactions';
import { countRecentlyLookedUp } from '../../electron/core/bulk/reuse';
import { rowsRepo } from '../../electron/core/store/rows.repo';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { sourceRows, startBatch } from '../support/bulk';
import { tempHistory } from '../support/history';
import { sampleTransaction } from '../support/transactions';

let sandbox: SandboxHandle;
let history: Awaited<ReturnType<typeof tempHistory>>;
beforeAll(async () => (sandbox = await startSandbox()));
afterAll(() => sandbox.close());
beforeEach(async () => (history = await tempHistory()));
afterEach(() => history.close());

describe('skipping transactions looked up recently', () => {
  it('counts them, reuses the newest answer and marks the rows reused', async () => {
    await startBatch(history.db, sandbox, sourceRows(20)).run.ended;
    const ids = Array.from({ length: 25 }, (_, n) => sampleTransaction(n));
    expect(countRecentlyLookedUp(history.db, ids, 7)).toBe(20);
    // Only answers of the destination the run goes to are reused, so only those are counted.
    expect(countRecentlyLookedUp(history.db, ids, 7, new Date(), 'sandbox')).toBe(20);
    expect(countRecentlyLookedUp(history.db, ids, 7, new Date(), 'production')).toBe(0);
    expect(countRecentlyLookedUp(history.db, ids, 7, new Date(Date.now() + 8 * 86_400_000))).toBe(
      0,
    );

    const next = createBatch(history.db, {
      sourceName: 'again.csv',
      sourceSha256: 'b',
      environment: 'sandbox',
      baseUrl: sandbox.url,
      rows: sourceRows(25),
      skipLookedUpWithinDays: 7,
    });
    const stored = [...rowsRepo(history.db).iterate(next.id)];
    expect(stored.filter((row) => row.notes.includes('reused'))).toHaveLength(20);
    expect(
      stored
        .slice(0, 20)
        .every(
          (row) => row.state === 'done' && (row.status === 'ok' || row.status === 'no_content'),
        ),
    ).toBe(true);
    expect(stored.slice(20).every((row) => row.state === 'pending')).toBe(true);
    expect(stored[0]?.result?.deviceID ?? null).toEqual(
      stored[0]?.status === 'ok' ? expect.stringMatching(/^dev-/) : null,
    );
  });

  it("reuses only an answer to the same request, never another session's", async () => {
    const row = (n: number, raw: Partial<SourceRow['raw']>, at = n): SourceRow => ({
      row: at + 2,
      raw: { ...sourceRows(1, n)[0]?.raw, ...raw },
      notes: [],
    });
    // Two sessions of one order, each answered with its own device.
    await startBatch(history.db, sandbox, [
      row(0, { externalID: 'Order-ABC123', sessionID: 'sess-'.padEnd(28, 'a') }),
      row(1, { externalID: 'Order-ABC123', sessionID: 'sess-'.padEnd(28, 'b') }),
    ]).run.ended;
    const answered = new Map(
      [...rowsRepo(history.db).iterate(lastBatchId())].map((stored) => [
        stored.sessionId,
        stored.result?.deviceID,
      ]),
    );
    expect(new Set(answered.values()).size).toBe(2);

    const again = [
      // Each session gets its own answer back, whichever was looked up last.
      row(0, { externalID: 'Order-ABC123', sessionID: 'sess-'.padEnd(28, 'a') }, 0),
      row(1, { externalID: 'Order-ABC123', sessionID: 'sess-'.padEnd(28, 'b') }, 1),
      // Another session of the same order has no answer yet.
      row(2, { externalID: 'Order-ABC123', sessionID: 'sess-'.padEnd(28, 'z') }, 2),
      // The same session with another CPF is another request: its score is another pair's.
      row(
        3,
        { externalID: 'Order-ABC123', sessionID: 'sess-'.padEnd(28, 'a'), cpf: '52998224725' },
        3,
      ),
    ];
    const requests = again.map((source) => prepareRow(source).request as Transaction);
    expect(countRecentlyLookedUp(history.db, requests, 7)).toBe(2);
    const next = createBatch(history.db, {
      sourceName: 'again.csv',
      sourceSha256: 'c',
      environment: 'sandbox',
      baseUrl: sandbox.url,
      rows: again,
      skipLookedUpWithinDays: 7,
    });
    const stored = [...rowsRepo(history.db).iterate(next.id)];
    expect(stored.map((one) => one.notes.includes('reused'))).toEqual([true, true, false, false]);
    for (const one of stored.slice(0, 2))
      expect(one.result?.deviceID).toBe(answered.get(one.sessionId));
  });

  it('never takes as a source a row that reused an answer (an older version reused by ID alone)', async () => {
    const row = (sessionID: string): SourceRow => ({
      row: 2,
      raw: { ...sourceRows(1, 0)[0]?.raw, externalID: 'ORDER-7777', sessionID },
      notes: [],
    });
    const a = 'sess-'.padEnd(28, 'a');
    const b = 'sess-'.padEnd(28, 'b');
    await startBatch(history.db, sandbox, [row(a)]).run.ended;
    const first = lastBatchId();
    // What the old rule left: session b's row filled with session a's answer, noted reused.
    const old = createBatch(history.db, {
      sourceName: 'old.csv',
      sourceSha256: 'd',
      environment: 'sandbox',
      baseUrl: sandbox.url,
      rows: [row(b)],
    });
    const columns = (
      history.db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('lookups') as string[]
    ).filter((name) => name !== 'batch_key' && name !== 'seq');
    const key = (id: string) => `(SELECT key FROM batches WHERE id = '${id}')`;
    history.db.exec(
      `INSERT INTO lookups (batch_key, seq, ${columns.join(', ')})
       SELECT ${key(old.id)}, 1, ${columns.join(', ')} FROM lookups
       WHERE batch_key = ${key(first)} AND seq = 1;
       UPDATE batch_rows SET state = 'done', notes_json = '["reused"]',
         status = (SELECT status FROM lookups l WHERE l.batch_key = batch_rows.batch_key AND l.seq = 1)
       WHERE batch_key = ${key(old.id)}`,
    );
    const request = prepareRow(row(b)).request as Transaction;
    expect(countRecentlyLookedUp(history.db, [request], 7)).toBe(0);
    const next = createBatch(history.db, {
      sourceName: 'again.csv',
      sourceSha256: 'e',
      environment: 'sandbox',
      baseUrl: sandbox.url,
      rows: [row(b)],
      skipLookedUpWithinDays: 7,
    });
    expect([...rowsRepo(history.db).iterate(next.id)].map((one) => one.state)).toEqual(['pending']);
  });

  function lastBatchId(): string {
    return history.db
      .prepare('SELECT id FROM batches ORDER BY key DESC LIMIT 1')
      .pluck()
      .get() as string;
  }
});
