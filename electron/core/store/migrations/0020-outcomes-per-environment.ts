import type { Migration } from '../migrate';

/** An outcome as the number the results index sorts and filters by (as in 0018). */
const outcomeRank = (column: string) =>
  `CASE ${column} WHEN 'Suspeito' THEN 0 WHEN 'Fraude Confirmada' THEN 1 WHEN 'Device Positivado' THEN 2 WHEN 'Legítima' THEN 3 END`;

/**
 * The index entries of every row whose transaction id is exactly `id` in a batch whose
 * destination is `environment`: the NOCASE index finds the transaction's rows (as in 0018), each
 * kept if its batch's destination, read by the batch's key, is the environment. A few reads per
 * outcome whatever the history holds: a list of the environment's batch keys would be built at
 * each outcome written, and SQLite would rather seek the transaction once per batch of that list.
 */
const rowsOf = (environment: string, id: string) =>
  `(batch_key, seq) IN (SELECT batch_key, seq FROM batch_rows r
    WHERE external_id = ${id} COLLATE NOCASE AND external_id = ${id}
      AND (SELECT destination FROM batches WHERE key = r.batch_key) = ${environment})`;

/** The outcome of the environment of the batch `batchKey` for the transaction `id`, ranked. */
const rankOf = (batchKey: string, id: string) =>
  `(SELECT ${outcomeRank('o.outcome')} FROM outcomes o
    WHERE o.external_id = ${id} AND o.environment = (SELECT destination FROM batches WHERE key = ${batchKey}))`;

/**
 * An outcome belongs to a transaction in one environment (the destination of the batch it was set
 * on), as in the team database, which keys outcomes by environment and external ID. Until now
 * `outcomes` held one per external ID across every destination: the same transactions looked up
 * in the test environment and then in production shared one outcome, so production's results
 * showed the test review, its file left it out, and a review there "conflicted" with the test one.
 *
 * SQLite cannot alter a constraint, so `outcomes` is rebuilt (as 0009 did), with its ids, its
 * `set_at` index and its triggers, which now rank only the rows of batches of the outcome's
 * environment. The key is `(external_id, environment)`, in that order: every reader that finds
 * outcomes by transaction (these triggers, the results' joins, the ledger, a forgotten CPF) then
 * walks the key's index by the ID, as before, and one of a known environment by both. The
 * environment becomes NOT NULL: an outcome without one would be unique to nothing.
 *
 * An outcome whose environment is null was set before 0014 on a batch already deleted then: it
 * was in no file, no count and no trail, and showed only on rows of other batches carrying its
 * transaction. It goes to the destination of the newest batch that carries it (where it showed);
 * one that no batch carries showed nowhere, and is dropped.
 *
 * The results index then keeps only the ranks of outcomes of each row's own destination: a rank
 * that came from another environment's outcome is recomputed (to null, there being no other).
 * Only entries with a rank can be wrong, as an outcome ranked every row of its transaction.
 */
export const outcomesPerEnvironment: Migration = {
  version: 20,
  name: 'outcomes-per-environment',
  up: `
    DROP TRIGGER outcomes_indexed;
    DROP TRIGGER outcomes_reindexed;
    DROP TRIGGER outcomes_moved;
    DROP TRIGGER outcomes_unindexed;

    UPDATE outcomes SET environment = (
      SELECT b.destination FROM batch_rows r JOIN batches b ON b.key = r.batch_key
      WHERE r.external_id = outcomes.external_id COLLATE NOCASE AND r.external_id = outcomes.external_id
      ORDER BY r.batch_key DESC LIMIT 1)
    WHERE environment IS NULL;

    CREATE TABLE outcomes_next (
      id             INTEGER PRIMARY KEY,
      external_id    TEXT NOT NULL,
      device_id      TEXT,
      outcome        TEXT NOT NULL CHECK (outcome IN ('Suspeito', 'Fraude Confirmada', 'Device Positivado', 'Legítima')),
      batch_id       TEXT REFERENCES batches (id) ON DELETE SET NULL,
      set_at         TEXT NOT NULL,
      environment    TEXT NOT NULL,
      set_by         TEXT,
      UNIQUE (external_id, environment)
    ) STRICT;
    INSERT INTO outcomes_next (id, external_id, device_id, outcome, batch_id, set_at, environment, set_by)
      SELECT id, external_id, device_id, outcome, batch_id, set_at, environment, set_by
      FROM outcomes WHERE environment IS NOT NULL ORDER BY id;
    DROP TABLE outcomes;
    ALTER TABLE outcomes_next RENAME TO outcomes;
    CREATE INDEX outcomes_set_at ON outcomes (set_at);

    UPDATE result_index SET outcome = ${rankOf('result_index.batch_key', 'result_index.external_id')}
    WHERE outcome IS NOT NULL
      AND outcome IS NOT ${rankOf('result_index.batch_key', 'result_index.external_id')};

    CREATE TRIGGER outcomes_indexed AFTER INSERT ON outcomes BEGIN
      UPDATE result_index SET outcome = ${outcomeRank('NEW.outcome')}
      WHERE ${rowsOf('NEW.environment', 'NEW.external_id')};
    END;
    CREATE TRIGGER outcomes_reindexed AFTER UPDATE OF outcome ON outcomes
      WHEN OLD.external_id IS NEW.external_id AND OLD.environment IS NEW.environment
        AND OLD.outcome IS NOT NEW.outcome BEGIN
      UPDATE result_index SET outcome = ${outcomeRank('NEW.outcome')}
      WHERE ${rowsOf('NEW.environment', 'NEW.external_id')};
    END;
    CREATE TRIGGER outcomes_moved AFTER UPDATE OF external_id, environment ON outcomes
      WHEN OLD.external_id IS NOT NEW.external_id OR OLD.environment IS NOT NEW.environment BEGIN
      UPDATE result_index SET outcome = NULL WHERE ${rowsOf('OLD.environment', 'OLD.external_id')};
      UPDATE result_index SET outcome = ${outcomeRank('NEW.outcome')}
      WHERE ${rowsOf('NEW.environment', 'NEW.external_id')};
    END;
    CREATE TRIGGER outcomes_unindexed AFTER DELETE ON outcomes BEGIN
      UPDATE result_index SET outcome = NULL WHERE ${rowsOf('OLD.environment', 'OLD.external_id')};
    END;
  `,
};
