import type { Outcome } from '../../shared/domain/types';
import type { Db } from '../../electron/core/store/db';

export interface StoredOutcome {
  external_id: string;
  device_id: string;
  outcome: Outcome;
  batch_id: string | null;
  set_at: string;
}

/** The `outcomes` table, read straight. */
export function storedOutcomes(db: Db): Map<string, StoredOutcome> {
  const rows = db
    .prepare('SELECT external_id, device_id, outcome, batch_id, set_at FROM outcomes')
    .all() as StoredOutcome[];
  return new Map(rows.map((row) => [row.external_id, row]));
}

/** Each row of a batch with its transaction id and the device its answer named. */
export function batchRowsOf(db: Db, batchId: string) {
  return db
    .prepare(
      `SELECT r.seq, r.external_id AS externalId, r.status,
         CASE WHEN l.status = 'ok' THEN l.device_id END AS deviceId
       FROM batch_rows r LEFT JOIN lookups l USING (batch_key, seq)
       WHERE r.batch_key = (SELECT key FROM batches WHERE id = ?) ORDER BY r.seq`,
    )
    .all(batchId) as Array<{
    seq: number;
    externalId: string | null;
    status: string;
    deviceId: string | null;
  }>;
}
