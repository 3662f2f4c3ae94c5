import type {
  ResultAggregates,
  ResultDetail,
  ResultFilter,
  ResultPage,
  ResultSortColumn,
} from '../../../shared/contract/results';
import type { FieldProblem } from '../../../shared/domain/field-problem';
import { deviceRisks, type InsightResult } from '../../../shared/domain/types';
import { batchKeyOf } from './batch-key';
import { countCache } from './count-cache';
import type { Db } from './db';
import { filterSql, orderBy, riskRanks, type Direction, type FilterSql } from './result-filter';
import {
  resultRowColumns,
  rowsWithLookups,
  toResultRow,
  type ResultRowColumns,
} from './result-row';
import { statementCache } from './statement-cache';

export interface PageQuery {
  batchId: string;
  filter: ResultFilter;
  sort: ResultSortColumn;
  direction: Direction;
  offset: number;
  limit: number;
}

interface DetailColumns extends ResultRowColumns {
  email: string | null;
  phone: string | null;
  zip_code: string | null;
  request_json: string | null;
  problems_json: string | null;
  result_json: string | null;
  messages_json: string | null;
  attempts: number | null;
  looked_up_at: string | null;
  raw_answer: string | null;
}

const riskOfRank = new Map(deviceRisks.map((risk) => [riskRanks[risk], risk]));

/** A score's bin of the histogram (tenths, 1.0 in the last), or null outside 0..1. */
function scoreBin(score: number | null): number | null {
  return score !== null && score >= 0 && score <= 1 ? Math.min(Math.trunc(score * 10), 9) : null;
}

function parsed<T>(json: string | null, fallback: T): T {
  return json === null ? fallback : (JSON.parse(json) as T);
}

/**
 * The results of a batch as the results screen reads them: filtered, sorted and counted in
 * SQLite over `result_index` (migration 0003), a page at a time.
 */
export function resultsRepo(db: Db) {
  const statement = statementCache(db);
  const counted = countCache(db);
  const rowsBySeq = db.prepare<[string, string], ResultRowColumns>(
    `SELECT ${resultRowColumns} FROM ${rowsWithLookups}
     WHERE r.batch_key = ${batchKeyOf('?')} AND r.seq IN (SELECT value FROM json_each(?))`,
  );
  const detail = db.prepare<[string, number], DetailColumns>(
    `SELECT ${resultRowColumns}, r.email, r.phone, r.zip_code, r.request_json, r.problems_json,
       l.result_json, l.messages_json, l.attempts, l.looked_up_at, l.raw_answer
     FROM ${rowsWithLookups} WHERE r.batch_key = ${batchKeyOf('?')} AND r.seq = ?`,
  );

  /**
   * Each insight code's rows among the rows of `where` (a condition on `result_index ri`), as
   * SQL: the rows are counted by set of codes along `index` (`FilterSql.chartIndex`), each set's
   * count is given to its codes. Sets are few (2,463 in a million sandbox answers), so this costs
   * one pass over the rows' index entries, where looking up each row's codes in `lookup_insights`
   * cost seconds.
   */
  const codeCounts = (where: string, index: FilterSql['chartIndex']) => `
    SELECT j.value AS code_id, SUM(t.n) AS n
    FROM (SELECT ri.insight_set AS set_id, COUNT(*) AS n
          FROM result_index ri INDEXED BY ${index}
          WHERE ${where} AND ri.insight_set IS NOT NULL GROUP BY ri.insight_set) t
    JOIN insight_sets s ON s.id = t.set_id
    JOIN json_each('[' || replace(s.codes, ' ', ',') || ']') j
    GROUP BY j.value`;

  /**
   * The ten codes most frequent among the filtered rows, exact. When the filter keeps most of the
   * batch (`matching` rows), the rows it leaves out are counted instead and taken from the
   * batch's counts (`insight_counts`), so at most half of a batch is ever counted.
   */
  function topInsightsOf(sql: FilterSql, matching: number): ResultAggregates['topInsights'] {
    const total = statement<{ total: number }>('SELECT total FROM batches WHERE id = @batchId').get(
      sql.params,
    )?.total;
    if (total === undefined || matching * 2 <= total)
      return statement<{ code: string; count: number }>(
        `SELECT c.code AS code, t.n AS count FROM (${codeCounts(sql.where, sql.chartIndex)}) t
         JOIN insight_codes c ON c.id = t.code_id
         ORDER BY t.n DESC, c.code LIMIT 10`,
      ).all(sql.params);
    return statement<{ code: string; count: number }>(
      `SELECT c.code AS code, ic.n - coalesce(o.n, 0) AS count
       FROM insight_counts ic JOIN insight_codes c ON c.id = ic.code_id
       LEFT JOIN (${codeCounts(sql.outside, sql.chartIndex)}) o ON o.code_id = ic.code_id
       WHERE ic.batch_key = ${batchKeyOf('@batchId')} AND ic.n - coalesce(o.n, 0) > 0
       ORDER BY 2 DESC, c.code LIMIT 10`,
    ).all(sql.params);
  }

  return {
    /**
     * One page and the number of matching rows, read in one transaction so they agree while a
     * batch is running. The page's `seq`s come from an index walk over `result_index`; only
     * those rows are then read in full.
     */
    page(query: PageQuery): ResultPage {
      const { where, params, filtered, scan } = filterSql(query.batchId, query.filter);
      // A filtered page is read in one pass and sorted, not walked: see orderBy and scan.
      const order = orderBy(query.sort, query.direction, 'ri', !filtered);
      return db
        .transaction(() => {
          const countSql = `SELECT COUNT(*) AS n FROM result_index ri WHERE ${where}`;
          // Scrolling asks for page after page of one filter: its count is kept until a change.
          const total = counted(
            `${countSql}\n${JSON.stringify(params)}`,
            () => statement<{ n: number }>(countSql).get(params)?.n ?? 0,
          );
          const seqs = statement<{ seq: number }>(
            `SELECT ri.seq FROM result_index ri WHERE ${scan} ORDER BY ${order}
           LIMIT @limit OFFSET @offset`,
          )
            .all({ ...params, limit: query.limit, offset: query.offset })
            .map((row) => row.seq);
          const bySeq = new Map(
            rowsBySeq.all(query.batchId, JSON.stringify(seqs)).map((row) => [row.seq, row]),
          );
          const rows = seqs.flatMap((seq) => {
            const row = bySeq.get(seq);
            return row ? [toResultRow(row)] : [];
          });
          return { total, rows };
        })
        .deferred();
    },

    /**
     * Counts for the charts over the filtered rows; scores outside 0..1 fall in no bin. Status,
     * risk and score come from one GROUP BY along `result_index_chart` (migrations 0011 and
     * 0016), in its order (no sort), binned here; along the outcome's index when the filter reads
     * the outcome (0024: grouped by a sort, about a second at a million reviewed rows, the price
     * of bulk outcomes written in order). The index is named: it holds every filtered column, so
     * no row is looked up (SQLite picked the score's index for `score >= x` and looked up half a
     * million rows). Unfiltered, the top codes are read from
     * `insight_counts`, kept by triggers; filtered, they are counted by set of codes
     * (`topInsightsOf`).
     */
    aggregates(batchId: string, filter: ResultFilter): ResultAggregates {
      const sql = filterSql(batchId, filter);
      const { where, params } = sql;
      return db
        .transaction(() => {
          const statuses: ResultAggregates['statuses'] = {
            ok: 0,
            no_content: 0,
            invalid: 0,
            rejected: 0,
            failed: 0,
            pending: 0,
          };
          const risks: ResultAggregates['risks'] = {
            undefined: 0,
            low: 0,
            medium: 0,
            high: 0,
            none: 0,
          };
          const scoreHistogram = Array.from({ length: 10 }, () => 0);
          // Along the chart index the groups come in its order, unsorted: by score. Along the
          // outcome's, SQLite sorts every row to group them: by the score's bin (as `scoreBin`,
          // given as the bin's lowest score), 20 % cheaper at a million rows.
          const scoreGroup =
            sql.chartIndex === 'result_index_chart'
              ? 'ri.score'
              : 'CASE WHEN ri.score BETWEEN 0 AND 1 THEN min(CAST(ri.score * 10 AS INTEGER), 9) / 10.0 END';
          const groups = statement<{
            status: keyof typeof statuses;
            risk: number | null;
            score: number | null;
            n: number;
          }>(
            `SELECT ri.status AS status, ri.risk AS risk, ${scoreGroup} AS score, COUNT(*) AS n
             FROM result_index ri INDEXED BY ${sql.chartIndex}
             WHERE ${where} GROUP BY ri.status, ri.risk, ${scoreGroup}`,
          ).all(params);
          let matching = 0;
          for (const { status, risk, score, n } of groups) {
            matching += n;
            statuses[status] += n;
            // 'none' is for answers that gave no risk: a row without an answer (pending, invalid,
            // refused, failed, 204) was judged by no one, so it is not counted as riskless.
            if (risk !== null || status === 'ok') risks[riskOfRank.get(risk ?? -1) ?? 'none'] += n;
            const bin = scoreBin(score);
            if (bin !== null) scoreHistogram[bin] = (scoreHistogram[bin] ?? 0) + n;
          }
          const topInsights = sql.filtered
            ? topInsightsOf(sql, matching)
            : statement<{ code: string; count: number }>(
                `SELECT c.code AS code, ic.n AS count
                 FROM insight_counts ic JOIN insight_codes c ON c.id = ic.code_id
                 WHERE ic.batch_key = ${batchKeyOf('@batchId')}
                 ORDER BY ic.n DESC, c.code LIMIT 10`,
              ).all(params);
          return { statuses, risks, scoreHistogram, topInsights };
        })
        .deferred();
    },

    /** One row in full, or null when the batch has no such row. */
    detail(batchId: string, seq: number): ResultDetail | null {
      const row = detail.get(batchId, seq);
      if (!row) return null;
      return {
        ...toResultRow(row),
        email: row.email,
        phone: row.phone,
        zipCode: row.zip_code,
        request: parsed<unknown>(row.request_json, null),
        result: parsed<InsightResult | null>(row.result_json, null),
        messages: parsed<string[]>(row.messages_json, []),
        problems: parsed<FieldProblem[]>(row.problems_json, []),
        attempts: row.attempts ?? 0,
        lookedUpAt: row.looked_up_at,
        rawAnswer: row.raw_answer,
      };
    },
  };
}

export type ResultsRepo = ReturnType<typeof resultsRepo>;
