import type { Db } from './db';
import { notDeleting } from './deleting-batches';
import { sameId } from './exact-id';

/**
 * The batches that hold an outcome's review besides the ones going (`gone`, a query of batch
 * keys), newest first: a batch of the outcome's environment with a row of its transaction whose
 * answer named the reviewed device. A batch whose answer named another device does not: its
 * results, summary and file leave the transaction out (the user guide's "a later lookup that
 * named another device"), so the review moved there would be counted and sent where it shows
 * nowhere, under the other batch's name. `outcome` is the outcomes row's table or alias.
 */
export function holdersSql(outcome: string, gone: string): string {
  return `SELECT b.id FROM batch_rows r
    JOIN batches b ON b.key = r.batch_key
    JOIN lookups l ON l.batch_key = r.batch_key AND l.seq = r.seq
    WHERE ${sameId('r.external_id', `${outcome}.external_id`)}
      AND b.destination = ${outcome}.environment AND b.key NOT IN (${gone})
      AND l.status = 'ok' AND l.device_id = ${outcome}.device_id AND ${notDeleting('b.key')}
    ORDER BY b.key DESC`;
}

/**
 * Before batches are deleted: an outcome set on one of them whose review another batch of the
 * same destination holds (`holdersSql`: a back-test run twice, the first run reviewed) moves to
 * the newest such batch. That batch's results show the transaction reviewed, so its summary and
 * its file must count it too; left naming a deleted batch, the outcome would be in neither. One no
 * other batch holds keeps naming the deleted batch, which the delete turns to null: in no file,
 * as before.
 *
 * `gone` is a query of the keys of the batches about to go, with its parameters in `params`.
 */
export function rehomeOutcomes(db: Db, gone: string, params: Record<string, unknown>): number {
  const holder = `${holdersSql('outcomes', gone)} LIMIT 1`;
  return db
    .prepare(
      `UPDATE outcomes SET batch_id = (${holder})
       WHERE batch_id IN (SELECT id FROM batches WHERE key IN (${gone}))
         AND (${holder}) IS NOT NULL`,
    )
    .run(params).changes;
}
