import type {
  ResultAggregates,
  ResultDetail,
  ResultFilter,
  ResultPage,
  ResultSortColumn,
} from '../../../shared/contract/results';
import { describeFieldProblem, type FieldProblem } from '../../../shared/domain/field-problem';
import { deviceRisks, type InsightResult } from '../../../shared/domain/types';
import { batchKeyOf } from './batch-key';
import type { Db } from './db';
import { filterSql, orderBy, riskRanks, type Direction } from './result-filter';
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

function parsed<T>(json: string | null, fallback: T): T {
  return json === null ? fallback : (JSON.parse(json) as T);
}

/**
 * The results of a batch as the results screen reads them: filtered, sorted and counted in
 * SQLite over `result_index` (migration 0003), a page at a time.
 */
export function resultsRepo(db: Db) {
  const statement = statementCache(db);
  const rowsBySeq = db.prepare<[string, string], ResultRowColumns>(
    `SELECT ${resultRowColumns} FROM ${rowsWithLookups}
     WHERE r.batch_key = ${batchKeyOf('?')} AND r.seq IN (SELECT value FROM json_each(?))`,
  );
  const detail = db.prepare<[string, number], DetailColumns>(
    `SELECT ${resultRowColumns}, r.email, r.phone, r.zip_code, r.request_json, r.problems_json,
       l.result_json, l.messages_json, l.attempts, l.looked_up_at, l.raw_answer
     FROM ${rowsWithLookups} WHERE r.batch_key = ${batchKeyOf('?')} AND r.seq = ?`,
  );

  return {
    /**
     * One page and the number of matching rows, read in one transaction so they agree while a
     * batch is running. The page's `seq`s come from an index walk over `result_index`; only
     * those rows are then read in full.
     */
    page(query: PageQuery): ResultPage {
      const { where, params } = filterSql(query.batchId, query.filter);
      const order = orderBy(query.sort, query.direction);
      return db
        .transaction(() => {
          const total =
            statement<{ n: number }>(
              `SELECT COUNT(*) AS n FROM result_index ri WHERE ${where}`,
            ).get(params)?.n ?? 0;
          const seqs = statement<{ seq: number }>(
            `SELECT ri.seq FROM result_index ri WHERE ${where} ORDER BY ${order}
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
     * risk and score bin come from one GROUP BY over `result_index_chart` (migration 0011);
     * unfiltered, the top codes are read from `insight_counts`, kept by triggers.
     */
    aggregates(
      batchId: string,
      filter: ResultFilter,
      // Without the top codes (empty): the caller counts them itself (insightCountsBetween).
      options: { topInsights: boolean } = { topInsights: true },
    ): ResultAggregates {
      const { where, params, filtered } = filterSql(batchId, filter);
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
          const groups = statement<{
            status: keyof typeof statuses;
            risk: number | null;
            bin: number | null;
            n: number;
          }>(
            `SELECT ri.status AS status, ri.risk AS risk,
               CASE WHEN ri.score BETWEEN 0 AND 1 THEN MIN(CAST(ri.score * 10 AS INTEGER), 9) END AS bin,
               COUNT(*) AS n
             FROM result_index ri WHERE ${where} GROUP BY 1, 2, 3`,
          ).all(params);
          for (const { status, risk, bin, n } of groups) {
            statuses[status] += n;
            // Rows still pending have no answer yet; 'none' is for answered rows without a risk.
            if (status !== 'pending') risks[riskOfRank.get(risk ?? -1) ?? 'none'] += n;
            if (bin !== null) scoreHistogram[bin] = (scoreHistogram[bin] ?? 0) + n;
          }
          const topInsights = !options.topInsights
            ? []
            : filtered
              ? statement<{ code: string; count: number }>(
                  // CROSS JOIN keeps this order: the filtered rows first, then each row's codes by
                  // the primary key, instead of every code of the batch checked against the filter.
                  `SELECT c.code AS code, t.count AS count FROM (
                     SELECT li.code_id AS code_id, COUNT(*) AS count
                     FROM result_index ri CROSS JOIN lookup_insights li
                       ON li.batch_key = ri.batch_key AND li.seq = ri.seq
                     WHERE ${where} GROUP BY li.code_id) t
                   JOIN insight_codes c ON c.id = t.code_id
                   ORDER BY t.count DESC, c.code LIMIT 10`,
                ).all(params)
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

    /**
     * Every insight code of the filtered rows whose `seq` is in [from, to], with its count: one
     * slice of the filtered top codes, which the caller adds up slice by slice so a million rows
     * never hold the core for seconds at a time.
     */
    insightCountsBetween(
      batchId: string,
      filter: ResultFilter,
      from: number,
      to: number,
    ): Array<{ code: string; count: number }> {
      const { where, params } = filterSql(batchId, filter);
      return statement<{ code: string; count: number }>(
        `SELECT c.code AS code, t.count AS count FROM (
           SELECT li.code_id AS code_id, COUNT(*) AS count
           FROM result_index ri CROSS JOIN lookup_insights li
             ON li.batch_key = ri.batch_key AND li.seq = ri.seq
           WHERE ${where} AND ri.seq BETWEEN @fromSeq AND @toSeq GROUP BY li.code_id) t
         JOIN insight_codes c ON c.id = t.code_id`,
      ).all({ ...params, fromSeq: from, toSeq: to });
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
        problems: parsed<FieldProblem[]>(row.problems_json, []).map(describeFieldProblem),
        attempts: row.attempts ?? 0,
        lookedUpAt: row.looked_up_at,
        rawAnswer: row.raw_answer,
      };
    },
  };
}

export type ResultsRepo = ReturnType<typeof resultsRepo>;
