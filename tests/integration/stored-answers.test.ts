import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sourceRows } from '../support/bulk';
import { tempHistory } from '../support/history';
import { deviceRisks, type InsightResult } from '../../shared/domain/types';
import { parseInsightResult } from '../../shared/domain/insight';
import { sandboxAnswer } from '../../electron/sandbox';
import { createBatch } from '../../electron/core/bulk/batch';
import { rowsRepo, type RowResult } from '../../electron/core/store/rows.repo';

let history: Awaited<ReturnType<typeof tempHistory>>;
beforeEach(async () => (history = await tempHistory()));
afterEach(() => history.close());

function batchOf(rows: number): string {
  return createBatch(history.db, {
    sourceName: 'p.csv',
    sourceSha256: 'a'.repeat(64),
    environment: 'sandbox',
    baseUrl: 'embedded',
    rows: sourceRows(rows),
  }).id;
}

const answered = (seq: number, result: InsightResult | null): RowResult => ({
  seq,
  status: result ? 'ok' : 'no_content',
  httpStatus: result ? 200 : 204,
  errorCode: null,
  result,
  messages: [],
  attempts: 1,
  durationMs: 4,
});

/** Text of any kind: codes as the service sends them, and spaces, quotes, escapes, emoji. */
const text = fc.oneof(
  fc.constantFrom('DEV0003', 'GER0005', 'dev0003', 'GER 0001', 'a"b', 'a\\b', ''),
  fc.string({ unit: 'binary', maxLength: 12 }),
);
const count = fc.option(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }));
const score = fc.option(
  fc.oneof(
    fc.double({ min: 0, max: 1, noNaN: true }),
    fc.integer({ min: 0, max: 10_000 }).map((n) => n / 10_000),
  ),
);
const result: fc.Arbitrary<InsightResult> = fc.record({
  deviceID: text.filter((id) => id.trim() !== ''),
  insights: fc.array(text, { maxLength: 8 }),
  alertQuantity: count,
  deviceAge: count,
  deviceRisk: fc.option(fc.constantFrom(...deviceRisks)),
  score,
  smartID: fc.option(text),
  similarityResult: fc.option(
    fc.record({
      deviceID: fc.option(text),
      maximumScore: fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { maxLength: 3 }),
      similarDevices: fc.array(text, { maxLength: 3 }),
    }),
  ),
});

describe('rowsRepo.complete (answers since migration 0013)', () => {
  it('gives back every answer byte for byte, whether its columns or its whole JSON hold it', () => {
    const batchId = batchOf(1);
    const rows = rowsRepo(history.db);
    const stored = history.db.prepare<[], { result_json: string | null }>(
      'SELECT result_json FROM lookups',
    );
    fc.assert(
      fc.property(fc.option(result), (answer) => {
        history.db.transaction(() => rows.complete(batchId, [answered(1, answer)], 'now'))();
        expect(stored.get()?.result_json).toBe(answer ? JSON.stringify(answer) : null);
        // As JSON gives it back (a -0 comes back 0, as it always did).
        expect([...rows.iterate(batchId)][0]?.result).toEqual(
          JSON.parse(JSON.stringify(answer)) as unknown,
        );
      }),
      { numRuns: 500 },
    );
  });

  it("keeps none of the sandbox's answers whole, and lists their codes without case", () => {
    const size = 200;
    const batchId = batchOf(size);
    const rows = rowsRepo(history.db);
    const claimed = history.db.transaction(() => rows.claim(batchId, size, 'now'))();
    const results = claimed.map(({ seq, request }) => {
      const reply = sandboxAnswer(request);
      const parsed = reply.status === 200 ? parseInsightResult(reply.body) : null;
      return answered(seq, parsed?.ok ? parsed.value : null);
    });
    history.db.transaction(() => rows.complete(batchId, results, 'now'))();
    const { whole, answers } = history.db
      .prepare(
        'SELECT SUM(stored_result IS NOT NULL) AS whole, SUM(result_json IS NOT NULL) AS answers FROM lookups',
      )
      .get() as { whole: number; answers: number };
    expect(answers).toBeGreaterThan(size / 2);
    expect(whole).toBe(0);
    expect([...rows.iterate(batchId)].map((row) => row.result)).toEqual(
      results.map((row) => row.result),
    );

    // The same code in another case is the same code: no second number for it.
    const codes = history.db.prepare('SELECT COUNT(*) FROM insight_codes').pluck();
    const before = codes.get();
    const again = { ...results.find((row) => row.result)!, seq: 1 };
    const lower = {
      ...again.result!,
      insights: again.result!.insights.map((code) => code.toLowerCase()),
    };
    history.db.transaction(() => rows.complete(batchId, [{ ...again, result: lower }], 'later'))();
    expect(codes.get()).toBe(before);
  });
});
