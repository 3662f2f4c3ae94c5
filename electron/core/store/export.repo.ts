import type { ResultFilter } from '../../../shared/contract/results';
import type { Transaction } from '../../../shared/domain/types';
import type { Db } from './db';
import { filterSql } from './result-filter';
import { toStored, type JoinedRow, type StoredRow } from './rows.repo';
import { statementCache } from './statement-cache';

/**
 * What the export files read: rows streamed from SQLite in input order, one at a time, so only
 * the file being built holds the whole batch.
 */
export function exportRepo(db: Db) {
  const statement = statementCache(db);
  const failed = db.prepare<[string], { request_json: string }>(
    `SELECT r.request_json FROM result_index ri
     JOIN batch_rows r ON r.batch_id = ri.batch_id AND r.seq = ri.seq
     WHERE ri.batch_id = ? AND ri.status = 'failed' AND r.request_json IS NOT NULL
     ORDER BY ri.seq`,
  );

  return {
    /** The filtered rows with their answers, in input order (as the command line writes them). */
    *rows(batchId: string, filter: ResultFilter): Generator<StoredRow> {
      const { where, params } = filterSql(batchId, filter);
      const rows = statement<JoinedRow>(
        `SELECT r.seq, r.source_row, r.external_id, r.session_id, r.state, r.status, r.problems_json,
           r.notes_json, l.http_status, l.result_json, l.messages_json, l.attempts
         FROM result_index ri
         JOIN batch_rows r ON r.batch_id = ri.batch_id AND r.seq = ri.seq
         LEFT JOIN lookups l ON l.batch_id = r.batch_id AND l.seq = r.seq
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
