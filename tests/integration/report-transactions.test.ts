import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBatch, type SourceRow } from '../../electron/core/bulk/batch';
import { reportService } from '../../electron/core/report/report-service';
import { reviewService } from '../../electron/core/review/review-service';
import { rowsRepo, type RowResult } from '../../electron/core/store/rows.repo';
import { sandboxAnswer } from '../../electron/sandbox';
import { parseInsightResult } from '../../shared/domain/insight';
import type { InsightResult, ReviewOutcome } from '../../shared/domain/types';
import type { ExclusionReason, LabelOptions } from '../../shared/report/labels';
import { scoreReport, type ReportCase, type ScoreReport } from '../../shared/report/report';
import { sourceRows } from '../support/bulk';
import { tempHistory } from '../support/history';

/**
 * A transaction is one case of the report however many rows name it: the tester imported the
 * same transactions again with "skip recent lookups", 41 stored answers were reused, and every
 * batch of Sandbox went from 12 fraud / 100 scored to 23 / 139, its AUC interval narrower than
 * the cases support. The row that counts is the transaction's newest answer with a score.
 */
let history: Awaited<ReturnType<typeof tempHistory>>;
beforeEach(async () => (history = await tempHistory()));
afterEach(() => history.close());

const optionSets: LabelOptions[] = [
  { suspeito: 'fraud', unreviewed: 'legit' },
  { suspeito: 'exclude', unreviewed: 'exclude' },
];

/** The sandbox's answer to a row, its score moved by `shift` (a later answer of the service). */
function answerOf(request: unknown, shift = 0): InsightResult | null {
  const answer = sandboxAnswer(request);
  if (answer.status !== 200) return null;
  const body = { ...answer.body, score: (Number(answer.body.score) + shift) % 1 };
  const parsed = parseInsightResult(body);
  if (!parsed.ok) throw new Error(parsed.problems.join('; '));
  return parsed.value;
}

/** Makes a batch of `rows` and answers all (`reuse`: its recent answers reused first). */
function answeredBatch(rows: SourceRow[], options: { shift?: number; reuse?: boolean } = {}) {
  const batch = createBatch(history.db, {
    sourceName: 'again.csv',
    sourceSha256: 'b'.repeat(64),
    environment: 'sandbox',
    baseUrl: 'embedded',
    rows,
    ...(options.reuse ? { skipLookedUpWithinDays: 30 } : {}),
  });
  const claimed = rowsRepo(history.db).claim(batch.id, rows.length, batch.createdAt);
  const answers = new Map<string, InsightResult | null>();
  const results = claimed.map((row): RowResult => {
    const result = answerOf(row.request, options.shift);
    answers.set(row.request.externalID, result);
    return {
      seq: row.seq,
      status: result ? 'ok' : 'no_content',
      httpStatus: result ? 200 : 204,
      errorCode: null,
      result,
      messages: [],
      attempts: 1,
      durationMs: 1,
    };
  });
  rowsRepo(history.db).complete(batch.id, results, new Date().toISOString());
  return { batchId: batch.id, answers, sent: claimed.length };
}

/** Reviews the transactions `ids` as the review queue does, through one of their rows. */
function review(batchId: string, outcomes: Map<string, ReviewOutcome>): void {
  const service = reviewService(history.db);
  for (const [externalId, outcome] of outcomes) {
    const row = history.db
      .prepare(
        `SELECT seq FROM batch_rows WHERE batch_key = (SELECT key FROM batches WHERE id = ?)
         AND external_id = ?`,
      )
      .get(batchId, externalId) as { seq: number } | undefined;
    if (row) service.set([{ batchId, seq: row.seq }], outcome);
  }
}

/** One case per transaction, from the answer that represents it. */
function casesOf(
  answers: Map<string, InsightResult | null>,
  outcomes: Map<string, ReviewOutcome>,
): ReportCase[] {
  return [...answers].map(([externalId, result]) => ({
    score: result?.score ?? null,
    risk: result?.deviceRisk ?? null,
    insights: result?.insights ?? [],
    alertQuantity: result?.alertQuantity ?? null,
    deviceAge: result?.deviceAge ?? null,
    review: outcomes.get(externalId) ?? null,
    state: result ? 'ok' : 'no_content',
  }));
}

/**
 * `expected` with `repeats` rows more left out, as repeats of a transaction counted once, and
 * the `others` rows of transactions never scored, each under what happened to it (a transaction
 * without a score is counted nowhere, so its rows do not fold into one).
 */
function withRepeats(
  expected: ScoreReport,
  repeats: number,
  others: Partial<Record<ExclusionReason, number>> = {},
): ScoreReport {
  const excludedBy = { ...expected.excludedBy, repeat: repeats };
  let more = repeats;
  for (const [reason, n] of Object.entries(others) as Array<[ExclusionReason, number]>) {
    excludedBy[reason] += n;
    more += n;
  }
  return {
    ...expected,
    labels: { ...expected.labels, excluded: expected.labels.excluded + more },
    excludedBy,
  };
}

/** How many of `ids` were answered without a score. */
function unscored(answers: Map<string, InsightResult | null>, ids: SourceRow[]): number {
  return ids.filter((row) => answers.get(String(row.raw.externalID)) === null).length;
}

/** Fraud and Legítima for a few of the transactions 0 to 49. */
function outcomesOf(rows: SourceRow[]): Map<string, ReviewOutcome> {
  const outcomes = new Map<string, ReviewOutcome>();
  rows.forEach((row, index) => {
    const id = String(row.raw.externalID);
    if (index % 4 === 0) outcomes.set(id, 'Fraude Confirmada');
    else if (index % 7 === 0) outcomes.set(id, 'Legítima');
    else if (index % 9 === 0) outcomes.set(id, 'Suspeito');
  });
  return outcomes;
}

describe('a transaction in several rows', () => {
  it('counts once in the environment when a later batch reuses its stored answer', () => {
    const first = answeredBatch(sourceRows(40));
    // Transactions 20 to 39 again, with 40 to 49 new: 20 answers reused, 10 sent.
    const again = answeredBatch(sourceRows(30, 20), { reuse: true });
    expect(again.sent).toBe(10);
    const outcomes = outcomesOf(sourceRows(50));
    review(first.batchId, outcomes);
    review(again.batchId, outcomes);
    const answers = new Map([...first.answers, ...again.answers]);
    expect(answers.size).toBe(50);
    // A transaction the service answered without a score, reused: two rows answered without one.
    const noScore = unscored(first.answers, sourceRows(20, 20));
    expect(noScore).toBeGreaterThan(0);
    const service = reportService(history.db);
    for (const options of optionSets) {
      const report = service.report({ destination: 'sandbox' }, options);
      expect(report).toEqual(
        withRepeats(scoreReport(casesOf(answers, outcomes), options), 20 - noScore, {
          no_score: noScore,
        }),
      );
      // Every row is still counted once: as a case, or under the reason it is left out.
      expect(report.labels.positive + report.labels.negative + report.labels.excluded).toBe(70);
    }
  });

  it('is represented by its newest answer with a score', () => {
    const rows = sourceRows(30);
    const older = answeredBatch(rows);
    const newer = answeredBatch(rows, { shift: 0.37 });
    const outcomes = outcomesOf(rows);
    review(newer.batchId, outcomes);
    // A third batch of the same transactions never sent: the newer answers still count.
    createBatch(history.db, {
      sourceName: 'not-sent.csv',
      sourceSha256: 'd'.repeat(64),
      environment: 'sandbox',
      baseUrl: 'embedded',
      rows,
    });
    expect(older.answers).not.toEqual(newer.answers);
    // A transaction never scored keeps its three rows: two answered without a score, one not sent.
    const noScore = unscored(newer.answers, rows);
    expect(noScore).toBeGreaterThan(0);
    const service = reportService(history.db);
    for (const options of optionSets)
      expect(service.report({ destination: 'sandbox' }, options)).toEqual(
        withRepeats(scoreReport(casesOf(newer.answers, outcomes), options), 2 * (30 - noScore), {
          no_score: noScore,
          not_looked_up: noScore,
        }),
      );
  });

  it('counts once within one batch, whole or filtered', () => {
    // Transactions 0 to 19, then 0 to 4 again (the same file pasted twice, in part).
    const rows = [
      ...sourceRows(20),
      ...sourceRows(5).map((row) => ({ ...row, row: row.row + 20 })),
    ];
    const batch = answeredBatch(rows);
    const outcomes = outcomesOf(rows);
    review(batch.batchId, outcomes);
    const service = reportService(history.db);
    for (const options of optionSets) {
      const expected = withRepeats(scoreReport(casesOf(batch.answers, outcomes), options), 5);
      expect(service.report({ batchId: batch.batchId }, options)).toEqual(expected);
      const every = {
        risks: ['low', 'medium', 'high', 'undefined'] as Array<
          'low' | 'medium' | 'high' | 'undefined'
        >,
      };
      const answered = service.report(
        { batchId: batch.batchId, filter: { statuses: ['ok', 'no_content'], ...every } },
        options,
      );
      // The filter keeps the rows with a risk: the answered ones with content.
      const withRisk = new Map([...batch.answers].filter(([, result]) => result !== null));
      const repeatsWithRisk = rows
        .slice(20)
        .filter((row) => withRisk.has(String(row.raw.externalID))).length;
      expect(answered).toEqual(
        withRepeats(scoreReport(casesOf(withRisk, outcomes), options), repeatsWithRisk),
      );
    }
  });

  it('tells apart IDs that differ only in case, as outcomes do', () => {
    const rows = sourceRows(10);
    const first = rows[0];
    if (!first) throw new Error('no row');
    const upper = { ...first, row: 12, raw: { ...first.raw, externalID: 'ORDER-000000' } };
    const batch = answeredBatch([...rows, upper]);
    expect(batch.answers.size).toBe(11);
    const outcomes = new Map<string, ReviewOutcome>([['ORDER-000000', 'Fraude Confirmada']]);
    review(batch.batchId, outcomes);
    const service = reportService(history.db);
    const expected = withRepeats(scoreReport(casesOf(batch.answers, outcomes), optionSets[0]!), 0);
    expect(service.report({ destination: 'sandbox' }, optionSets[0]!)).toEqual(expected);
    expect(service.report({ batchId: batch.batchId }, optionSets[0]!)).toEqual(expected);
  });
});
