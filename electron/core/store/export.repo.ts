import type { ResultFilter } from '../../../shared/contract/results';
import type { Transaction } from '../../../shared/domain/types';
import { batchKeyOf } from './batch-key';
import type { Db } from './db';
import { filterSql } from './result-filter';
import { outcomeJoin } from './result-row';
import { joinedRowColumns, toStored, type JoinedRow, type StoredRow } from './rows.repo';
import { statementCache } from './statement-cache';

/**
 * What the export files read: rows streamed from SQLite in input order, one at a time, so only
 * the file being built holds the whole batch. Each row carries its transaction's outcome, joined
 * in the same statement (one index lookup on `outcomes.external_id` per row, no extra queries).
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
     * The filtered rows with their answers and outcomes, in input order (as the command line
     * writes them).
     */
    *rows(batchId: string, filter: ResultFilter): Generator<StoredRow> {
      const { where, params } = filterSql(batchId, filter);
      const rows = statement<JoinedRow>(
        `SELECT ${joinedRowColumns}
         FROM result_index ri
         JOIN batch_rows r ON r.batch_key = ri.batch_key AND r.seq = ri.seq
         LEFT JOIN lookups l ON l.batch_key = r.batch_key AND l.seq = r.seq
         ${outcomeJoin}
         WHERE ${where} ORDER BY ri.seq`,
      ).iterate(params);
      for (const row of rows) yield toStored(row);
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
