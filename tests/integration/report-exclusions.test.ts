import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBatch } from '../../electron/core/bulk/batch';
import { reportService } from '../../electron/core/report/report-service';
import { rowsRepo, type RowResult } from '../../electron/core/store/rows.repo';
import { sandboxAnswer } from '../../electron/sandbox';
import { parseInsightResult } from '../../shared/domain/insight';
import { defaultLabelOptions } from '../../shared/report/labels';
import { sourceRows } from '../support/bulk';
import { tempHistory } from '../support/history';

/**
 * Every row the report leaves out is counted under what happened to it: a row never sent (the
 * run stopped, paused or not there yet) is not an answer without a score, nor is a row the
 * import found invalid, nor a lookup that failed. The tester's batch of 300 cancelled at 62 was
 * reported as "242 without a score (204, invalid or failed answers)", 238 of them never sent.
 */
let history: Awaited<ReturnType<typeof tempHistory>>;
beforeEach(async () => (history = await tempHistory()));
afterEach(() => history.close());

/**
 * A batch of 30 rows, one of them invalid; 20 claimed and finished (the sandbox's answers, but
 * two failed and one rejected), the other 9 never sent. Returns the batch and how many of the
 * sandbox's answers were 204.
 */
function stoppedBatch() {
  const rows = sourceRows(30);
  const invalid = rows[3];
  if (!invalid) throw new Error('no row 3');
  rows[3] = { ...invalid, raw: { ...invalid.raw, cpf: '123.456.789-00' } };
  const batch = createBatch(history.db, {
    sourceName: 'stopped.csv',
    sourceSha256: 'e'.repeat(64),
    environment: 'sandbox',
    baseUrl: 'embedded',
    rows,
  });
  const claimed = rowsRepo(history.db).claim(batch.id, 20, batch.createdAt);
  let noContent = 0;
  const results = claimed.map((row, index): RowResult => {
    const base = { seq: row.seq, errorCode: null, messages: [], attempts: 1, durationMs: 1 };
    if (index < 2) return { ...base, status: 'failed', httpStatus: 503, result: null };
    if (index === 2) return { ...base, status: 'rejected', httpStatus: 400, result: null };
    const answer = sandboxAnswer(row.request);
    const parsed = answer.status === 200 ? parseInsightResult(answer.body) : null;
    if (!parsed?.ok) {
      noContent += 1;
      return { ...base, status: 'no_content', httpStatus: 204, result: null };
    }
    return { ...base, status: 'ok', httpStatus: 200, result: parsed.value };
  });
  rowsRepo(history.db).complete(batch.id, results, new Date().toISOString());
  return { batchId: batch.id, noContent };
}

describe('the reasons rows are left out of the report', () => {
  it('keeps rows never sent, invalid rows and failed lookups apart from answers without a score', () => {
    const { batchId, noContent } = stoppedBatch();
    const service = reportService(history.db);
    const expected = { not_looked_up: 9, invalid: 1, failed: 3, no_score: noContent };
    const whole = service.report({ batchId }, defaultLabelOptions);
    expect(whole.excludedBy).toMatchObject(expected);
    // Every row of the batch is a case or counted under one reason.
    expect(whole.labels.positive + whole.labels.negative + whole.labels.excluded).toBe(30);
    expect(service.report({ destination: 'sandbox' }, defaultLabelOptions).excludedBy).toEqual(
      whole.excludedBy,
    );
    // The same counted in SQL, for a results filter (every row unreviewed, so the filter keeps all).
    const filtered = service.report(
      { batchId, filter: { outcomes: ['none'] } },
      defaultLabelOptions,
    );
    expect(filtered.excludedBy).toEqual(whole.excludedBy);
    expect(filtered.labels).toEqual(whole.labels);
  });
});
