import type { RowStatusName } from '../../../shared/contract/results';
import type { FieldProblem } from '../../../shared/domain/field-problem';
import type { InsightResult, ReviewOutcome, Transaction } from '../../../shared/domain/types';
import { storedRequestOf } from './compact-request';
import { compactResult } from './compact-result';
import type { PreparedRow } from './prepared-row';

export type { PreparedRow };
import type { Db } from './db';
import { batchKeyOf } from './batch-key';
import { outcomeRankSql } from './result-filter';
import { outcomeJoin } from './result-row';

export type RowState = 'pending' | 'in_flight' | 'done';

/** What one request ended with, stored in the transaction that marks its row done. */
export interface RowResult {
  seq: number;
  status: Exclude<RowStatusName, 'invalid'>;
  httpStatus: number | null;
  errorCode: string | null;
  result: InsightResult | null;
  messages: string[];
  attempts: number;
  durationMs: number | null;
  /**
   * A capped copy of the answer's body (secrets redacted) when it did not follow the interface or
   * carried fields the interface does not name; absent or null otherwise.
   */
  raw?: string | null;
}

export interface ClaimedRow {
  seq: number;
  request: Transaction;
}

export interface RowCounts {
  total: number;
  pending: number;
  inFlight: number;
  ok: number;
  noContent: number;
  invalid: number;
  rejected: number;
  failed: number;
}

/** A row and its result, as the output files and the results screen read them. */
export interface StoredRow {
  seq: number;
  sourceRow: number;
  externalId: string | null;
  sessionId: string | null;
  state: RowState;
  status: RowStatusName | null;
  httpStatus: number | null;
  result: InsightResult | null;
  messages: string[];
  problems: FieldProblem[];
  notes: string[];
  attempts: number;
  /** The analyst's outcome of the row's transaction id and when it was set (ISO), if any. */
  outcome: ReviewOutcome | null;
  outcomeSetAt: string | null;
}

/** A batch row joined with its lookup and its outcome, as the queries that rebuild a StoredRow select it. */
export interface JoinedRow {
  seq: number;
  source_row: number;
  external_id: string | null;
  session_id: string | null;
  state: RowState;
  status: RowStatusName | null;
  problems_json: string | null;
  notes_json: string | null;
  http_status: number | null;
  result_json: string | null;
  messages_json: string | null;
  attempts: number | null;
  outcome: ReviewOutcome | null;
  outcome_set_at: string | null;
}

/** The JoinedRow columns of `batch_rows r`, `lookups l` and `outcomes o` (see `outcomeJoin`). */
export const joinedRowColumns = `r.seq, r.source_row, r.external_id, r.session_id, r.state, r.status,
  r.problems_json, r.notes_json, l.http_status, l.result_json, l.messages_json, l.attempts,
  o.outcome, o.set_at AS outcome_set_at`;

function parseList<T>(json: string | null): T[] {
  return json ? (JSON.parse(json) as T[]) : [];
}

export function toStored(row: JoinedRow): StoredRow {
  return {
    seq: row.seq,
    sourceRow: row.source_row,
    externalId: row.external_id,
    sessionId: row.session_id,
    state: row.state,
    status: row.status,
    httpStatus: row.http_status,
    result: row.result_json ? (JSON.parse(row.result_json) as InsightResult) : null,
    messages: parseList<string>(row.messages_json),
    problems: parseList<FieldProblem>(row.problems_json),
    notes: parseList<string>(row.notes_json),
    attempts: row.attempts ?? 0,
    outcome: row.outcome,
    outcomeSetAt: row.outcome_set_at,
  };
}

/** Input rows of batches and their lookup results. */
export function rowsRepo(db: Db) {
  const keyOf = db.prepare<[string], number | null>('SELECT key FROM batches WHERE id = ?').pluck();
  /** The batch's key (migration 0013); a batch that is not stored has no rows to write. */
  const keyFor = (batchId: string): number => {
    const key = keyOf.get(batchId);
    if (key === undefined || key === null) throw new Error(`There is no batch ${batchId}.`);
    return key;
  };
  const insertRow = db.prepare(`
    INSERT INTO batch_rows (batch_key, seq, source_row, external_id, session_id, cpf, email, phone, zip_code,
      stored_request, phone_split, problems_json, notes_json, state, status, updated_at)
    VALUES (@batchKey, @seq, @sourceRow, @externalId, @sessionId, @cpf, @email, @phone, @zipCode,
      @storedRequest, @phoneSplit, @problems, @notes, @state, @status, @now)`);
  // The results screen's sort and filter entries (migrations 0003 and 0004), one per row, with
  // the outcome already given to the row's transaction id in the batch's destination for the
  // device of its answer (`outcomeJoin`): none yet for a new row, whose answer's triggers rank it
  // when it comes (migration 0022). Filled in one statement per batch: a per-row trigger made
  // storing 100,000 rows take 8 s instead of 3 s.
  const indexRows = db.prepare(`
    INSERT INTO result_index (batch_key, seq, source_row, external_id, status, outcome)
    SELECT r.batch_key, r.seq, r.source_row, r.external_id, COALESCE(r.status, 'pending'),
      ${outcomeRankSql('o.outcome')}
    FROM batch_rows r LEFT JOIN lookups l ON l.batch_key = r.batch_key AND l.seq = r.seq
    ${outcomeJoin}
    WHERE r.batch_key = ? AND r.seq >= ?`);
  const resetInFlight = db.prepare(
    `UPDATE batch_rows SET state = 'pending', updated_at = ? WHERE batch_key = ${batchKeyOf('?')} AND state = 'in_flight'`,
  );
  // Along the partial index of pending rows: the primary key has the same order, and SQLite
  // would walk it from the batch's first row, past every row already done, at each claim.
  const pendingPage = db.prepare<[number, number], { seq: number; request_json: string }>(
    `SELECT seq, request_json FROM batch_rows INDEXED BY batch_rows_pending
     WHERE batch_key = ? AND state = 'pending' ORDER BY seq LIMIT ?`,
  );
  const markInFlight = db.prepare(
    `UPDATE batch_rows SET state = 'in_flight', updated_at = ? WHERE batch_key = ? AND seq = ?`,
  );
  const release = db.prepare(
    `UPDATE batch_rows SET state = 'pending', updated_at = ? WHERE batch_key = ? AND seq = ? AND state = 'in_flight'`,
  );
  const markDone = db.prepare(
    `UPDATE batch_rows SET state = 'done', status = ?, updated_at = ? WHERE batch_key = ? AND seq = ?`,
  );
  const compact = compactResult(db);
  // An answer stored again (a row re-run) is updated in place: its update trigger lists its codes
  // again. (INSERT OR REPLACE would delete it without the delete triggers.)
  const upsertLookup = db.prepare(`
    INSERT INTO lookups (batch_key, seq, looked_up_at, status, http_status, error_code, device_id, device_risk,
      score, alert_quantity, device_age, smart_id, insights, similar_scores, similar_devices, stored_result,
      messages_json, attempts, duration_ms, raw_answer)
    VALUES (@batchKey, @seq, @now, @status, @httpStatus, @errorCode, @deviceId, @deviceRisk,
      @score, @alertQuantity, @deviceAge, @smartId, @insights, @similarScores, @similarDevices, @storedResult,
      @messagesJson, @attempts, @durationMs, @rawAnswer)
    ON CONFLICT (batch_key, seq) DO UPDATE SET looked_up_at = excluded.looked_up_at,
      status = excluded.status, http_status = excluded.http_status, error_code = excluded.error_code,
      device_id = excluded.device_id, device_risk = excluded.device_risk, score = excluded.score,
      alert_quantity = excluded.alert_quantity, device_age = excluded.device_age,
      smart_id = excluded.smart_id, insights = excluded.insights,
      similar_scores = excluded.similar_scores, similar_devices = excluded.similar_devices,
      stored_result = excluded.stored_result, messages_json = excluded.messages_json,
      attempts = excluded.attempts, duration_ms = excluded.duration_ms, raw_answer = excluded.raw_answer`);
  // Counted on the narrow indexes, not on the rows (0.16 s instead of 0.83 s at a million): a
  // row has a status exactly when it is done, and `result_index.status` mirrors it ('pending'
  // for none); the rows waiting are the partial index `batch_rows_pending`; the rest are in flight.
  const statusCounts = db.prepare<[string], { status: RowStatusName | 'pending'; n: number }>(
    `SELECT status, COUNT(*) AS n FROM result_index WHERE batch_key = ${batchKeyOf('?')} GROUP BY status`,
  );
  const statusCountsAfter = db.prepare<
    [string, number],
    { status: RowStatusName | 'pending'; n: number; last: number }
  >(
    `SELECT status, COUNT(*) AS n, MAX(seq) AS last FROM result_index WHERE batch_key = ${batchKeyOf('?')} AND seq > ? GROUP BY status`,
  );
  const pendingCount = db
    .prepare<[string], number>(
      `SELECT COUNT(*) FROM batch_rows WHERE batch_key = ${batchKeyOf('?')} AND state = 'pending'`,
    )
    .pluck();
  const page = db.prepare<[string, number, number], JoinedRow>(`
    SELECT ${joinedRowColumns}
    FROM batch_rows r LEFT JOIN lookups l ON l.batch_key = r.batch_key AND l.seq = r.seq ${outcomeJoin}
    WHERE r.batch_key = ${batchKeyOf('?')} AND r.seq > ? ORDER BY r.seq LIMIT ?`);
  const failedToPending = db.prepare(`
    UPDATE batch_rows SET state = 'pending', status = NULL, updated_at = ?
    WHERE batch_key = ${batchKeyOf('?')} AND status = 'failed'`);
  const dropFailedLookups = db.prepare(
    `DELETE FROM lookups WHERE batch_key = ${batchKeyOf('?')} AND status = 'failed'`,
  );

  return {
    /**
     * Stores input rows of a batch in input order, numbered from `firstSeq` (a batch stored slice
     * by slice goes on where the last slice ended); returns how many. The caller wraps it in a
     * transaction. Rows are taken one at a time, so a caller that prepares them lazily never
     * holds them all.
     */
    insert(batchId: string, rows: Iterable<PreparedRow>, now: string, firstSeq = 1): number {
      const batchKey = keyFor(batchId);
      let index = firstSeq - 1;
      for (const row of rows) {
        index += 1;
        const { request: _request, ...columns } = row;
        insertRow.run({
          ...columns,
          ...storedRequestOf(row),
          batchKey,
          seq: index,
          problems: row.problems ? JSON.stringify(row.problems) : null,
          notes: row.notes.length > 0 ? JSON.stringify(row.notes) : null,
          state: row.request ? 'pending' : 'done',
          status: row.request ? null : 'invalid',
          now,
        });
      }
      indexRows.run(batchKey, firstSeq);
      return index - firstSeq + 1;
    },
    /** Rows a crash left in flight have no stored result: they go back to pending. */
    resetInFlight(batchId: string, now: string): number {
      return resetInFlight.run(now, batchId).changes;
    },
    /** The next pending rows, in input order, marked in flight. Call inside a transaction. */
    claim(batchId: string, limit: number, now: string): ClaimedRow[] {
      const batchKey = keyOf.get(batchId);
      if (limit <= 0 || batchKey === undefined || batchKey === null) return [];
      return pendingPage.all(batchKey, limit).map((row) => {
        markInFlight.run(now, batchKey, row.seq);
        return { seq: row.seq, request: JSON.parse(row.request_json) as Transaction };
      });
    },
    release(batchId: string, seqs: readonly number[], now: string): void {
      const batchKey = keyOf.get(batchId);
      if (batchKey === undefined || batchKey === null) return;
      for (const seq of seqs) release.run(now, batchKey, seq);
    },
    /** Stores results and marks their rows done. Call inside a transaction. */
    complete(batchId: string, results: readonly RowResult[], now: string): void {
      if (results.length === 0) return;
      const batchKey = keyFor(batchId);
      for (const { result, messages, raw, ...rest } of results) {
        upsertLookup.run({
          ...rest,
          ...compact(result),
          batchKey,
          now,
          messagesJson: messages.length > 0 ? JSON.stringify(messages) : null,
          rawAnswer: raw ?? null,
        });
        markDone.run(rest.status, now, batchKey, rest.seq);
      }
    },
    /**
     * The rows stored after row `seq` (a batch stored slice by slice, migration 0015): how many,
     * how many wait to be sent and how many are invalid, and the last one's number. Reads only
     * those rows' index entries.
     */
    countsAfter(batchId: string, seq: number) {
      const after = { total: 0, pending: 0, invalid: 0, last: seq };
      for (const row of statusCountsAfter.all(batchId, seq)) {
        after.total += row.n;
        if (row.status === 'pending') after.pending += row.n;
        else if (row.status === 'invalid') after.invalid += row.n;
        after.last = Math.max(after.last, row.last);
      }
      return after;
    },
    counts(batchId: string): RowCounts {
      const totals: RowCounts = {
        total: 0,
        pending: 0,
        inFlight: 0,
        ok: 0,
        noContent: 0,
        invalid: 0,
        rejected: 0,
        failed: 0,
      };
      let waiting = 0;
      for (const { status, n } of statusCounts.all(batchId)) {
        totals.total += n;
        if (status === 'pending') waiting += n;
        else if (status === 'no_content') totals.noContent += n;
        else totals[status] += n;
      }
      totals.pending = waiting === 0 ? 0 : (pendingCount.get(batchId) ?? 0);
      totals.inFlight = waiting - totals.pending;
      return totals;
    },
    /** Rows in input order, a page at a time, so a 100,000-row batch is never held whole. */
    *iterate(batchId: string, pageSize = 1000): Generator<StoredRow> {
      let after = 0;
      for (;;) {
        const rows = page.all(batchId, after, pageSize);
        for (const row of rows) yield toStored(row);
        const last = rows.at(-1);
        if (!last || rows.length < pageSize) return;
        after = last.seq;
      }
    },
    /** "Re-run failed rows only": failed rows lose their result and become pending again. */
    resetFailed(batchId: string, now: string): number {
      return db
        .transaction(() => {
          dropFailedLookups.run(batchId);
          return failedToPending.run(now, batchId).changes;
        })
        .immediate();
    },
  };
}

export type RowsRepo = ReturnType<typeof rowsRepo>;
