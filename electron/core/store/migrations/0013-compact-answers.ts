import type Database from 'better-sqlite3';
import type { Migration } from '../migrate';
import { requestFromColumns } from './0010-compact-rows';

/** A device risk as a number (as in 0003). */
const riskRank = (column: string) =>
  `CASE ${column} WHEN 'undefined' THEN 0 WHEN 'low' THEN 1 WHEN 'medium' THEN 2 WHEN 'high' THEN 3 END`;

/** An outcome as a number (as in 0009). */
const outcomeRank = (column: string) =>
  `CASE ${column} WHEN 'Suspeito' THEN 0 WHEN 'Fraude Confirmada' THEN 1 WHEN 'Device Positivado' THEN 2 WHEN 'Legítima' THEN 3 END`;

/**
 * The index entries of every row whose transaction id is exactly `id`, found through the NOCASE
 * index (the only one on `external_id` now): the exact comparison then keeps the exact id.
 */
const rowsOf = (id: string) =>
  `(batch_key, seq) IN (SELECT batch_key, seq FROM batch_rows
    WHERE external_id = ${id} COLLATE NOCASE AND external_id = ${id})`;

/**
 * A score as `JSON.stringify` writes it, when it can: the fewest of 15, 16 or 17 digits that SQLite
 * reads back as the same number. Where that differs from JavaScript's text (SQLite reads some
 * 16-digit texts loosely, and writes 1e-7 as 1e-07), the answer keeps its JSON whole: see
 * `resultFromColumns`.
 */
const numberText = (column: string) => `CASE WHEN ${column} IS NULL THEN 'null'
    WHEN CAST(printf('%.15g', ${column}) AS REAL) = ${column} THEN printf('%.15g', ${column})
    WHEN CAST(printf('%.16g', ${column}) AS REAL) = ${column} THEN printf('%.16g', ${column})
    ELSE printf('%.17g', ${column}) END`;

/**
 * The answer's JSON as `JSON.stringify` wrote it (the `InsightResult` keys in their order), put
 * together from the columns of a lookup, `p` being their prefix: the codes joined with spaces
 * (`insights`), the similar devices' scores and IDs as JSON lists, the similar device's own ID
 * being the answer's. Text only, no JSON function: nothing here can fail on odd data, it can only
 * give other text. NULL when the lookup has no codes column (no answer with content).
 */
export const resultFromColumns = (p: string) => `'{"deviceID":' || json_quote(${p}device_id)
    || ',"insights":' || CASE ${p}insights WHEN '' THEN '[]' ELSE '["' || replace(${p}insights, ' ', '","') || '"]' END
    || ',"alertQuantity":' || json_quote(${p}alert_quantity)
    || ',"deviceAge":' || json_quote(${p}device_age)
    || ',"deviceRisk":' || json_quote(${p}device_risk)
    || ',"score":' || ${numberText(`${p}score`)}
    || ',"smartID":' || json_quote(${p}smart_id)
    || ',"similarityResult":' || CASE WHEN ${p}similar_devices IS NULL THEN 'null'
      ELSE '{"deviceID":' || json_quote(${p}device_id) || ',"maximumScore":' || ${p}similar_scores
        || ',"similarDevices":' || ${p}similar_devices || '}' END
    || '}'`;

/** Copies a lookup's sortable fields to its row's index entry and lists its insight codes. */
const indexLookup = `
  UPDATE result_index SET risk = ${riskRank('NEW.device_risk')}, score = NEW.score,
    alert_quantity = NEW.alert_quantity, device_age = NEW.device_age
  WHERE batch_key = NEW.batch_key AND seq = NEW.seq;
  INSERT INTO insight_codes (code)
    SELECT min(j.value) FROM json_each(NEW.result_json, '$.insights') j
    WHERE j.type = 'text' AND j.value <> ''
      AND NOT EXISTS (SELECT 1 FROM insight_codes c WHERE c.code = j.value)
    GROUP BY j.value COLLATE NOCASE;
  INSERT INTO lookup_insights (batch_key, seq, code_id)
    SELECT DISTINCT NEW.batch_key, NEW.seq, c.id FROM json_each(NEW.result_json, '$.insights') j
    JOIN insight_codes c ON c.code = j.value
    WHERE j.type = 'text' AND j.value <> '';`;

const newTables = `
  CREATE TABLE batch_rows (
    batch_key      INTEGER NOT NULL REFERENCES batches (key) ON DELETE CASCADE,
    seq            INTEGER NOT NULL,
    source_row     INTEGER NOT NULL,
    external_id    TEXT,
    session_id     TEXT,
    cpf            TEXT,
    email          TEXT,
    phone          TEXT,
    zip_code       TEXT,
    stored_request TEXT,
    problems_json  TEXT,
    notes_json     TEXT,
    state          TEXT NOT NULL CHECK (state IN ('pending', 'in_flight', 'done')),
    status         TEXT CHECK (status IN ('ok', 'no_content', 'invalid', 'rejected', 'failed')),
    updated_at     TEXT NOT NULL,
    phone_split    INTEGER CHECK (phone_split BETWEEN 0 AND 99),
    request_json   TEXT GENERATED ALWAYS AS (${requestFromColumns}) VIRTUAL,
    PRIMARY KEY (batch_key, seq),
    CHECK ((state = 'done') = (status IS NOT NULL))
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE lookups (
    batch_key       INTEGER NOT NULL,
    seq             INTEGER NOT NULL,
    looked_up_at    TEXT NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('ok', 'no_content', 'rejected', 'failed')),
    http_status     INTEGER,
    error_code      TEXT,
    device_id       TEXT,
    device_risk     TEXT,
    score           REAL,
    alert_quantity  INTEGER,
    device_age      INTEGER,
    smart_id        TEXT,
    insights        TEXT,
    similar_scores  TEXT,
    similar_devices TEXT,
    stored_result   TEXT,
    messages_json   TEXT,
    attempts        INTEGER NOT NULL CHECK (attempts >= 1),
    duration_ms     INTEGER,
    raw_answer      TEXT,
    result_json     TEXT GENERATED ALWAYS AS (CASE WHEN stored_result IS NOT NULL THEN stored_result
      ELSE ${resultFromColumns('')} END) VIRTUAL,
    PRIMARY KEY (batch_key, seq),
    FOREIGN KEY (batch_key, seq) REFERENCES batch_rows (batch_key, seq) ON DELETE CASCADE
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE result_index (
    batch_key      INTEGER NOT NULL,
    seq            INTEGER NOT NULL,
    source_row     INTEGER NOT NULL,
    external_id    TEXT,
    status         TEXT NOT NULL CHECK (status IN ('pending', 'ok', 'no_content', 'invalid', 'rejected', 'failed')),
    risk           INTEGER CHECK (risk BETWEEN 0 AND 3),
    score          REAL,
    alert_quantity INTEGER,
    device_age     INTEGER,
    outcome        INTEGER CHECK (outcome BETWEEN 0 AND 3),
    PRIMARY KEY (batch_key, seq),
    FOREIGN KEY (batch_key, seq) REFERENCES batch_rows (batch_key, seq) ON DELETE CASCADE
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE insight_codes (
    id   INTEGER PRIMARY KEY,
    code TEXT NOT NULL UNIQUE COLLATE NOCASE
  ) STRICT;

  CREATE TABLE lookup_insights (
    batch_key INTEGER NOT NULL,
    seq       INTEGER NOT NULL,
    code_id   INTEGER NOT NULL,
    PRIMARY KEY (batch_key, seq, code_id),
    FOREIGN KEY (batch_key, seq) REFERENCES lookups (batch_key, seq) ON DELETE CASCADE
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE insight_counts (
    batch_key INTEGER NOT NULL,
    code_id   INTEGER NOT NULL,
    n         INTEGER NOT NULL CHECK (n >= 0),
    PRIMARY KEY (batch_key, code_id)
  ) STRICT, WITHOUT ROWID;`;

/** Each old row with its batch's key, batches in key order, rows in `seq` order. */
const keyed = (table: string, alias: string) =>
  `batches b CROSS JOIN ${table} ${alias} ON ${alias}.batch_id = b.id`;

const copyRows = `
  INSERT INTO batch_rows (batch_key, seq, source_row, external_id, session_id, cpf, email, phone, zip_code,
    stored_request, problems_json, notes_json, state, status, updated_at, phone_split)
  SELECT b.key, r.seq, r.source_row, r.external_id, r.session_id, r.cpf, r.email, r.phone, r.zip_code,
    r.stored_request, r.problems_json, r.notes_json, r.state, r.status, r.updated_at, r.phone_split
  FROM ${keyed('old_batch_rows', 'r')} ORDER BY b.key, r.seq;

  INSERT INTO lookups (batch_key, seq, looked_up_at, status, http_status, error_code, device_id, device_risk,
    score, alert_quantity, device_age, smart_id, insights, similar_scores, similar_devices, stored_result,
    messages_json, attempts, duration_ms, raw_answer)
  SELECT v.batch_key, v.seq, v.looked_up_at, v.status, v.http_status, v.error_code, v.device_id, v.device_risk,
    v.score, v.alert_quantity, v.device_age, v.smart_id, v.insights, v.similar_scores, v.similar_devices,
    -- Kept whole unless the columns give back exactly its text; JSON null for the (never written)
    -- lookup with codes but no answer, whose columns would give one.
    CASE WHEN (${resultFromColumns('v.')}) IS v.old_json THEN NULL ELSE coalesce(v.old_json, 'null') END,
    v.messages_json, v.attempts, v.duration_ms, v.raw_answer
  FROM (
    SELECT b.key AS batch_key, l.*, l.result_json AS old_json,
      CASE WHEN json_valid(l.result_json) THEN l.result_json -> '$.similarityResult.maximumScore' END AS similar_scores,
      CASE WHEN json_valid(l.result_json) THEN l.result_json -> '$.similarityResult.similarDevices' END AS similar_devices
    FROM ${keyed('old_lookups', 'l')} ORDER BY b.key, l.seq
  ) v;

  INSERT INTO result_index (batch_key, seq, source_row, external_id, status, risk, score, alert_quantity,
    device_age, outcome)
  SELECT b.key, ri.seq, ri.source_row, ri.external_id, ri.status, ri.risk, ri.score, ri.alert_quantity,
    ri.device_age, ri.outcome
  FROM ${keyed('old_result_index', 'ri')} ORDER BY b.key, ri.seq;

  -- One code per spelling without case, as the old codes compared; capitals first.
  INSERT INTO insight_codes (code)
  SELECT min(code COLLATE BINARY) FROM old_lookup_insights GROUP BY code ORDER BY 1;
  INSERT INTO lookup_insights (batch_key, seq, code_id)
  SELECT b.key, li.seq, c.id FROM ${keyed('old_lookup_insights', 'li')}
  JOIN insight_codes c ON c.code = li.code ORDER BY b.key, li.seq, c.id;
  INSERT INTO insight_counts (batch_key, code_id, n)
  SELECT batch_key, code_id, COUNT(*) FROM lookup_insights GROUP BY batch_key, code_id;`;

const indexesAndTriggers = `
  CREATE INDEX batch_rows_pending ON batch_rows (batch_key, seq) WHERE state = 'pending';
  CREATE INDEX batch_rows_external_nocase ON batch_rows (external_id COLLATE NOCASE);
  CREATE INDEX batch_rows_session_nocase ON batch_rows (session_id COLLATE NOCASE);
  CREATE INDEX batch_rows_cpf ON batch_rows (cpf);
  CREATE INDEX lookups_device_nocase ON lookups (device_id COLLATE NOCASE);

  CREATE INDEX result_index_row ON result_index (batch_key, source_row, seq);
  CREATE INDEX result_index_external ON result_index (batch_key, external_id, seq);
  CREATE INDEX result_index_status ON result_index (batch_key, status, seq);
  CREATE INDEX result_index_risk ON result_index (batch_key, risk, score, seq);
  CREATE INDEX result_index_score ON result_index (batch_key, score, seq);
  CREATE INDEX result_index_alerts ON result_index (batch_key, alert_quantity, seq);
  CREATE INDEX result_index_age ON result_index (batch_key, device_age, seq);
  CREATE INDEX result_index_outcome ON result_index (batch_key, outcome, seq);
  CREATE INDEX result_index_chart ON result_index (batch_key, status, risk, score, outcome, alert_quantity);
  CREATE INDEX lookup_insights_code ON lookup_insights (batch_key, code_id);

  CREATE TRIGGER batches_keyed AFTER INSERT ON batches WHEN NEW.key IS NULL BEGIN
    UPDATE batches SET key = (SELECT ifnull(max(key), 0) + 1 FROM batches) WHERE id = NEW.id;
  END;
  CREATE TRIGGER batch_rows_status_indexed AFTER UPDATE OF status ON batch_rows BEGIN
    UPDATE result_index SET status = COALESCE(NEW.status, 'pending')
    WHERE batch_key = NEW.batch_key AND seq = NEW.seq;
  END;
  CREATE TRIGGER lookups_indexed AFTER INSERT ON lookups BEGIN ${indexLookup} END;
  CREATE TRIGGER lookups_reindexed AFTER UPDATE ON lookups BEGIN
    DELETE FROM lookup_insights WHERE batch_key = OLD.batch_key AND seq = OLD.seq; ${indexLookup}
  END;
  CREATE TRIGGER lookups_unindexed AFTER DELETE ON lookups BEGIN
    UPDATE result_index SET risk = NULL, score = NULL, alert_quantity = NULL, device_age = NULL
    WHERE batch_key = OLD.batch_key AND seq = OLD.seq;
  END;
  CREATE TRIGGER insight_counts_add AFTER INSERT ON lookup_insights BEGIN
    INSERT INTO insight_counts (batch_key, code_id, n) VALUES (NEW.batch_key, NEW.code_id, 1)
      ON CONFLICT (batch_key, code_id) DO UPDATE SET n = n + 1;
  END;
  CREATE TRIGGER insight_counts_remove AFTER DELETE ON lookup_insights BEGIN
    UPDATE insight_counts SET n = n - 1 WHERE batch_key = OLD.batch_key AND code_id = OLD.code_id;
    DELETE FROM insight_counts WHERE batch_key = OLD.batch_key AND code_id = OLD.code_id AND n = 0;
  END;
  CREATE TRIGGER outcomes_indexed AFTER INSERT ON outcomes BEGIN
    UPDATE result_index SET outcome = ${outcomeRank('NEW.outcome')} WHERE ${rowsOf('NEW.external_id')};
  END;
  CREATE TRIGGER outcomes_reindexed AFTER UPDATE OF outcome, external_id ON outcomes BEGIN
    UPDATE result_index SET outcome = NULL WHERE ${rowsOf('OLD.external_id')};
    UPDATE result_index SET outcome = ${outcomeRank('NEW.outcome')} WHERE ${rowsOf('NEW.external_id')};
  END;
  CREATE TRIGGER outcomes_unindexed AFTER DELETE ON outcomes BEGIN
    UPDATE result_index SET outcome = NULL WHERE ${rowsOf('OLD.external_id')};
  END;`;

/** The tables whose rows are copied: each must have as many rows after as before. */
const copied = ['batch_rows', 'lookups', 'result_index', 'lookup_insights'];

function rowCounts(db: Database.Database): number[] {
  return copied.map((table) => db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number);
}

/**
 * A smaller history (issue 13): an answered row cost 2,069 bytes, about 29 B-tree entries each
 * carrying its batch's 20-character ID. Now:
 *
 * - `batches.key`, a small integer (unique, given by a trigger to every new batch), keys the rows
 *   of `batch_rows`, `lookups`, `result_index`, `lookup_insights` and `insight_counts` in place of
 *   `batch_id`; `batches.id` stays the batch's ID everywhere else. Those tables are WITHOUT ROWID:
 *   their primary key is their access path, so it is no longer a second B-tree beside the table.
 * - Insight codes are numbers from `insight_codes`, one per code without case, spelt as first
 *   seen (capitals first among spellings seen together): an entry of `lookup_insights`, and of
 *   its code index, is three small integers instead of the batch ID and the code's text. A row's
 *   own codes keep their spelling in `lookups.insights`.
 * - `lookups.result_json` is a virtual column put together from the columns that hold the same
 *   fields (`resultFromColumns`); the similar devices, which no column held, get two. A lookup
 *   whose JSON that does not give back byte for byte (keys the interface does not name, from before
 *   0007; a code with a space or a quote; a score SQLite writes otherwise) keeps it whole in
 *   `stored_result`. The runner decides the same way for each new answer (`rowsRepo.complete`).
 * - Indexes no query needs are gone: the BINARY copies of `batch_rows.external_id`,
 *   `batch_rows.session_id` and `lookups.device_id` (an exact lookup goes through the NOCASE index
 *   and then compares exactly: `exact-id.ts`), and `lookups_time` (nothing looks answers up by
 *   time: reuse and the recent-answers count find them by transaction ID).
 *
 * SQLite cannot change a table's key, so these tables are rebuilt: their triggers dropped, the old
 * tables renamed aside (their foreign keys follow the rename), the new ones made, the rows copied
 * in key order, the old tables dropped, then the indexes and triggers made again. The row counts
 * are compared before the old tables go: a row left behind fails the migration, and the backup
 * taken before it stays.
 */
export const compactAnswers: Migration = {
  version: 13,
  name: 'compact-answers',
  up: (db) => {
    const before = rowCounts(db);
    db.exec(`
      DROP TRIGGER batch_rows_status_indexed;
      DROP TRIGGER lookups_indexed;
      DROP TRIGGER lookups_reindexed;
      DROP TRIGGER lookups_unindexed;
      DROP TRIGGER insight_counts_add;
      DROP TRIGGER insight_counts_remove;
      DROP TRIGGER outcomes_indexed;
      DROP TRIGGER outcomes_reindexed;
      DROP TRIGGER outcomes_unindexed;

      ALTER TABLE batches ADD COLUMN key INTEGER;
      UPDATE batches SET key = rowid;
      CREATE UNIQUE INDEX batches_key ON batches (key);

      ALTER TABLE insight_counts RENAME TO old_insight_counts;
      ALTER TABLE lookup_insights RENAME TO old_lookup_insights;
      ALTER TABLE result_index RENAME TO old_result_index;
      ALTER TABLE lookups RENAME TO old_lookups;
      ALTER TABLE batch_rows RENAME TO old_batch_rows;
      ${newTables}
      ${copyRows}
    `);
    const after = rowCounts(db);
    const lost = copied.filter((_, index) => after[index] !== before[index]);
    // Only a row whose batch is missing (foreign keys were off when it lost it) has no key.
    if (lost.length > 0)
      throw new Error(
        `rows of ${lost.join(', ')} have no batch (${String(before)} rows before, ${String(after)} after)`,
      );
    db.exec(`
      DROP TABLE old_insight_counts;
      DROP TABLE old_lookup_insights;
      DROP TABLE old_result_index;
      DROP TABLE old_lookups;
      DROP TABLE old_batch_rows;
      ${indexesAndTriggers}
    `);
  },
};
