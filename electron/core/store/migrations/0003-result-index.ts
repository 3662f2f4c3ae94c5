import type { Migration } from '../migrate';

/** A device risk as a number, so sorting by risk means by severity (not alphabetically). */
const riskRank = (column: string) =>
  `CASE ${column} WHEN 'undefined' THEN 0 WHEN 'low' THEN 1 WHEN 'medium' THEN 2 WHEN 'high' THEN 3 END`;

/** Copies a lookup's sortable fields to its row's index entry and lists its insight codes. */
const indexLookup = `
  UPDATE result_index SET risk = ${riskRank('NEW.device_risk')}, score = NEW.score,
    alert_quantity = NEW.alert_quantity, device_age = NEW.device_age
  WHERE batch_id = NEW.batch_id AND seq = NEW.seq;
  INSERT OR IGNORE INTO lookup_insights (batch_id, seq, code)
    SELECT NEW.batch_id, NEW.seq, value FROM json_each(NEW.result_json, '$.insights')
    WHERE type = 'text' AND value <> '';`;

/**
 * What the results table sorts and filters on, kept where SQLite can page through 100,000 rows in
 * a few milliseconds.
 *
 * `result_index` holds one narrow entry per input row (its status, and its answer's risk, score,
 * alerts and age), with one index per sortable column ending in `seq`, so a sorted page at any
 * offset is a walk along a covering index. Sorting `batch_rows LEFT JOIN lookups` instead cost
 * 120 to 240 ms per page on a 100,000-row batch, because the sort key lives in the optional table
 * and every page had to read and sort all of it.
 *
 * `lookup_insights` lists each answer's insight codes, one per entry, so the insight filter and
 * the top-insights chart use an index instead of parsing JSON. Codes compare without case.
 *
 * A new batch's entries are written with its rows, in one statement (`rowsRepo.insert`): a
 * per-row trigger on `batch_rows` made storing 100,000 rows take 8 s instead of 3 s. Everything
 * later is kept by triggers: status changes, and answers written by the runner, by reuse of
 * recent answers (INSERT … SELECT) or dropped by "re-run failed", whichever module writes them,
 * in the same transaction. Deleting a row or an answer removes its entries by cascade (an answer
 * replaced by INSERT OR REPLACE too). Existing rows are copied in here.
 */
export const resultIndex: Migration = {
  version: 3,
  name: 'result-index',
  up: `
    CREATE TABLE result_index (
      batch_id       TEXT NOT NULL,
      seq            INTEGER NOT NULL,
      source_row     INTEGER NOT NULL,
      external_id    TEXT,
      status         TEXT NOT NULL CHECK (status IN ('pending', 'ok', 'no_content', 'invalid', 'rejected', 'failed')),
      risk           INTEGER CHECK (risk BETWEEN 0 AND 3),
      score          REAL,
      alert_quantity INTEGER,
      device_age     INTEGER,
      PRIMARY KEY (batch_id, seq),
      FOREIGN KEY (batch_id, seq) REFERENCES batch_rows (batch_id, seq) ON DELETE CASCADE
    ) STRICT, WITHOUT ROWID;

    CREATE TABLE lookup_insights (
      batch_id TEXT NOT NULL,
      seq      INTEGER NOT NULL,
      code     TEXT NOT NULL COLLATE NOCASE,
      PRIMARY KEY (batch_id, seq, code),
      FOREIGN KEY (batch_id, seq) REFERENCES lookups (batch_id, seq) ON DELETE CASCADE
    ) STRICT, WITHOUT ROWID;

    INSERT INTO result_index (batch_id, seq, source_row, external_id, status, risk, score, alert_quantity, device_age)
      SELECT r.batch_id, r.seq, r.source_row, r.external_id, COALESCE(r.status, 'pending'),
        ${riskRank('l.device_risk')}, l.score, l.alert_quantity, l.device_age
      FROM batch_rows r LEFT JOIN lookups l ON l.batch_id = r.batch_id AND l.seq = r.seq;
    INSERT OR IGNORE INTO lookup_insights (batch_id, seq, code)
      SELECT l.batch_id, l.seq, j.value FROM lookups l, json_each(l.result_json, '$.insights') j
      WHERE l.result_json IS NOT NULL AND j.type = 'text' AND j.value <> '';

    CREATE INDEX result_index_row ON result_index (batch_id, source_row, seq);
    CREATE INDEX result_index_external ON result_index (batch_id, external_id, seq);
    CREATE INDEX result_index_status ON result_index (batch_id, status, seq);
    CREATE INDEX result_index_risk ON result_index (batch_id, risk, seq);
    CREATE INDEX result_index_score ON result_index (batch_id, score, seq);
    CREATE INDEX result_index_alerts ON result_index (batch_id, alert_quantity, seq);
    CREATE INDEX result_index_age ON result_index (batch_id, device_age, seq);
    CREATE INDEX lookup_insights_code ON lookup_insights (batch_id, code);

    CREATE TRIGGER batch_rows_status_indexed AFTER UPDATE OF status ON batch_rows BEGIN
      UPDATE result_index SET status = COALESCE(NEW.status, 'pending')
      WHERE batch_id = NEW.batch_id AND seq = NEW.seq;
    END;
    CREATE TRIGGER lookups_indexed AFTER INSERT ON lookups BEGIN ${indexLookup} END;
    CREATE TRIGGER lookups_reindexed AFTER UPDATE ON lookups BEGIN
      DELETE FROM lookup_insights WHERE batch_id = OLD.batch_id AND seq = OLD.seq; ${indexLookup}
    END;
    CREATE TRIGGER lookups_unindexed AFTER DELETE ON lookups BEGIN
      UPDATE result_index SET risk = NULL, score = NULL, alert_quantity = NULL, device_age = NULL
      WHERE batch_id = OLD.batch_id AND seq = OLD.seq;
    END;
  `,
};
