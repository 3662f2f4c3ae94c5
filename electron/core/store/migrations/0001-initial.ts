import type { Migration } from '../migrate';

/**
 * The first schema: batches, their input rows, one lookup result per row, outcomes and uploads.
 * Rows and results are separate tables: a row exists before anything is sent (so none is lost),
 * its result arrives later in the same transaction that marks it done.
 */
export const initial: Migration = {
  version: 1,
  name: 'initial',
  up: `
    CREATE TABLE batches (
      id            TEXT PRIMARY KEY,
      created_at    TEXT NOT NULL,
      updated_at    TEXT NOT NULL,
      source_name   TEXT NOT NULL,
      source_sha256 TEXT NOT NULL,
      environment   TEXT NOT NULL CHECK (environment IN ('production', 'test', 'sandbox')),
      base_url      TEXT NOT NULL,
      settings_json TEXT NOT NULL,
      state         TEXT NOT NULL CHECK (state IN ('ready', 'running', 'paused', 'finished', 'cancelled')),
      pause_reason  TEXT,
      pause_message TEXT,
      total         INTEGER NOT NULL CHECK (total >= 0),
      started_at    TEXT,
      finished_at   TEXT
    ) STRICT;
    CREATE INDEX batches_created ON batches (created_at);

    CREATE TABLE batch_rows (
      batch_id      TEXT NOT NULL REFERENCES batches (id) ON DELETE CASCADE,
      seq           INTEGER NOT NULL,
      source_row    INTEGER NOT NULL,
      external_id   TEXT,
      session_id    TEXT,
      cpf           TEXT,
      email         TEXT,
      phone         TEXT,
      zip_code      TEXT,
      request_json  TEXT,
      problems_json TEXT,
      notes_json    TEXT,
      state         TEXT NOT NULL CHECK (state IN ('pending', 'in_flight', 'done')),
      status        TEXT CHECK (status IN ('ok', 'no_content', 'invalid', 'rejected', 'failed')),
      updated_at    TEXT NOT NULL,
      PRIMARY KEY (batch_id, seq),
      CHECK ((state = 'done') = (status IS NOT NULL))
    ) STRICT;
    CREATE INDEX batch_rows_pending ON batch_rows (batch_id, state, seq);
    CREATE INDEX batch_rows_external ON batch_rows (external_id);
    CREATE INDEX batch_rows_session ON batch_rows (session_id);
    CREATE INDEX batch_rows_cpf ON batch_rows (cpf);

    CREATE TABLE lookups (
      batch_id       TEXT NOT NULL,
      seq            INTEGER NOT NULL,
      looked_up_at   TEXT NOT NULL,
      status         TEXT NOT NULL CHECK (status IN ('ok', 'no_content', 'rejected', 'failed')),
      http_status    INTEGER,
      error_code     TEXT,
      device_id      TEXT,
      device_risk    TEXT,
      score          REAL,
      alert_quantity INTEGER,
      device_age     INTEGER,
      smart_id       TEXT,
      insights       TEXT,
      result_json    TEXT,
      messages_json  TEXT,
      attempts       INTEGER NOT NULL CHECK (attempts >= 1),
      duration_ms    INTEGER,
      PRIMARY KEY (batch_id, seq),
      FOREIGN KEY (batch_id, seq) REFERENCES batch_rows (batch_id, seq) ON DELETE CASCADE
    ) STRICT;
    CREATE INDEX lookups_device ON lookups (device_id);
    CREATE INDEX lookups_time ON lookups (looked_up_at);
    CREATE INDEX lookups_risk_score ON lookups (device_risk, score);

    CREATE TABLE outcomes (
      id             INTEGER PRIMARY KEY,
      external_id    TEXT NOT NULL,
      device_id      TEXT,
      outcome        TEXT NOT NULL CHECK (outcome IN ('Suspeito', 'Fraude Confirmada', 'Device Positivado')),
      batch_id       TEXT REFERENCES batches (id) ON DELETE SET NULL,
      set_at         TEXT NOT NULL,
      UNIQUE (external_id)
    ) STRICT;

    CREATE TABLE uploads (
      id             INTEGER PRIMARY KEY,
      created_at     TEXT NOT NULL,
      file_name      TEXT NOT NULL,
      kind           TEXT NOT NULL CHECK (kind IN ('csv', 'zip')),
      rows           INTEGER NOT NULL,
      sha256         TEXT NOT NULL,
      environment    TEXT NOT NULL,
      status         TEXT NOT NULL CHECK (status IN ('sent', 'refused', 'failed')),
      http_status    INTEGER,
      answer_json    TEXT,
      file           BLOB NOT NULL
    ) STRICT;
    CREATE INDEX uploads_sha ON uploads (sha256);
  `,
};
