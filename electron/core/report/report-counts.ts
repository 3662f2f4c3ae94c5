import type { DeviceRisk } from '../../../shared/domain/types';
import { ageBuckets, type AgeBucket } from '../../../shared/report/breakdowns';
import { unscoredSql } from './unscored-sql';
import type { LabelOptions } from '../../../shared/report/labels';
import type { ReportCounts, ReportGroup } from '../../../shared/report/report';
import type { Db } from '../store/db';
import { outcomeRanks, riskRanks } from '../store/result-filter';

/**
 * The report's counts of the rows of a results filter, counted by SQLite: the rows become a few
 * hundred groups before anything reaches JavaScript (reading them one by one costs more than the
 * whole report may take). A whole batch is counted faster along its indexes (batch-counts.ts). The labels are `labelOf`'s, written in SQL
 * (tests/integration/report-counts.test.ts holds the two to the same numbers on random data).
 */

/** `where` over `result_index ri` and its parameters: the rows of a results filter. */
export interface Scope {
  where: string;
  params: Record<string, string | number>;
}

const rank = (outcome: keyof typeof outcomeRanks) => String(outcomeRanks[outcome]);

/** `labelOf` in SQL: positive, negative, or the reason the row is left out. */
const labelSql = `CASE
  WHEN ri.score IS NULL THEN ${unscoredSql('ri.status')}
  WHEN ri.outcome IN (${rank('Fraude Confirmada')}, ${rank('Device Positivado')}) THEN 'positive'
  WHEN ri.outcome = ${rank('Suspeito')} THEN CASE WHEN @suspeitoFraud THEN 'positive' ELSE 'suspeito' END
  WHEN ri.outcome = ${rank('Legítima')} THEN 'negative'
  ELSE CASE WHEN @unreviewedLegit THEN 'negative' ELSE 'unreviewed' END
END`;

/** `alertBucket` in SQL. */
const alertSql = `CASE WHEN ri.alert_quantity IS NULL THEN 'unknown'
  WHEN ri.alert_quantity >= 5 THEN '5+' ELSE CAST(MAX(0, ri.alert_quantity) AS TEXT) END`;

/** `ageBucket` in SQL, from the same bucket list. */
const ageSql = `CASE WHEN ri.device_age IS NULL THEN 'unknown' ${ageBuckets
  .filter((bucket) => Number.isFinite(bucket.below))
  .map((bucket) => `WHEN ri.device_age < ${String(bucket.below)} THEN '${bucket.key}'`)
  .join(' ')} ELSE 'over-1y' END`;

const risks = new Map(
  Object.entries(riskRanks).map(([name, value]) => [value, name as DeviceRisk] as const),
);

type Counted = { positive: number; negative: number };

export function reportCounts(db: Db) {
  const prepared = new Map<string, ReturnType<Db['prepare']>>();
  const statement = (sql: string) => {
    let found = prepared.get(sql);
    if (!found) prepared.set(sql, (found = db.prepare(sql)));
    return found;
  };

  const labelled = `label IN ('positive', 'negative')`;
  const sums = `SUM(label = 'positive') AS positive, SUM(label = 'negative') AS negative`;

  function groupsOf(scope: Scope, options: Record<string, number>) {
    const rows = statement(
      `SELECT label, risk, alerts, age, COUNT(*) AS n FROM (
         SELECT ${labelSql} AS label, ri.risk AS risk, ${alertSql} AS alerts, ${ageSql} AS age
         FROM result_index ri WHERE ${scope.where})
       GROUP BY label, risk, alerts, age`,
    ).all({ ...scope.params, ...options }) as Array<{
      label: string;
      risk: number | null;
      alerts: string;
      age: AgeBucket;
      n: number;
    }>;
    const excluded: Record<string, number> = {};
    const groups: ReportGroup[] = [];
    for (const row of rows) {
      if (row.label !== 'positive' && row.label !== 'negative') {
        excluded[row.label] = (excluded[row.label] ?? 0) + row.n;
        continue;
      }
      const fraud = row.label === 'positive';
      groups.push({
        risk: row.risk === null ? null : (risks.get(row.risk) ?? null),
        alerts: row.alerts,
        age: row.age,
        positive: fraud ? row.n : 0,
        negative: fraud ? 0 : row.n,
      });
    }
    return { excluded, groups };
  }

  function scoresOf(scope: Scope, options: Record<string, number>) {
    return statement(
      `SELECT score, ${sums} FROM (
         SELECT ri.score AS score, ${labelSql} AS label FROM result_index ri WHERE ${scope.where})
       WHERE ${labelled} GROUP BY score`,
    ).all({ ...scope.params, ...options }) as Array<{ score: number } & Counted>;
  }

  /**
   * Codes of the labelled rows of `where`: counted by the set of codes each row's entry names
   * (migration 0016; sets are few), each set's counts given to its codes. Looking up every row's
   * codes in `lookup_insights` instead took 3.9 s for a million rows.
   */
  function codesJoined(where: string, params: Record<string, string | number>) {
    return statement(
      `SELECT c.code AS code, SUM(t.positive) AS positive, SUM(t.negative) AS negative FROM (
         SELECT set_id, ${sums} FROM (
           SELECT ri.insight_set AS set_id, ${labelSql} AS label FROM result_index ri
           WHERE ${where} AND ri.insight_set IS NOT NULL)
         WHERE ${labelled} GROUP BY set_id) t
       JOIN insight_sets s ON s.id = t.set_id
       JOIN json_each('[' || replace(s.codes, ' ', ',') || ']') j
       JOIN insight_codes c ON c.id = j.value
       GROUP BY c.id`,
    ).all(params) as Array<{ code: string } & Counted>;
  }

  return {
    /** The counts of one scope under `options`, for `ReportBuilder.addCounts`. */
    of(scope: Scope, opts: LabelOptions): ReportCounts {
      const options = {
        suspeitoFraud: opts.suspeito === 'fraud' ? 1 : 0,
        unreviewedLegit: opts.unreviewed === 'legit' ? 1 : 0,
      };
      const { excluded, groups } = groupsOf(scope, options);
      return {
        excluded,
        groups,
        scores: scoresOf(scope, options),
        codes: codesJoined(scope.where, { ...scope.params, ...options }),
      };
    },
  };
}
