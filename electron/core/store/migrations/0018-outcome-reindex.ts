import type { Migration } from '../migrate';

/** An outcome as the number the results index sorts and filters by (as in 0013). */
const outcomeRank = (column: string) =>
  `CASE ${column} WHEN 'Suspeito' THEN 0 WHEN 'Fraude Confirmada' THEN 1 WHEN 'Device Positivado' THEN 2 WHEN 'Legítima' THEN 3 END`;

/** The index entries of every row whose transaction id is exactly `id` (as in 0013). */
const rowsOf = (id: string) =>
  `(batch_key, seq) IN (SELECT batch_key, seq FROM batch_rows
    WHERE external_id = ${id} COLLATE NOCASE AND external_id = ${id})`;

/**
 * A changed outcome rewrites its results-index entries once (issue 13). The trigger of 0013 set
 * every entry of the transaction to NULL, then to the new outcome: two writes of each entry and
 * of its two indexes that hold the outcome, for every outcome changed, and also when only the
 * device changed (an upsert names the outcome in its SET list). A bulk outcome over a million rows
 * paid that twice per row.
 *
 * Now the entries are written once, with the new outcome, and only when it differs; the two
 * writes stay for the one change that needs them, an outcome moved to another transaction id
 * (nothing here does that, but the old trigger covered it).
 */
export const outcomeReindex: Migration = {
  version: 18,
  name: 'outcome-reindex',
  up: `
    DROP TRIGGER outcomes_reindexed;
    CREATE TRIGGER outcomes_reindexed AFTER UPDATE OF outcome ON outcomes
      WHEN OLD.external_id IS NEW.external_id AND OLD.outcome IS NOT NEW.outcome BEGIN
      UPDATE result_index SET outcome = ${outcomeRank('NEW.outcome')} WHERE ${rowsOf('NEW.external_id')};
    END;
    CREATE TRIGGER outcomes_moved AFTER UPDATE OF external_id ON outcomes
      WHEN OLD.external_id IS NOT NEW.external_id BEGIN
      UPDATE result_index SET outcome = NULL WHERE ${rowsOf('OLD.external_id')};
      UPDATE result_index SET outcome = ${outcomeRank('NEW.outcome')} WHERE ${rowsOf('NEW.external_id')};
    END;
  `,
};
