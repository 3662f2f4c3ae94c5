import type { Migration } from '../migrate';

/**
 * The passed integrity checks of the history, so the next opening knows when the file was last
 * read end to end and can skip the check while there is no reason to doubt it (see integrity.ts).
 */
export const integrityChecks: Migration = {
  version: 5,
  name: 'integrity-checks',
  up: `
    CREATE TABLE integrity_checks (
      id          INTEGER PRIMARY KEY,
      checked_at  TEXT NOT NULL,
      reason      TEXT NOT NULL CHECK (reason IN ('unclean-shutdown', 'never-checked', 'scheduled')),
      duration_ms INTEGER NOT NULL CHECK (duration_ms >= 0)
    ) STRICT;
  `,
};
