import type { ResultFilter } from '../../../shared/contract/results';
import type { FieldProblem } from '../../../shared/domain/field-problem';
import type { InsightResult, Transaction } from '../../../shared/domain/types';
import type { Db } from './db';
import { filterSql } from './result-filter';
import type { RowState, RowStatus, StoredRow } from './rows.repo';
import { statementCache } from './statement-cache';

interface ExportColumns {
  seq: number;
  source_row: number;
  external_id: string | null;
  session_id: string | null;
  state: RowState;
  status: RowStatus | null;
  problems_json: string | null;
  notes_json: string | null;
  http_status: number | null;
  result_json: string | null;
  messages_json: string | null;
  attempts: number | null;
}

function list<T>(json: string | null): T[] {
  return json === null ? [] : (JSON.parse(json) as T[]);
}

function toStored(row: ExportColumns): StoredRow {
  return {
    seq: row.seq,
    sourceRow: row.source_row,
    externalId: row.external_id,
    sessionId: row.session_id,
    state: row.state,
    status: row.status,
    httpStatus: row.http_status,
    result: row.result_json === null ? null : (JSON.parse(row.result_json) as InsightResult),
    messages: list<string>(row.messages_json),
    problems: list<FieldProblem>(row.problems_json),
    notes: list<string>(row.notes_json),
    attempts: row.attempts ?? 0,
  };
}

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
      const rows = statement<ExportColumns>(
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
