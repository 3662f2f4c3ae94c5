import type { Destination } from '../../../shared/environment';
import { batchKeyOf } from '../store/batch-key';
import type { Db } from '../store/db';
import { idIn } from '../store/exact-id';
import { notDeleting } from '../store/deleting-batches';

/**
 * The columns of a reused answer: the stored ones (its JSON is put together from them, or kept
 * whole in `stored_result`; migration 0013), named so the virtual columns are not computed for
 * every candidate answer.
 */
const copied = [
  'looked_up_at',
  'status',
  'http_status',
  'error_code',
  'device_id',
  'device_risk',
  'score',
  'alert_quantity',
  'device_age',
  'smart_id',
  'insights',
  'similar_scores',
  'similar_devices',
  'stored_result',
  'messages_json',
  'attempts',
  'duration_ms',
];

/** Answers that count as "already looked up": the service answered, with or without content. */
const reusable = "('ok', 'no_content')";

function cutoff(days: number, now: Date): string {
  return new Date(now.getTime() - days * 86_400_000).toISOString();
}

/**
 * How many of these external IDs were answered in the last `days` days (to ask before a run).
 * Given a destination, only its answers count, as only they are reused (`reuseRecentLookups`):
 * a sandbox answer must not make the production run say its rows reuse stored answers.
 */
export function countRecentlyLookedUp(
  db: Db,
  externalIds: readonly string[],
  days: number,
  now = new Date(),
  destination: Destination | null = null,
): number {
  const ids = JSON.stringify([...new Set(externalIds)]);
  return (
    db
      .prepare<[{ cutoff: string; ids: string; destination: Destination | null }], { n: number }>(
        `SELECT COUNT(DISTINCT r.external_id) AS n FROM batch_rows r JOIN lookups l USING (batch_key, seq)
         JOIN batches b ON b.key = r.batch_key
         WHERE l.status IN ${reusable} AND l.looked_up_at >= @cutoff
           AND ${idIn('r.external_id', '(SELECT value FROM json_each(@ids))')}
           AND (@destination IS NULL OR b.destination = @destination)
           AND ${notDeleting('r.batch_key')}`,
      )
      .get({ cutoff: cutoff(days, now), ids, destination })?.n ?? 0
  );
}

/**
 * Fills the pending rows of a new batch whose external ID was answered in the last `days` days
 * with that answer (the newest), so they are not sent again; they are noted `reused`. Runs in
 * the caller's transaction. Returns how many rows were filled.
 */
export function reuseRecentLookups(
  db: Db,
  batchId: string,
  days: number,
  now = new Date(),
): number {
  const filled = db
    .prepare(
      `INSERT INTO lookups (batch_key, seq, ${copied.join(', ')})
       SELECT r.batch_key, r.seq, ${copied.map((column) => `p.${column}`).join(', ')}
       FROM batch_rows r
       JOIN (
         SELECT r2.external_id AS external_id, ${copied.map((column) => `l2.${column}`).join(', ')},
           ROW_NUMBER() OVER (PARTITION BY r2.external_id ORDER BY l2.looked_up_at DESC) AS newest
         FROM batch_rows r2 JOIN lookups l2 ON l2.batch_key = r2.batch_key AND l2.seq = r2.seq
         JOIN batches b2 ON b2.key = r2.batch_key
         WHERE l2.status IN ${reusable} AND l2.looked_up_at >= @cutoff AND b2.id <> @batchId
           AND ${notDeleting('b2.key')}
           -- Only answers of the same destination: a sandbox DeviceId means nothing to production.
           AND b2.destination = (SELECT destination FROM batches WHERE id = @batchId)
       ) p ON p.external_id = r.external_id AND p.newest = 1
       WHERE r.batch_key = ${batchKeyOf('@batchId')} AND r.state = 'pending'`,
    )
    .run({ batchId, cutoff: cutoff(days, now) }).changes;
  if (filled > 0) {
    db.prepare(
      `UPDATE batch_rows SET state = 'done',
         status = (SELECT l.status FROM lookups l WHERE l.batch_key = batch_rows.batch_key AND l.seq = batch_rows.seq),
         notes_json = json_insert(COALESCE(notes_json, '[]'), '$[#]', 'reused')
       WHERE batch_key = ${batchKeyOf('@batchId')} AND state = 'pending'
         AND seq IN (SELECT seq FROM lookups WHERE batch_key = ${batchKeyOf('@batchId')})`,
    ).run({ batchId });
  }
  return filled;
}
