import type { ResultRow, RowStatusName, SearchHit } from '../../../shared/contract/results';
import type { DeviceRisk, Outcome } from '../../../shared/domain/types';
import type { Destination } from '../../../shared/environment';

/**
 * The columns of a results-table line, from `batch_rows r LEFT JOIN lookups l LEFT JOIN
 * outcomes o` (see `rowsWithLookups`).
 */
export const resultRowColumns = `r.seq, r.source_row, r.external_id, r.session_id, r.cpf, r.status,
  l.http_status, l.device_id, l.device_risk, l.score, l.alert_quantity, l.device_age, l.insights,
  o.outcome, o.set_at AS outcome_set_at, o.set_by AS outcome_set_by`;

/**
 * The analyst's outcome of a row's transaction id in the destination of the row's batch (an
 * outcome is of a transaction in one environment: migration 0020), when the row's answer `l`
 * named the device that was reviewed (migration 0022): a later answer with another device is
 * not the one the analyst marked, and shows no outcome, in the window, the exports and the
 * command line's output alike. The destination is looked up per row by the batch's key (a
 * handful of batches): one query shape for every caller, one row or a million.
 */
export const outcomeJoin = `LEFT JOIN outcomes o ON o.external_id = r.external_id
  AND o.environment = (SELECT destination FROM batches WHERE key = r.batch_key)
  AND o.device_id = l.device_id`;

/** `batch_rows r` with its answer and its outcome, when it has them. */
export const rowsWithLookups = `batch_rows r LEFT JOIN lookups l ON l.batch_key = r.batch_key AND l.seq = r.seq
  ${outcomeJoin}`;

export interface ResultRowColumns {
  seq: number;
  source_row: number;
  external_id: string | null;
  session_id: string | null;
  cpf: string | null;
  status: RowStatusName | null;
  http_status: number | null;
  device_id: string | null;
  device_risk: DeviceRisk | null;
  score: number | null;
  alert_quantity: number | null;
  device_age: number | null;
  /** The codes joined with spaces, as `complete()` stores them. */
  insights: string | null;
  outcome: Outcome | null;
  outcome_set_at: string | null;
  outcome_set_by: string | null;
}

export function toResultRow(row: ResultRowColumns): ResultRow {
  return {
    seq: row.seq,
    row: row.source_row,
    externalId: row.external_id,
    sessionId: row.session_id,
    cpf: row.cpf,
    status: row.status ?? 'pending',
    httpStatus: row.http_status,
    deviceId: row.device_id,
    deviceRisk: row.device_risk,
    score: row.score,
    alertQuantity: row.alert_quantity,
    deviceAge: row.device_age,
    insights: row.insights ? row.insights.split(' ').filter((code) => code !== '') : [],
    outcome: row.outcome,
    outcomeSetAt: row.outcome_set_at,
    outcomeSetBy: row.outcome_set_by,
  };
}

/** The extra columns of a search hit, from `batches b`. */
export const searchHitColumns = `${resultRowColumns}, b.id AS batch_id, b.source_name, b.destination AS environment, l.looked_up_at`;

export interface SearchHitColumns extends ResultRowColumns {
  batch_id: string;
  source_name: string;
  environment: Destination;
  looked_up_at: string | null;
}

export function toSearchHit(row: SearchHitColumns): SearchHit {
  return {
    ...toResultRow(row),
    batchId: row.batch_id,
    sourceName: row.source_name,
    environment: row.environment,
    lookedUpAt: row.looked_up_at,
  };
}
