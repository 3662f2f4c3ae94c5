import type { ResultFilter, ResultSortColumn } from '../../../shared/contract/results';
import type { Transaction } from '../../../shared/domain/types';
import { batchKeyOf } from './batch-key';
import type { Db } from './db';
import { filterSql, orderBy, sortIndexes, type Direction } from './result-filter';
import { outcomeJoin } from './result-row';
import { joinedRowColumns, toStored, type JoinedRow, type StoredRow } from './rows.repo';
import { statementCache } from './statement-cache';

/**
 * The statement of an export's rows: the filtered rows in the results screen's order (`orderBy`,
 * the same keys and tie-break as a page), read by walking the sort's own index (`INDEXED BY`)
 * and checking the filter at each entry. SQLite never sorts them apart, so a million rows cost
 * no temporary sort, in memory or on disk; a page sorts the filtered rows instead because it
 * needs only its first few, an export needs them all.
 */
export function exportRowsSql(
  batchId: string,
  filter: ResultFilter,
  sort: ResultSortColumn,
  direction: Direction,
): { sql: string; params: Record<string, string | number> } {
  const { where, params } = filterSql(batchId, filter);
  // orderBy checks sort and direction against its whitelist; sortIndexes has the same keys.
  const order = orderBy(sort, direction);
  return {
    sql: `SELECT ${joinedRowColumns}
     FROM result_index ri INDEXED BY ${sortIndexes[sort]}
     JOIN batch_rows r ON r.batch_key = ri.batch_key AND r.seq = ri.seq
     LEFT JOIN lookups l ON l.batch_key = r.batch_key AND l.seq = r.seq
     ${outcomeJoin}
     WHERE ${where} ORDER BY ${order}`,
    params,
  };
}

/**
 * What the export files read: rows streamed from SQLite one at a time, so only the file being
 * built holds the whole batch. Each row carries its transaction's outcome, joined in the same
 * statement (one index lookup on `outcomes.external_id` per row, no extra queries).
 */
export function exportRepo(db: Db) {
  const statement = statementCache(db);
  const failed = db.prepare<[string], { request_json: string }>(
    `SELECT r.request_json FROM result_index ri
     JOIN batch_rows r ON r.batch_key = ri.batch_key AND r.seq = ri.seq
     WHERE ri.batch_key = ${batchKeyOf('?')} AND ri.status = 'failed' AND r.request_json IS NOT NULL
     ORDER BY ri.seq`,
  );

  return {
    /**
     * The filtered rows with their answers and outcomes, in the results screen's order for
     * `sort` and `direction`; input order (the screen's first order) when not given.
     */
    *rows(
      batchId: string,
      filter: ResultFilter,
      sort: ResultSortColumn = 'row',
      direction: Direction = 'asc',
    ): Generator<StoredRow> {
      const { sql, params } = exportRowsSql(batchId, filter, sort, direction);
      for (const row of statement<JoinedRow>(sql).iterate(params)) yield toStored(row);
    },
    /** How many rows `rows` gives for a filter: the total an export's progress counts to. */
    count(batchId: string, filter: ResultFilter): number {
      const { where, params } = filterSql(batchId, filter);
      return (
        statement<{ n: number }>(`SELECT COUNT(*) AS n FROM result_index ri WHERE ${where}`).get(
          params,
        )?.n ?? 0
      );
    },
    /**
     * The requests of the rows that failed (the service never answered them), in input order.
     * Rejected rows are left out: the service refused their data, so sending it again unchanged
     * would only be refused again.
     */
    *failedRequests(batchId: string): Generator<Transaction> {
      for (const row of failed.iterate(batchId)) yield JSON.parse(row.request_json) as Transaction;
    },
  };
}
