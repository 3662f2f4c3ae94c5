import type { DeviceView, SearchHit } from '../../../shared/contract/results';
import { normaliseCpf } from '../../../shared/domain/cpf';
import type { Db } from './db';
import { sameId } from './exact-id';
import { outcomeJoin, searchHitColumns, toSearchHit, type SearchHitColumns } from './result-row';

/** A device's transactions shown at most; the similar devices are aggregated over all of them. */
export const maxDeviceTransactions = 1000;

const newestFirst = 'ORDER BY b.created_at DESC, b.id DESC, r.seq';

/**
 * The history across batches: rows found by one of their identifiers, and devices. Every match
 * is an index lookup (batch_rows external_id, session_id and cpf; lookups device_id); the IDs
 * match without regard to case (ASCII), through the NOCASE indexes of migration 12 (since 13 the
 * only indexes on those IDs).
 */
export function searchRepo(db: Db) {
  const search = db.prepare<
    [{ query: string; cpf: string | null; limit: number }],
    SearchHitColumns
  >(
    `SELECT ${searchHitColumns}
     FROM (
       SELECT batch_key, seq FROM batch_rows WHERE external_id = @query COLLATE NOCASE
       UNION SELECT batch_key, seq FROM batch_rows WHERE session_id = @query COLLATE NOCASE
       UNION SELECT batch_key, seq FROM batch_rows WHERE cpf = @cpf
       UNION SELECT batch_key, seq FROM lookups WHERE device_id = @query COLLATE NOCASE
     ) m
     JOIN batch_rows r ON r.batch_key = m.batch_key AND r.seq = m.seq
     JOIN batches b ON b.key = r.batch_key
     LEFT JOIN lookups l ON l.batch_key = r.batch_key AND l.seq = r.seq
     ${outcomeJoin}
     ${newestFirst} LIMIT @limit`,
  );
  const deviceRows = db.prepare<[{ deviceId: string; limit: number }], SearchHitColumns>(
    `SELECT ${searchHitColumns}
     FROM lookups l
     JOIN batch_rows r ON r.batch_key = l.batch_key AND r.seq = l.seq
     JOIN batches b ON b.key = r.batch_key
     ${outcomeJoin}
     WHERE ${sameId('l.device_id', '@deviceId')} ${newestFirst} LIMIT @limit`,
  );
  // The service pairs `similarDevices[i]` with `maximumScore[i]`; the same device may be named in
  // many answers, so its highest score is kept.
  const similar = db.prepare<
    [{ deviceId: string }],
    { device_id: string; maximum_score: number | null; seen_here: 0 | 1 }
  >(
    `SELECT d.value AS device_id, MAX(s.value) AS maximum_score,
       EXISTS (SELECT 1 FROM lookups x WHERE ${sameId('x.device_id', 'd.value')}) AS seen_here
     FROM lookups l
     JOIN json_each(l.result_json, '$.similarityResult.similarDevices') d
     LEFT JOIN json_each(l.result_json, '$.similarityResult.maximumScore') s
       ON s.key = d.key AND s.type IN ('integer', 'real')
     WHERE ${sameId('l.device_id', '@deviceId')} AND l.result_json IS NOT NULL
       AND d.type = 'text' AND d.value <> @deviceId
     GROUP BY d.value
     ORDER BY maximum_score DESC NULLS LAST, device_id`,
  );

  return {
    /**
     * Rows whose external ID, session ID or device ID is the query in any case, or whose CPF is the query
     * without its punctuation; every stored row counts (invalid and pending ones too), newest
     * batch first.
     */
    search(query: string, limit: number): SearchHit[] {
      const cpf = normaliseCpf(query);
      return search.all({ query, cpf: cpf === '' ? null : cpf, limit }).map(toSearchHit);
    },
    /** A device's transactions, newest first, and the devices its answers called similar. */
    device(deviceId: string): DeviceView {
      return db
        .transaction(() => ({
          deviceId,
          transactions: deviceRows.all({ deviceId, limit: maxDeviceTransactions }).map(toSearchHit),
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
