import type { Db } from './db';
import { sameId } from './exact-id';

/**
 * Before batches are deleted: an outcome set on one of them whose transaction another batch of
 * the same destination holds (a back-test run twice, the first run reviewed) moves to the newest
 * such batch. That batch's results show the transaction reviewed (the results index ranks every
 * row of the transaction in the environment), so its summary and its file must count it too; left
 * naming a deleted batch, the outcome would be in neither. One no other batch holds keeps naming
 * the deleted batch, which the delete turns to null: in no file, as before.
 *
 * `gone` is a query of the keys of the batches about to go, with its parameters in `params`.
 */
export function rehomeOutcomes(db: Db, gone: string, params: Record<string, unknown>): number {
  const holder = `SELECT b.id FROM batch_rows r JOIN batches b ON b.key = r.batch_key
    WHERE ${sameId('r.external_id', 'outcomes.external_id')}
      AND b.destination = outcomes.environment AND b.key NOT IN (${gone})
    ORDER BY b.key DESC LIMIT 1`;
  return db
    .prepare(
      `UPDATE outcomes SET batch_id = (${holder})
       WHERE batch_id IN (SELECT id FROM batches WHERE key IN (${gone}))
         AND (${holder}) IS NOT NULL`,
    )
    .run(params).changes;
}
