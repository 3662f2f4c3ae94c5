import type { Migration } from '../migrate';

/** An outcome as a number in the order of `outcomes` (the keys 1, 2, 3 of the review queue). */
const outcomeRank = (column: string) =>
  `CASE ${column} WHEN 'Suspeito' THEN 0 WHEN 'Fraude Confirmada' THEN 1 WHEN 'Device Positivado' THEN 2 END`;

/** The index entries of every row whose transaction id is `id`, found through `batch_rows_external`. */
const rowsOf = (id: string) =>
  `(batch_id, seq) IN (SELECT batch_id, seq FROM batch_rows WHERE external_id = ${id})`;

/**
 * Case review and the upload ledger.
 *
 * `upload_transactions` lists the rows each upload carried, so the re-send guard can find a
 * transaction already accepted by an environment and "unsent" can be answered by an index
 * lookup. The `uploads` table of 0001 already holds the file, its hash, the environment and the
 * status ('sent', 'refused', 'failed'); it gains the upload it re-sends (set to NULL when the
 * retention purge removes that older upload) and the service's messages.
 *
 * `result_index` gains the outcome of each row's transaction id, ranked, with its own
 * `(batch_id, outcome, seq)` index, so sorting and filtering the results table by review state
 * stays an index walk like every other column (migration 0003). Triggers on `outcomes` keep it in
 * step whoever writes an outcome; a new batch's entries take their outcome when they are written
 * (`rowsRepo.insert`). `outcomes.set_at` is indexed for the retention purge.
 */
export const outcomesUploads: Migration = {
  version: 4,
  name: 'outcomes-uploads',
  up: `
    CREATE TABLE upload_transactions (
      upload_id   INTEGER NOT NULL REFERENCES uploads (id) ON DELETE CASCADE,
      external_id TEXT NOT NULL,
      device_id   TEXT NOT NULL,
      outcome     TEXT NOT NULL CHECK (outcome IN ('Suspeito', 'Fraude Confirmada', 'Device Positivado')),
      PRIMARY KEY (upload_id, external_id)
    ) STRICT, WITHOUT ROWID;
    CREATE INDEX upload_transactions_external ON upload_transactions (external_id);

    ALTER TABLE uploads ADD COLUMN resent_from INTEGER REFERENCES uploads (id) ON DELETE SET NULL;
    ALTER TABLE uploads ADD COLUMN messages_json TEXT CHECK (messages_json IS NULL OR json_valid(messages_json));
    -- 'sending' while the request is out (a line left so by a crash may have reached the service),
    -- else the error code of a failed upload (one that timed out may have reached it too).
    ALTER TABLE uploads ADD COLUMN error_code TEXT;
    CREATE INDEX uploads_environment ON uploads (environment, status);

    CREATE INDEX outcomes_set_at ON outcomes (set_at);

    ALTER TABLE result_index ADD COLUMN outcome INTEGER CHECK (outcome BETWEEN 0 AND 2);
    UPDATE result_index SET outcome =
      (SELECT ${outcomeRank('o.outcome')} FROM outcomes o WHERE o.external_id = result_index.external_id)
    WHERE external_id IN (SELECT external_id FROM outcomes);
    CREATE INDEX result_index_outcome ON result_index (batch_id, outcome, seq);
    -- The risk sort breaks ties by score (riskiest first in the review queue): one index walk.
    DROP INDEX result_index_risk;
    -- Sorting and filtering by risk and score read result_index since 0003: this index on every
    -- stored answer only slowed the writes down.
    DROP INDEX lookups_risk_score;
    CREATE INDEX result_index_risk ON result_index (batch_id, risk, score, seq);

    CREATE TRIGGER outcomes_indexed AFTER INSERT ON outcomes BEGIN
      UPDATE result_index SET outcome = ${outcomeRank('NEW.outcome')} WHERE ${rowsOf('NEW.external_id')};
    END;
    CREATE TRIGGER outcomes_reindexed AFTER UPDATE OF outcome, external_id ON outcomes BEGIN
      UPDATE result_index SET outcome = NULL WHERE ${rowsOf('OLD.external_id')};
      UPDATE result_index SET outcome = ${outcomeRank('NEW.outcome')} WHERE ${rowsOf('NEW.external_id')};
    END;
    CREATE TRIGGER outcomes_unindexed AFTER DELETE ON outcomes BEGIN
      UPDATE result_index SET outcome = NULL WHERE ${rowsOf('OLD.external_id')};
    END;
  `,
};
