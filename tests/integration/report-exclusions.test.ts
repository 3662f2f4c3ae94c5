import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBatch, type SourceRow } from '../../electron/core/bulk/batch';
import { reportService } from '../../electron/core/report/report-service';
import { rowsRepo, type RowResult } from '../../electron/core/store/rows.repo';
import { sandboxAnswer } from '../../electron/sandbox';
import { parseInsightResult } from '../../shared/domain/insight';
import {
  defaultLabelOptions,
  unscoredReason,
  type LabelOptions,
  type RowState,
} from '../../shared/report/labels';
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

/**
 * The tester imported the same 40 rows three times, 6 of them invalid each time (18 in all); the
 * report said "8 not sent: invalid" and put the other 10 under "repeat a transaction counted
 * once", though no row of those transactions was ever sent. Rows fold into one only for a
 * transaction the report counts: one with a score, or reviewed. Every other row stands under
 * what happened to it, so the reasons add up with the batches' own counts.
 */
describe('rows of a transaction that was never counted', () => {
  /** 40 rows: three invalid (one with no external ID), and row 16 repeating row 15's ID. */
  function badRows(): SourceRow[] {
    const rows = sourceRows(40);
    const change = (index: number, raw: Record<string, unknown>) => {
      const row = rows[index];
      if (!row) throw new Error(`no row ${String(index)}`);
      rows[index] = { ...row, raw: { ...row.raw, ...raw } };
    };
    change(4, { cpf: '123.456.789-00' });
    change(8, { email: 'no-at-sign.com.br' });
    change(12, { externalID: '' });
    change(16, { externalID: rows[15]?.raw.externalID });
    return rows;
  }

  /** Stores `rows` as a batch; answers the first `sent` valid rows, the first `failed` failing. */
  function batchOf(rows: SourceRow[], sent = rows.length, failed = 0): string {
    const batch = createBatch(history.db, {
      sourceName: 'bad.csv',
      sourceSha256: 'a'.repeat(64),
      environment: 'sandbox',
      baseUrl: 'embedded',
      rows,
    });
    const claimed = rowsRepo(history.db).claim(batch.id, sent, batch.createdAt);
    const results = claimed.map((row, index): RowResult => {
      const base = { seq: row.seq, errorCode: null, messages: [], attempts: 1, durationMs: 1 };
      if (index < failed) return { ...base, status: 'failed', httpStatus: 503, result: null };
      const answer = sandboxAnswer(row.request);
      const parsed = answer.status === 200 ? parseInsightResult(answer.body) : null;
      if (!parsed?.ok) return { ...base, status: 'no_content', httpStatus: 204, result: null };
      return { ...base, status: 'ok', httpStatus: 200, result: parsed.value };
    });
    rowsRepo(history.db).complete(batch.id, results, new Date().toISOString());
    return batch.id;
  }

  /**
   * The reasons the rows of `where` (over `result_index ri`) are left out, worked out row by
   * row: a transaction with a score is one case, its other rows repeats; every other row is
   * left out under its own state.
   */
  function expectedExclusions(where: string, params: unknown[]) {
    const rows = history.db
      .prepare(
        `SELECT ri.external_id AS id, ri.status AS status, ri.score AS score FROM result_index ri WHERE ${where}`,
      )
      .all(...params) as Array<{ id: string | null; status: RowState; score: number | null }>;
    const scored = new Set(rows.filter((row) => row.score !== null).map((row) => row.id));
    const counted = new Set<string>();
    const excluded: Record<string, number> = {};
    const add = (reason: string) => (excluded[reason] = (excluded[reason] ?? 0) + 1);
    for (const row of rows) {
      if (row.id !== null && scored.has(row.id)) {
        if (counted.has(row.id)) add('repeat');
        else if (row.score !== null) counted.add(row.id);
        else add('repeat');
      } else if (row.score === null) add(unscoredReason(row.status));
    }
    return { rows: rows.length, excluded };
  }

  it('counts every invalid row of several batches repeating the same bad rows', () => {
    const rows = badRows();
    batchOf(rows);
    batchOf(rows);
    batchOf(rows, 20, 2);
    const service = reportService(history.db);
    const invalidRows = (
      history.db
        .prepare(`SELECT COUNT(*) AS n FROM result_index WHERE status = 'invalid'`)
        .get() as {
        n: number;
      }
    ).n;
    expect(invalidRows).toBe(9);
    const expected = expectedExclusions('1', []);
    expect(expected.rows).toBe(120);
    const optionSets: LabelOptions[] = [
      defaultLabelOptions,
      { suspeito: 'exclude', unreviewed: 'exclude' },
    ];
    for (const options of optionSets) {
      const report = service.report({ destination: 'sandbox' }, options);
      expect(report.excludedBy).toMatchObject({ invalid: 9, ...expected.excluded });
      expect(report.labels.positive + report.labels.negative + report.labels.excluded).toBe(120);
    }
    // One batch with some of its bad rows pasted again: few rows repeat.
    const pasted = [...rows, ...rows.slice(0, 10).map((row) => ({ ...row, row: row.row + 40 }))];
    const again = batchOf(pasted);
    const inBatch = 'ri.batch_key = (SELECT key FROM batches WHERE id = ?)';
    const batchExpected = expectedExclusions(inBatch, [again]);
    const batchReport = service.report({ batchId: again }, defaultLabelOptions);
    expect(batchReport.excludedBy).toMatchObject({ invalid: 5, ...batchExpected.excluded });
    expect(
      batchReport.labels.positive + batchReport.labels.negative + batchReport.labels.excluded,
    ).toBe(50);
  });
});
