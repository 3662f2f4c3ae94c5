import type { Migration } from '../migrate';

/** A device risk as a number (as in 0003). */
const riskRank = (column: string) =>
  `CASE ${column} WHEN 'undefined' THEN 0 WHEN 'low' THEN 1 WHEN 'medium' THEN 2 WHEN 'high' THEN 3 END`;

/**
 * The numbers of the codes of one row joined with spaces, NULL when it has none: ascending, as
 * the primary key gives them (no ORDER BY: sorting cost the runner 8 µs an answer). The order
 * only decides how many sets there are, never a count: a set's rows go to each of its codes.
 */
const codesOf = (batchKey: string, seq: string) =>
  `(SELECT group_concat(code_id, ' ') FROM lookup_insights
    WHERE batch_key = ${batchKey} AND seq = ${seq})`;

/**
 * Copies a lookup's sortable fields to its row's index entry, lists its insight codes and gives
 * the entry the number of its set of codes (as 0013 did, with the set added).
 */
const indexLookup = `
  INSERT INTO insight_codes (code)
    SELECT min(j.value) FROM json_each(NEW.result_json, '$.insights') j
    WHERE j.type = 'text' AND j.value <> ''
      AND NOT EXISTS (SELECT 1 FROM insight_codes c WHERE c.code = j.value)
    GROUP BY j.value COLLATE NOCASE;
  INSERT INTO lookup_insights (batch_key, seq, code_id)
    SELECT DISTINCT NEW.batch_key, NEW.seq, c.id FROM json_each(NEW.result_json, '$.insights') j
    JOIN insight_codes c ON c.code = j.value
    WHERE j.type = 'text' AND j.value <> '';
  INSERT INTO insight_sets (codes)
    SELECT codes FROM (SELECT ${codesOf('NEW.batch_key', 'NEW.seq')} AS codes) WHERE codes IS NOT NULL
    ON CONFLICT (codes) DO NOTHING;
  UPDATE result_index SET risk = ${riskRank('NEW.device_risk')}, score = NEW.score,
    alert_quantity = NEW.alert_quantity, device_age = NEW.device_age,
    insight_set = (SELECT id FROM insight_sets WHERE codes = ${codesOf('NEW.batch_key', 'NEW.seq')})
  WHERE batch_key = NEW.batch_key AND seq = NEW.seq;`;

/**
 * The top insight codes of a filtered million-row batch in a fraction of a second (they took
 * 2 s): each results-index entry names the set of its answer's codes.
 *
 * `insight_sets` numbers each set of codes seen (the numbers of `insight_codes`, ascending, joined
 * with spaces); `result_index.insight_set` is the set of the row's answer (NULL: no codes, or no
 * answer). A million answers of the sandbox make 2,463 sets. The codes of the filtered rows are
 * then counted from the chart index alone (`result_index_chart`, which now holds the set): one
 * count per set, each set's count added to its codes. Joining the filtered rows to
 * `lookup_insights` instead looked up every row's codes apart, 280,000 B-tree searches for the
 * high-risk rows of a million.
 *
 * The set is given by the triggers that already write the entry's risk and score when an answer
 * is stored, replaced or removed: its codes were just listed, so finding its set reads those few
 * entries again: about 11 µs more SQLite CPU per stored answer (188 µs instead of 177, 20,000
 * sandbox answers stored 256 a commit without fsync), a few per cent of what the runner spends
 * on an answer. Existing entries are filled here: 19 s for a million answers on a loaded
 * 2-core machine.
 */
export const insightSets: Migration = {
  version: 16,
  name: 'insight-sets',
  up: `
    CREATE TABLE insight_sets (
      id    INTEGER PRIMARY KEY,
      codes TEXT NOT NULL UNIQUE
    ) STRICT;
    ALTER TABLE result_index ADD COLUMN insight_set INTEGER;

    CREATE TEMP TABLE row_codes AS
      SELECT batch_key, seq, group_concat(code_id, ' ' ORDER BY code_id) AS codes
      FROM lookup_insights GROUP BY batch_key, seq;
    INSERT INTO insight_sets (codes) SELECT DISTINCT codes FROM row_codes ORDER BY codes;
    UPDATE result_index SET insight_set = s.id
      FROM row_codes rc JOIN insight_sets s ON s.codes = rc.codes
      WHERE result_index.batch_key = rc.batch_key AND result_index.seq = rc.seq;
    DROP TABLE temp.row_codes;

    DROP INDEX result_index_chart;
    CREATE INDEX result_index_chart
      ON result_index (batch_key, status, risk, score, insight_set, outcome, alert_quantity);

    DROP TRIGGER lookups_indexed;
    DROP TRIGGER lookups_reindexed;
    DROP TRIGGER lookups_unindexed;
    CREATE TRIGGER lookups_indexed AFTER INSERT ON lookups BEGIN ${indexLookup} END;
    CREATE TRIGGER lookups_reindexed AFTER UPDATE ON lookups BEGIN
      DELETE FROM lookup_insights WHERE batch_key = OLD.batch_key AND seq = OLD.seq; ${indexLookup}
    END;
    CREATE TRIGGER lookups_unindexed AFTER DELETE ON lookups BEGIN
      UPDATE result_index SET risk = NULL, score = NULL, alert_quantity = NULL, device_age = NULL,
        insight_set = NULL
      WHERE batch_key = OLD.batch_key AND seq = OLD.seq;
    END;
  `,
};
