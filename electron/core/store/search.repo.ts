import { emptyOutcomeSummary, type OutcomeSummary } from '../../../shared/contract/outcomes';
import type {
  DeviceView,
  ResultFilter,
  ResultSortColumn,
  SearchHit,
  SearchPage,
} from '../../../shared/contract/results';
import { normaliseCpf } from '../../../shared/domain/cpf';
import type { ReviewOutcome } from '../../../shared/domain/types';
import type { Db } from './db';
import { cpfRowsSql } from './cpf-match';
import { notDeleting } from './deleting-batches';
import { sameId } from './exact-id';
import { filterSql, orderBy, type Direction } from './result-filter';
import { outcomeJoin, searchHitColumns, toSearchHit, type SearchHitColumns } from './result-row';
import { statementCache, type Params } from './statement-cache';

/** A device's transactions shown at most; the similar devices are aggregated over all of them. */
export const maxDeviceTransactions = 1000;

const newestFirst = 'ORDER BY b.created_at DESC, b.id DESC, r.seq';

/**
 * The rows a search matches, as `(batch_key, seq)`: each an index lookup (batch_rows external_id,
 * session_id and cpf; lookups device_id), the IDs without regard to case (ASCII), through the
 * NOCASE indexes of migration 12 (since 13 the only indexes on those IDs), and the CPF by its
 * digits (cpf-match.ts: a cell stored as typed is read from the CPF index, for a CPF query only).
 */
const matchesSql = (db: Db) => `(
  SELECT batch_key, seq FROM batch_rows WHERE external_id = @query COLLATE NOCASE
  UNION SELECT batch_key, seq FROM batch_rows WHERE session_id = @query COLLATE NOCASE
  UNION ${cpfRowsSql(db)}
  UNION SELECT batch_key, seq FROM lookups WHERE device_id = @query COLLATE NOCASE
) m JOIN result_index ri ON ri.batch_key = m.batch_key AND ri.seq = m.seq
  AND ${notDeleting('ri.batch_key')}`;

/** How a page of a search is asked: the results filter and sort, and which page. */
export interface SearchPageQuery {
  filter?: ResultFilter;
  /** Without one, newest batch first. */
  sort?: ResultSortColumn;
  direction?: Direction;
  offset?: number;
  limit: number;
}

/** The search's parameters and the filter's conditions over `result_index ri`. */
function searchParams(query: string, filter: ResultFilter): { where: string; params: Params } {
  const { matching, params } = filterSql('', filter);
  delete params.batchId;
  // A query that is no CPF is '' here, NULL in the SQL (cpf-match.ts): it matches no row's CPF.
  return { where: matching, params: { ...params, query, cpf: normaliseCpf(query) } };
}

/**
 * The history across batches: rows found by one of their identifiers, and devices. Every match
 * is an index lookup; a search's filter reads the rows' `result_index` entries, as a batch's
 * results filter does, so the same rows pass.
 */
export function searchRepo(db: Db) {
  const statement = statementCache(db);
  const matches = matchesSql(db);
  const deviceRows = db.prepare<[{ deviceId: string; limit: number }], SearchHitColumns>(
    `SELECT ${searchHitColumns}
     FROM lookups l
     JOIN batch_rows r ON r.batch_key = l.batch_key AND r.seq = l.seq
     JOIN batches b ON b.key = r.batch_key
     ${outcomeJoin}
     WHERE ${sameId('l.device_id', '@deviceId')} AND ${notDeleting('l.batch_key')}
     ${newestFirst} LIMIT @limit`,
  );
  const deviceCount = db
    .prepare<[{ deviceId: string }], number>(
      `SELECT COUNT(*) FROM lookups l
       WHERE ${sameId('l.device_id', '@deviceId')} AND ${notDeleting('l.batch_key')}`,
    )
    .pluck();
  // The service pairs `similarDevices[i]` with `maximumScore[i]`; the same device may be named in
  // many answers, so its highest score is kept.
  const similar = db.prepare<
    [{ deviceId: string }],
    { device_id: string; maximum_score: number | null; seen_here: 0 | 1 }
  >(
    `SELECT d.value AS device_id, MAX(s.value) AS maximum_score,
       EXISTS (SELECT 1 FROM lookups x
         WHERE ${sameId('x.device_id', 'd.value')} AND ${notDeleting('x.batch_key')}) AS seen_here
     FROM lookups l
     JOIN json_each(l.result_json, '$.similarityResult.similarDevices') d
     LEFT JOIN json_each(l.result_json, '$.similarityResult.maximumScore') s
       ON s.key = d.key AND s.type IN ('integer', 'real')
     WHERE ${sameId('l.device_id', '@deviceId')} AND l.result_json IS NOT NULL
       AND ${notDeleting('l.batch_key')}
       AND d.type = 'text' AND d.value <> @deviceId
     GROUP BY d.value
     ORDER BY maximum_score DESC NULLS LAST, device_id`,
  );

  /**
   * Rows whose external ID, session ID or device ID is the query in any case, or whose CPF is the
   * query without its punctuation, that pass the filter: every stored row counts (invalid and
   * pending ones too). A page of them, and how many there are, read at one moment.
   */
  function page(query: string, asked: SearchPageQuery): SearchPage {
    const { filter = {}, sort, direction = 'asc', offset = 0, limit } = asked;
    const { where, params } = searchParams(query, filter);
    // Within one sort value, the newest batch first, as without a sort.
    const order = sort
      ? `ORDER BY ${orderBy(sort, direction, 'ri', false)}, b.created_at DESC, b.id DESC`
      : newestFirst;
    return db
      .transaction(() => ({
        hits: statement<SearchHitColumns>(
          `SELECT ${searchHitColumns} FROM ${matches}
           JOIN batch_rows r ON r.batch_key = m.batch_key AND r.seq = m.seq
           JOIN batches b ON b.key = r.batch_key
           LEFT JOIN lookups l ON l.batch_key = r.batch_key AND l.seq = r.seq
           ${outcomeJoin}
           WHERE ${where} ${order} LIMIT @limit OFFSET @offset`,
        )
          .all({ ...params, limit, offset })
          .map(toSearchHit),
        total:
          statement<{ n: number }>(`SELECT COUNT(*) AS n FROM ${matches} WHERE ${where}`).get(
            params,
          )?.n ?? 0,
      }))
      .deferred();
  }

  return {
    page,
    /** The newest `limit` rows a search matches (see `page`). */
    search(query: string, limit: number): SearchHit[] {
      return page(query, { limit }).hits;
    },
    /** Every row a search matches that passes the filter, as a review target. */
    targets(query: string, filter: ResultFilter): Array<{ batchId: string; seq: number }> {
      const { where, params } = searchParams(query, filter);
      return statement<{ batchId: string; seq: number }>(
        `SELECT b.id AS batchId, m.seq FROM ${matches} JOIN batches b ON b.key = m.batch_key
         WHERE ${where} ORDER BY b.created_at DESC, b.id DESC, m.seq`,
      ).all(params);
    },
    /**
     * The reviewed transactions among every row a search matches, one per transaction ID and
     * environment, with the outcome their rows show (the reviewed device's answer only). Nothing
     * is asked of what was sent: a search is no file's scope.
     */
    summary(query: string): OutcomeSummary {
      const { params } = searchParams(query, {});
      const found = statement<{ outcome: ReviewOutcome; n: number }>(
        `SELECT o.outcome, COUNT(DISTINCT o.id) AS n FROM ${matches}
         JOIN batch_rows r ON r.batch_key = m.batch_key AND r.seq = m.seq
         JOIN lookups l ON l.batch_key = r.batch_key AND l.seq = r.seq
         ${outcomeJoin.replace('LEFT JOIN', 'JOIN')}
         GROUP BY o.outcome`,
      ).all(params);
      const summary = emptyOutcomeSummary();
      for (const { outcome, n } of found) {
        // Legítima is never sent: counted apart from what a file carries, as the core's summary.
        if (outcome === 'Legítima') summary.legitimate += n;
        else {
          summary.counts[outcome] += n;
          summary.total += n;
        }
      }
      return summary;
    },
    /**
     * A device's transactions, newest first (the newest `maxDeviceTransactions`), how many there
     * are in all, and the devices its answers called similar.
     */
    device(deviceId: string): DeviceView {
      return db
        .transaction(() => ({
          deviceId,
          transactions: deviceRows.all({ deviceId, limit: maxDeviceTransactions }).map(toSearchHit),
          transactionCount: deviceCount.get({ deviceId }) ?? 0,
          similarDevices: similar.all({ deviceId }).map((row) => ({
            deviceId: row.device_id,
            maximumScore: row.maximum_score,
            seenHere: row.seen_here === 1,
          })),
        }))
        .deferred();
    },
  };
}
