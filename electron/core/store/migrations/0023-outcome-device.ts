import type { Migration } from '../migrate';

/** An outcome as the number the results index sorts and filters by (as in 0018 and 0020). */
const outcomeRank = (column: string) =>
  `CASE ${column} WHEN 'Suspeito' THEN 0 WHEN 'Fraude Confirmada' THEN 1 WHEN 'Device Positivado' THEN 2 WHEN 'Legítima' THEN 3 END`;

/** The device the answer of row (`batchKey`, `seq`) named, NULL when it has no answer. */
const deviceOf = (batchKey: string, seq: string) =>
  `(SELECT device_id FROM lookups WHERE batch_key = ${batchKey} AND seq = ${seq})`;

/**
 * The index entries of every row whose transaction id is exactly `id` in a batch whose
 * destination is `environment` (as in 0020), optionally only those whose answer named `device`:
 * the NOCASE index finds the transaction's rows, each checked by its batch's key and its
 * lookup's primary key. A few reads per outcome, whatever the history holds.
 */
const rowsOf = (environment: string, id: string, device?: string) =>
  `(batch_key, seq) IN (SELECT batch_key, seq FROM batch_rows r
    WHERE external_id = ${id} COLLATE NOCASE AND external_id = ${id}
      AND (SELECT destination FROM batches WHERE key = r.batch_key) = ${environment}
      ${device === undefined ? '' : `AND ${deviceOf('r.batch_key', 'r.seq')} = ${device}`})`;

/**
 * The rank of the outcome of the entry's transaction in its batch's environment, when that
 * outcome names `device`: NULL otherwise.
 */
const rankFor = (batchKey: string, device: string) =>
  `(SELECT ${outcomeRank('o.outcome')} FROM outcomes o
    WHERE o.external_id = result_index.external_id
      AND o.environment = (SELECT destination FROM batches WHERE key = ${batchKey})
      AND o.device_id = ${device})`;

/**
 * An outcome is of the answer that was reviewed: `outcomes` keeps its transaction and the
 * device that answer named. The results index ranked it on every row of the transaction in its
 * environment, so when the same transactions were looked up again and the service named other
 * devices, the new rows showed, filtered and sorted as reviewed, and the report scored the label
 * with the new answer (a tester's AUC went from 0.723 to 0.396). Now a row's entry holds the rank
 * only when its answer named the outcome's device (`outcomeJoin` reads outcomes the same way).
 *
 * Existing ranks: led by the outcomes, each transaction's rows found along the NOCASE index of
 * IDs (as the triggers do), the entries of those whose answer named another device, or none,
 * cleared. A million rows with tens of thousands of outcomes are as many index seeks, no scan of
 * the index. Outcomes without a device (only from before devices were kept; no file carries
 * them) rank no row.
 *
 * The outcomes' triggers rank only rows with the outcome's device, and rank again when an
 * outcome moves to another device (a review of the newer answer). Rows are indexed before their
 * answer (`rowsRepo.insert`), so the lookups' own triggers give an entry its rank when its
 * answer is stored, replaced or removed: one seek in `outcomes` by its key per answer, and a
 * write only when the rank changes.
 */
export const outcomeDevice: Migration = {
  version: 23,
  name: 'outcome-device',
  up: `
    DROP TRIGGER outcomes_indexed;
    DROP TRIGGER outcomes_reindexed;
    DROP TRIGGER outcomes_moved;

    UPDATE result_index SET outcome = NULL
    WHERE outcome IS NOT NULL AND (batch_key, seq) IN (
      SELECT r.batch_key, r.seq FROM outcomes o
      CROSS JOIN batch_rows r ON r.external_id = o.external_id COLLATE NOCASE
        AND r.external_id = o.external_id
      WHERE (SELECT destination FROM batches WHERE key = r.batch_key) = o.environment
        AND coalesce(${deviceOf('r.batch_key', 'r.seq')} = o.device_id, 0) = 0);

    CREATE TRIGGER outcomes_indexed AFTER INSERT ON outcomes BEGIN
      UPDATE result_index SET outcome = ${outcomeRank('NEW.outcome')}
      WHERE ${rowsOf('NEW.environment', 'NEW.external_id', 'NEW.device_id')};
    END;
    CREATE TRIGGER outcomes_reindexed AFTER UPDATE OF outcome, device_id ON outcomes
      WHEN OLD.external_id IS NEW.external_id AND OLD.environment IS NEW.environment
        AND (OLD.outcome IS NOT NEW.outcome OR OLD.device_id IS NOT NEW.device_id) BEGIN
      UPDATE result_index SET outcome = NULL
      WHERE OLD.device_id IS NOT NEW.device_id
        AND ${rowsOf('OLD.environment', 'OLD.external_id', 'OLD.device_id')};
      UPDATE result_index SET outcome = ${outcomeRank('NEW.outcome')}
      WHERE ${rowsOf('NEW.environment', 'NEW.external_id', 'NEW.device_id')};
    END;
    CREATE TRIGGER outcomes_moved AFTER UPDATE OF external_id, environment ON outcomes
      WHEN OLD.external_id IS NOT NEW.external_id OR OLD.environment IS NOT NEW.environment BEGIN
      UPDATE result_index SET outcome = NULL WHERE ${rowsOf('OLD.environment', 'OLD.external_id')};
      UPDATE result_index SET outcome = ${outcomeRank('NEW.outcome')}
      WHERE ${rowsOf('NEW.environment', 'NEW.external_id', 'NEW.device_id')};
    END;

    CREATE TRIGGER lookups_outcome_indexed AFTER INSERT ON lookups
      WHEN NEW.device_id IS NOT NULL BEGIN
      UPDATE result_index SET outcome = ${rankFor('NEW.batch_key', 'NEW.device_id')}
      WHERE batch_key = NEW.batch_key AND seq = NEW.seq
        AND outcome IS NOT ${rankFor('NEW.batch_key', 'NEW.device_id')};
    END;
    CREATE TRIGGER lookups_outcome_reindexed AFTER UPDATE OF device_id ON lookups
      WHEN OLD.device_id IS NOT NEW.device_id BEGIN
      UPDATE result_index SET outcome = ${rankFor('NEW.batch_key', 'NEW.device_id')}
      WHERE batch_key = NEW.batch_key AND seq = NEW.seq
        AND outcome IS NOT ${rankFor('NEW.batch_key', 'NEW.device_id')};
    END;
    CREATE TRIGGER lookups_outcome_unindexed AFTER DELETE ON lookups BEGIN
      UPDATE result_index SET outcome = NULL
      WHERE batch_key = OLD.batch_key AND seq = OLD.seq AND outcome IS NOT NULL;
    END;
  `,
};
