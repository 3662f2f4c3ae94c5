import type { DeviceRisk, ReviewOutcome } from '../../../shared/domain/types';
import { ageBucket, alertBucket, type AgeBucket } from '../../../shared/report/breakdowns';
import { labelOf, type ExclusionReason, type LabelOptions } from '../../../shared/report/labels';
import { unscoredSql } from './unscored-sql';
import type { ReportCounts, ReportGroup } from '../../../shared/report/report';
import { batchKeyOf } from '../store/batch-key';
import type { Db } from '../store/db';
import { outcomeRanks, riskRanks } from '../store/result-filter';

/**
 * The report's counts of a whole batch, read where each is cheapest. Nearly every row of a batch
 * is unreviewed, and all unreviewed rows with a score share one label; so each breakdown is
 * counted over all the batch's rows along its own index (score, risk, alert quantity, device
 * age: an ordered walk, no sort), and corrected in JavaScript by the few rows that differ: those
 * without a score and those reviewed. Codes come from the batch's precomputed `insight_counts`,
 * corrected the same way. A million rows take a few hundred milliseconds. Without statistics
 * (no ANALYZE) SQLite would walk every code of the batch for the few rows: the few rows lead
 * (CROSS JOIN) along the index named.
 * (tests/integration/report-counts.test.ts holds this to the report of the cases one by one.)
 */

const inverse = <T extends string>(ranks: Record<T, number>) =>
  new Map(Object.entries(ranks).map(([name, rank]) => [rank as number, name as T]));
const risks = inverse<DeviceRisk>(riskRanks);
const reviews = inverse<ReviewOutcome>(outcomeRanks);

interface Reviewed {
  seq: number;
  score: number;
  risk: number | null;
  alert_quantity: number | null;
  device_age: number | null;
  outcome: number;
}

type Count<K> = Array<{ key: K; n: number }>;

/** The batch's rows of `result_index` (a bare column name: some statements prefix it). */
const inBatch = `batch_key = ${batchKeyOf('@batchId')}`;

/** `key` → n, added up. */
function tally<K>(into: Map<K, number>, key: K, n: number): void {
  into.set(key, (into.get(key) ?? 0) + n);
}

export function batchCounts(db: Db) {
  const read = <T>(sql: string) => {
    const statement = db.prepare<{ batchId: string }, T>(sql);
    return (batchId: string) => statement.all({ batchId });
  };
  const byScore = read<{ key: number; n: number }>(
    `SELECT score AS key, COUNT(*) AS n FROM result_index WHERE ${inBatch} AND score IS NOT NULL GROUP BY score`,
  );
  const byRisk = read<{ key: number | null; n: number }>(
    `SELECT risk AS key, COUNT(*) AS n FROM result_index WHERE ${inBatch} AND score IS NOT NULL GROUP BY risk`,
  );
  const byAlerts = read<{ key: number | null; n: number }>(
    `SELECT alert_quantity AS key, COUNT(*) AS n FROM result_index WHERE ${inBatch} GROUP BY alert_quantity`,
  );
  const byAge = read<{ key: number | null; n: number }>(
    `SELECT device_age AS key, COUNT(*) AS n FROM result_index WHERE ${inBatch} GROUP BY device_age`,
  );
  const unscored = read<{
    reason: ExclusionReason;
    alerts: number | null;
    age: number | null;
    n: number;
  }>(
    `SELECT ${unscoredSql('status')} AS reason, alert_quantity AS alerts, device_age AS age,
       COUNT(*) AS n
     FROM result_index INDEXED BY result_index_score
     WHERE ${inBatch} AND score IS NULL GROUP BY 1, 2, 3`,
  );
  const reviewed = read<Reviewed>(
    `SELECT seq, score, risk, alert_quantity, device_age, outcome
     FROM result_index INDEXED BY result_index_outcome
     WHERE ${inBatch} AND outcome IS NOT NULL AND score IS NOT NULL`,
  );
  const codeTotals = read<{ code: string; n: number }>(
    `SELECT c.code AS code, ic.n AS n FROM insight_counts ic JOIN insight_codes c ON c.id = ic.code_id
     WHERE ic.batch_key = ${batchKeyOf('@batchId')}`,
  );
  const codesOfUnscored = read<{ code: string; n: number }>(
    `SELECT c.code AS code, t.n AS n FROM (
       SELECT li.code_id AS code_id, COUNT(*) AS n FROM result_index ri INDEXED BY result_index_score
       CROSS JOIN lookup_insights li ON li.batch_key = ri.batch_key AND li.seq = ri.seq
       WHERE ri.${inBatch} AND ri.score IS NULL GROUP BY li.code_id) t
     JOIN insight_codes c ON c.id = t.code_id`,
  );
  const codesOfReviewed = read<{ seq: number; code: string }>(
    `SELECT li.seq AS seq, c.code AS code FROM result_index ri INDEXED BY result_index_outcome
     CROSS JOIN lookup_insights li ON li.batch_key = ri.batch_key AND li.seq = ri.seq
     JOIN insight_codes c ON c.id = li.code_id
     WHERE ri.${inBatch} AND ri.outcome IS NOT NULL AND ri.score IS NOT NULL`,
  );

  return {
    of(batchId: string, options: LabelOptions): ReportCounts {
      const cases = reviewed(batchId).map((row) => ({
        row,
        label: labelOf(row.score, reviews.get(row.outcome) ?? null, options),
      }));
      // What every scored, unreviewed row is.
      const plain = labelOf(0, null, options);
      const plainFraud = plain.kind === 'positive';
      const plainLabelled = plain.kind !== 'excluded';
      const excluded: ReportCounts['excluded'] = {};
      const unscoredRows = unscored(batchId);
      for (const row of unscoredRows) excluded[row.reason] = (excluded[row.reason] ?? 0) + row.n;

      /** Counts of the unreviewed scored rows by `key`: all scored rows less the reviewed ones. */
      const plainOf = <K>(all: Count<K>, less: Iterable<K>) => {
        const counts = new Map<K, number>();
        for (const { key, n } of all) tally(counts, key, n);
        for (const key of less) tally(counts, key, -1);
        return counts;
      };

      // Scores.
      const scorePlain = plainOf(
        byScore(batchId),
        cases.map(({ row }) => row.score),
      );
      const scores: Array<{ score: number; positive: number; negative: number }> = [];
      if (plain.kind === 'excluded') {
        excluded[plain.reason] = [...scorePlain.values()].reduce((sum, n) => sum + n, 0);
      } else {
        for (const [score, n] of scorePlain)
          if (n > 0)
            scores.push({ score, positive: plainFraud ? n : 0, negative: plainFraud ? 0 : n });
      }

      // Risk, alert and age groups: one group per value of each (the builder tallies each apart).
      const groups: ReportGroup[] = [];
      const addPlain = (group: Omit<ReportGroup, 'positive' | 'negative'>, n: number) => {
        if (plainLabelled && n !== 0)
          groups.push({ ...group, positive: plainFraud ? n : 0, negative: plainFraud ? 0 : n });
      };
      const alertsAll = new Map<string, number>();
      for (const { key, n } of byAlerts(batchId)) tally(alertsAll, alertBucket(key), n);
      const agesAll = new Map<AgeBucket, number>();
      for (const { key, n } of byAge(batchId)) tally(agesAll, ageBucket(key), n);
      for (const row of unscoredRows) {
        tally(alertsAll, alertBucket(row.alerts), -row.n);
        tally(agesAll, ageBucket(row.age), -row.n);
      }
      for (const { row } of cases) {
        tally(alertsAll, alertBucket(row.alert_quantity), -1);
        tally(agesAll, ageBucket(row.device_age), -1);
      }
      const riskPlain = plainOf(
        byRisk(batchId),
        cases.map(({ row }) => row.risk),
      );
      for (const [risk, n] of riskPlain)
        addPlain({ risk: risk === null ? null : (risks.get(risk) ?? null) }, n);
      for (const [alerts, n] of alertsAll) addPlain({ alerts }, n);
      for (const [age, n] of agesAll) addPlain({ age }, n);

      // The reviewed rows, each with its own label.
      for (const { row, label } of cases) {
        if (label.kind === 'excluded') {
          excluded[label.reason] = (excluded[label.reason] ?? 0) + 1;
          continue;
        }
        const fraud = label.kind === 'positive';
        scores.push({ score: row.score, positive: fraud ? 1 : 0, negative: fraud ? 0 : 1 });
        groups.push({
          risk: row.risk === null ? null : (risks.get(row.risk) ?? null),
          alerts: alertBucket(row.alert_quantity),
          age: ageBucket(row.device_age),
          positive: fraud ? 1 : 0,
          negative: fraud ? 0 : 1,
        });
      }

      return { excluded, scores, groups, codes: codesOf(batchId, cases, plain.kind) };
    },
  };

  /**
   * Codes: the batch's totals, less the rows without a score and the reviewed rows, under the
   * plain label; the reviewed rows under their own. Codes compare without case, as the codes table
   * and its counts do.
   */
  function codesOf(
    batchId: string,
    cases: Array<{ row: Reviewed; label: ReturnType<typeof labelOf> }>,
    plain: 'positive' | 'negative' | 'excluded',
  ) {
    const byCode = new Map<
      string,
      { code: string; plain: number; positive: number; negative: number }
    >();
    const entry = (code: string) => {
      const key = code.toUpperCase();
      let found = byCode.get(key);
      if (!found) byCode.set(key, (found = { code, plain: 0, positive: 0, negative: 0 }));
      return found;
    };
    for (const { code, n } of codeTotals(batchId)) entry(code).plain += n;
    for (const { code, n } of codesOfUnscored(batchId)) entry(code).plain -= n;
    const labels = new Map(cases.map(({ row, label }) => [row.seq, label.kind]));
    for (const { seq, code } of codesOfReviewed(batchId)) {
      const counted = entry(code);
      counted.plain -= 1;
      const kind = labels.get(seq);
      if (kind === 'positive') counted.positive += 1;
      else if (kind === 'negative') counted.negative += 1;
    }
    return [...byCode.values()].map(({ code, plain: n, positive, negative }) => ({
      code,
      positive: positive + (plain === 'positive' ? n : 0),
      negative: negative + (plain === 'negative' ? n : 0),
    }));
  }
}
