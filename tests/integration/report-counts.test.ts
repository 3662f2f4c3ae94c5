import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBatch } from '../../electron/core/bulk/batch';
import { reportService } from '../../electron/core/report/report-service';
import { reviewService } from '../../electron/core/review/review-service';
import { batchKeyOf as keyOf } from '../../electron/core/store/batch-key';
import { outcomeRanks, riskRanks } from '../../electron/core/store/result-filter';
import { rowsRepo, type RowResult } from '../../electron/core/store/rows.repo';
import { sandboxAnswer } from '../../electron/sandbox';
import { parseInsightResult } from '../../shared/domain/insight';
import { reviewOutcomes, type DeviceRisk, type ReviewOutcome } from '../../shared/domain/types';
import type { LabelOptions, RowState } from '../../shared/report/labels';
import { scoreReport, type ReportCase } from '../../shared/report/report';
import { sourceRows } from '../support/bulk';
import { tempHistory } from '../support/history';

/**
 * The report the history counts in SQL (report-counts.ts) is the report of its cases added one
 * by one (`scoreReport`, whose statistics the shared/report tests prove): on random histories,
 * for every label option, a whole batch, a filter of it and a whole environment.
 */
let history: Awaited<ReturnType<typeof tempHistory>>;
beforeEach(async () => (history = await tempHistory()));
afterEach(() => history.close());

/** A small deterministic generator (mulberry32), so a failure can be replayed from its seed. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const codes = ['DEV0001', 'DEV0002', 'GER0008', 'NET0003', 'BEH0004', 'EMU0005'];
const riskNames: DeviceRisk[] = ['low', 'medium', 'high', 'undefined'];
const ageEdges = [0, 23, 24, 167, 168, 719, 720, 2159, 2160, 8759, 8760];

/** A batch of `size` rows whose answers and reviews are random; returns its id. */
function randomBatch(seed: number, size: number): string {
  const random = generator(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const batch = createBatch(history.db, {
    sourceName: `random-${String(seed)}.csv`,
    sourceSha256: 'a'.repeat(64),
    environment: 'sandbox',
    baseUrl: 'embedded',
    rows: sourceRows(size, seed * 10_000),
  });
  const claimed = rowsRepo(history.db).claim(batch.id, size, batch.createdAt);
  const results = claimed.map((row): RowResult => {
    const base = { seq: row.seq, errorCode: null, messages: [], attempts: 1, durationMs: 1 };
    const answer = sandboxAnswer(row.request);
    if (answer.status !== 200 || random() < 0.1)
      return { ...base, status: 'no_content', httpStatus: 204, result: null };
    const body = {
      ...answer.body,
      // Few distinct scores, so ties are common.
      score: Math.round(random() * 20) / 20,
      deviceRisk: pick(riskNames),
      insights: codes.filter(() => random() < 0.4),
      alertQuantity: Math.floor(random() * 8),
      // The buckets' edges in hours often, so a bucket off by one shows.
      deviceAge: random() < 0.4 ? pick(ageEdges) : Math.floor(random() * 24 * 500),
    };
    const parsed = parseInsightResult(body);
    if (!parsed.ok) throw new Error(parsed.problems.join('; '));
    return { ...base, status: 'ok', httpStatus: 200, result: parsed.value };
  });
  history.db.transaction(() =>
    rowsRepo(history.db).complete(batch.id, results, new Date().toISOString()),
  )();
  const review = reviewService(history.db);
  for (const row of claimed) {
    if (random() < 0.3)
      review.set([{ batchId: batch.id, seq: row.seq }], pick<ReviewOutcome>(reviewOutcomes));
  }
  return batch.id;
}

const inverse = <T extends string>(ranks: Record<T, number>) =>
  new Map(Object.entries(ranks).map(([name, rank]) => [rank as number, name as T]));

/** The cases of `where`, one by one, as the report saw them before it counted in SQL. */
function casesOf(where: string, params: Record<string, string>): ReportCase[] {
  const risks = inverse<DeviceRisk>(riskRanks);
  const reviews = inverse<ReviewOutcome>(outcomeRanks);
  const rows = history.db
    .prepare(
      `SELECT ri.score, ri.risk, ri.alert_quantity, ri.device_age, ri.outcome, ri.status,
         (SELECT group_concat(c.code, ' ') FROM lookup_insights li
          JOIN insight_codes c ON c.id = li.code_id
          WHERE li.batch_key = ri.batch_key AND li.seq = ri.seq) AS insights
       FROM result_index ri WHERE ${where}`,
    )
    .all(params) as Array<{
    score: number | null;
    risk: number | null;
    alert_quantity: number | null;
    device_age: number | null;
    outcome: number | null;
    status: RowState;
    insights: string | null;
  }>;
  return rows.map((row) => ({
    score: row.score,
    risk: row.risk === null ? null : (risks.get(row.risk) ?? null),
    insights: row.insights === null ? [] : row.insights.split(' '),
    alertQuantity: row.alert_quantity,
    deviceAge: row.device_age,
    review: row.outcome === null ? null : (reviews.get(row.outcome) ?? null),
    state: row.status,
  }));
}

const optionSets: LabelOptions[] = [
  { suspeito: 'fraud', unreviewed: 'legit' },
  { suspeito: 'exclude', unreviewed: 'legit' },
  { suspeito: 'fraud', unreviewed: 'exclude' },
  { suspeito: 'exclude', unreviewed: 'exclude' },
];

describe('the report counted in SQL', () => {
  it.each([1, 2, 3])('equals the report of its cases one by one (seed %i)', (seed) => {
    const first = randomBatch(seed, 300);
    const second = randomBatch(seed + 100, 200);
    const service = reportService(history.db);
    const high = String(riskRanks.high);
    for (const options of optionSets) {
      expect(service.report({ batchId: first }, options)).toEqual(
        scoreReport(casesOf(`ri.batch_key = ${keyOf('@batchId')}`, { batchId: first }), options),
      );
      expect(service.report({ batchId: first, filter: { risks: ['high'] } }, options)).toEqual(
        scoreReport(
          casesOf(`ri.batch_key = ${keyOf('@batchId')} AND ri.risk = ${high}`, {
            batchId: first,
          }),
          options,
        ),
      );
      expect(service.report({ destination: 'sandbox' }, options)).toEqual(
        scoreReport(
          casesOf(`ri.batch_key IN (${keyOf('@first')}, ${keyOf('@second')})`, { first, second }),
          options,
        ),
      );
    }
  });
});
