import type { Migration } from '../migrate';

/** The ranks of 0004 with `Legítima` after them: the keys 1 to 4 of the review queue. */
const outcomeRank = (column: string) =>
  `CASE ${column} WHEN 'Suspeito' THEN 0 WHEN 'Fraude Confirmada' THEN 1 WHEN 'Device Positivado' THEN 2 WHEN 'Legítima' THEN 3 END`;

/** The index entries of every row whose transaction id is `id` (as in 0004). */
const rowsOf = (id: string) =>
  `(batch_id, seq) IN (SELECT batch_id, seq FROM batch_rows WHERE external_id = ${id})`;

/**
 * `Legítima`: a transaction the analyst reviewed as legitimate, the negative label of the score
 * report. It is a local review state: the service has no such outcome, so it is never sent
 * (`upload_transactions` keeps its CHECK of three outcomes, a last guard against sending one).
 *
 * SQLite cannot alter a CHECK constraint, so `outcomes` and `result_index` are rebuilt: a new
 * table with the wider CHECK, the rows copied, the old one dropped and the new one renamed, then
 * their indexes and `outcomes`' triggers made again (dropping a table drops both). The triggers on
 * `batch_rows` and `lookups` that write `result_index` name it by name and keep working once the
 * new table carries it; `legacy_alter_table` lets the rename happen while they point at a table
 * that, for that moment, does not exist.
 */
export const legitimateReview: Migration = {
  version: 9,
  name: 'legitimate-review',
  up: `
    PRAGMA legacy_alter_table = ON;

    CREATE TABLE outcomes_next (
      id             INTEGER PRIMARY KEY,
      external_id    TEXT NOT NULL,
      device_id      TEXT,
      outcome        TEXT NOT NULL CHECK (outcome IN ('Suspeito', 'Fraude Confirmada', 'Device Positivado', 'Legítima')),
      batch_id       TEXT REFERENCES batches (id) ON DELETE SET NULL,
      set_at         TEXT NOT NULL,
      UNIQUE (external_id)
    ) STRICT;
    INSERT INTO outcomes_next (id, external_id, device_id, outcome, batch_id, set_at)
      SELECT id, external_id, device_id, outcome, batch_id, set_at FROM outcomes;
    DROP TABLE outcomes;
    ALTER TABLE outcomes_next RENAME TO outcomes;
    CREATE INDEX outcomes_set_at ON outcomes (set_at);

    CREATE TABLE result_index_next (
      batch_id       TEXT NOT NULL,
      seq            INTEGER NOT NULL,
      source_row     INTEGER NOT NULL,
      external_id    TEXT,
      status         TEXT NOT NULL CHECK (status IN ('pending', 'ok', 'no_content', 'invalid', 'rejected', 'failed')),
      risk           INTEGER CHECK (risk BETWEEN 0 AND 3),
      score          REAL,
      alert_quantity INTEGER,
      device_age     INTEGER,
      outcome        INTEGER CHECK (outcome BETWEEN 0 AND 3),
      PRIMARY KEY (batch_id, seq),
      FOREIGN KEY (batch_id, seq) REFERENCES batch_rows (batch_id, seq) ON DELETE CASCADE
    ) STRICT, WITHOUT ROWID;
    INSERT INTO result_index_next
      (batch_id, seq, source_row, external_id, status, risk, score, alert_quantity, device_age, outcome)
      SELECT batch_id, seq, source_row, external_id, status, risk, score, alert_quantity, device_age, outcome
      FROM result_index;
    DROP TABLE result_index;
    ALTER TABLE result_index_next RENAME TO result_index;
    CREATE INDEX result_index_row ON result_index (batch_id, source_row, seq);
    CREATE INDEX result_index_external ON result_index (batch_id, external_id, seq);
    CREATE INDEX result_index_status ON result_index (batch_id, status, seq);
    CREATE INDEX result_index_risk ON result_index (batch_id, risk, score, seq);
    CREATE INDEX result_index_score ON result_index (batch_id, score, seq);
    CREATE INDEX result_index_alerts ON result_index (batch_id, alert_quantity, seq);
    CREATE INDEX result_index_age ON result_index (batch_id, device_age, seq);
    CREATE INDEX result_index_outcome ON result_index (batch_id, outcome, seq);

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

    PRAGMA legacy_alter_table = OFF;
  `,
};
