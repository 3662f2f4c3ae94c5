import type { Destination } from '../../../shared/environment';
import { requestLine } from '../../../shared/contract/request-lines';
import type { Transaction } from '../../../shared/domain/types';
import { batchKeyOf } from '../store/batch-key';
import type { Db } from '../store/db';
import { sameId } from '../store/exact-id';
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

/** The fields of a request besides its external ID, as JSON paths. */
const requestFields = [
  '$.sessionID',
  '$.cpf',
  '$.email',
  '$.zipCode',
  '$.phone.countryCode',
  '$.phone.cityCode',
  '$.phone.number',
];

/**
 * The row `asked` (a new row, or a request to count) is the same request as the answered row
 * `old`: every field sent, not the external ID alone. The service answers for a session's device
 * (another session of the same order may be another device), and its insights and score depend on
 * the rest of what is sent (the score is the CPF's with that device): an answer to other data is
 * not this row's answer. The external ID is found through its index; the fields are compared in
 * the request as it was sent (`request_json`, whole or rebuilt from the columns), whatever the
 * order of its members.
 */
const sameRequest = (old: string, asked: string) =>
  [
    sameId(`${old}.external_id`, `${asked}.external_id`),
    ...requestFields.map(
      (field) => `${old}.request_json ->> '${field}' IS ${asked}.request_json ->> '${field}'`,
    ),
  ].join(' AND ');

/**
 * The row `row` was looked up itself, not filled with a stored answer (noted `reused`). A filled
 * row's answer is its source's, which is found on its own; and versions before this rule reused
 * by external ID alone, so a filled row may hold another session's answer under its own request.
 */
const notReused = (row: string) =>
  `NOT EXISTS (SELECT 1 FROM json_each(COALESCE(${row}.notes_json, '[]')) WHERE value = 'reused')`;

/**
 * The answered rows that count as recent: reusable, from the last days, of another batch that is
 * not being deleted, looked up themselves. `l2` is the answer, `r2` its row, `b2` its batch.
 */
const recentAnswer = `l2.status IN ${reusable} AND l2.looked_up_at >= @cutoff AND ${notDeleting('b2.key')}
  AND ${notReused('r2')}`;

/** More rows than a batch can hold: a batch key and a row's number fit one 64-bit integer. */
const rowSpan = 2 ** 32;

/**
 * How many of these requests were answered in the last `days` days (to ask before a run): the
 * same request, as `reuseRecentLookups` reuses. Given a destination, only its answers count, as
 * only they are reused: a sandbox answer must not make the production run say its rows reuse
 * stored answers.
 */
export function countRecentlyLookedUp(
  db: Db,
  requests: readonly Transaction[],
  days: number,
  now = new Date(),
  destination: Destination | null = null,
): number {
  const asked = `[${[...new Set(requests.map(requestLine))].join(',')}]`;
  return (
    db
      .prepare<[{ cutoff: string; asked: string; destination: Destination | null }], { n: number }>(
        `WITH asked AS (
           SELECT value ->> '$.externalID' AS external_id, value AS request_json
           FROM json_each(@asked))
         SELECT COUNT(*) AS n FROM asked a
         WHERE EXISTS (
           SELECT 1 FROM batch_rows r2 INDEXED BY batch_rows_external_nocase
           JOIN lookups l2 USING (batch_key, seq)
           JOIN batches b2 ON b2.key = r2.batch_key
           WHERE ${sameRequest('r2', 'a')} AND ${recentAnswer}
             AND (@destination IS NULL OR b2.destination = @destination))`,
      )
      .get({ cutoff: cutoff(days, now), asked, destination })?.n ?? 0
  );
}

/**
 * Fills the pending rows of a new batch whose same request (`sameRequest`) was answered in the
 * last `days` days with that answer (the newest), so they are not sent again; they are noted
 * `reused`. Runs in the caller's transaction. Returns how many rows were filled.
 *
 * Each new row looks for its own request through the external ID's index, so the cost follows
 * the rows of the new batch, not every answer of the window.
 */
export function reuseRecentLookups(
  db: Db,
  batchId: string,
  days: number,
  now = new Date(),
): number {
  const filled = db
    .prepare(
      `WITH m AS MATERIALIZED (
         SELECT r.batch_key, r.seq, (
           -- The newest answer to the same request, as one number: its batch key and row.
           SELECT l2.batch_key * ${rowSpan} + l2.seq
           FROM batch_rows r2 INDEXED BY batch_rows_external_nocase
           JOIN lookups l2 ON l2.batch_key = r2.batch_key AND l2.seq = r2.seq
           JOIN batches b2 ON b2.key = r2.batch_key
           WHERE ${sameRequest('r2', 'r')} AND ${recentAnswer} AND b2.key <> r.batch_key
             -- Only answers of the same destination: a sandbox DeviceId means nothing to production.
             AND b2.destination = @destination
           ORDER BY l2.looked_up_at DESC, l2.batch_key DESC, l2.seq DESC LIMIT 1) AS answer
         FROM batch_rows r
         WHERE r.batch_key = ${batchKeyOf('@batchId')} AND r.state = 'pending'
       )
       INSERT INTO lookups (batch_key, seq, ${copied.join(', ')})
       SELECT m.batch_key, m.seq, ${copied.map((column) => `l.${column}`).join(', ')}
       FROM m
       JOIN lookups l ON l.batch_key = m.answer / ${rowSpan} AND l.seq = m.answer % ${rowSpan}`,
    )
    .run({
      batchId,
      cutoff: cutoff(days, now),
      destination: db.prepare('SELECT destination FROM batches WHERE id = ?').pluck().get(batchId),
    }).changes;
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
