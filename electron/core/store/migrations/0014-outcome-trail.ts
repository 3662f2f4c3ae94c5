import type { Migration } from '../migrate';

/**
 * Who changed an outcome, when, from what, and from where (issue 17), and what a team shares.
 *
 * `outcome_changes` is the trail: one line per change, made here (`origin = 'here'`) or pulled
 * from the team database (`'team'`). It is written in the same transaction as the outcome, so
 * the trail and the outcomes can never disagree; the lines made here and not yet pushed are the
 * team's outbox (`pushed = 0`), and a workstation without a team keeps its trail all the same.
 * The change ID (a UUID made here) is what makes a push repeated after a cut connection store
 * nothing twice.
 *
 * `outcomes` gains its environment (read from the batch whose answer gave the device, for the
 * outcomes stored before), so an outcome a colleague set on a transaction this workstation never
 * looked up has one; and who set it, when that was a colleague (null when it was set here).
 *
 * `uploads` gains who sent each file, for the ledger.
 *
 * `team_link` is the team database this workstation syncs with: its URL without the password
 * (which lives in the OS keychain), the cursor of the colleagues' changes already pulled and the
 * last sync, and the colleagues it has seen. At most one line.
 */
export const outcomeTrail: Migration = {
  version: 14,
  name: 'outcome-trail',
  up: `
    CREATE TABLE outcome_changes (
      change_id   TEXT PRIMARY KEY,
      environment TEXT NOT NULL,
      external_id TEXT NOT NULL,
      outcome     TEXT,
      previous    TEXT,
      analyst     TEXT NOT NULL,
      at          TEXT NOT NULL,
      source      TEXT NOT NULL CHECK (source IN ('key', 'bulk', 'spreadsheet', 'history')),
      origin      TEXT NOT NULL CHECK (origin IN ('here', 'team')),
      pushed      INTEGER NOT NULL DEFAULT 0 CHECK (pushed IN (0, 1)),
      -- A colleague's change not applied yet: no answer here or in the team named its device.
      unapplied   INTEGER NOT NULL DEFAULT 0 CHECK (unapplied IN (0, 1))
    ) STRICT;
    CREATE INDEX outcome_changes_unapplied ON outcome_changes (external_id) WHERE unapplied = 1;
    CREATE INDEX outcome_changes_transaction ON outcome_changes (external_id, at);
    CREATE INDEX outcome_changes_waiting ON outcome_changes (at) WHERE pushed = 0;

    ALTER TABLE outcomes ADD COLUMN environment TEXT;
    ALTER TABLE outcomes ADD COLUMN set_by TEXT;
    UPDATE outcomes SET environment = (SELECT destination FROM batches WHERE id = outcomes.batch_id);
    -- The outcomes set before the trail: one line each ('history'; the analyst is whoever syncs
    -- this workstation first), so a team connected later has them too.
    INSERT INTO outcome_changes (change_id, environment, external_id, outcome, previous, analyst, at, source, origin)
      SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2)
          || '-a' || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))),
        environment, external_id, outcome, NULL, '', set_at, 'history', 'here'
      FROM outcomes WHERE environment IS NOT NULL;

    ALTER TABLE uploads ADD COLUMN analyst TEXT;
    -- The upload's ID in the team's ledger once it is there (uploads sent before a team was
    -- connected are pushed to it, so a colleague's guard sees them).
    ALTER TABLE uploads ADD COLUMN team_upload TEXT;

    CREATE TABLE team_link (
      id              INTEGER PRIMARY KEY CHECK (id = 1),
      url             TEXT NOT NULL,
      cursor          INTEGER NOT NULL DEFAULT 0,
      last_sync_at    TEXT,
      last_error      TEXT,
      answers_pushed  TEXT NOT NULL DEFAULT '{}',
      colleagues      TEXT NOT NULL DEFAULT '[]',
      database_id     TEXT
    ) STRICT;
  `,
};
