import type { Migration } from '../migrate';

/** Settings move into the history, so the app and the command line share them. */
export const settings: Migration = {
  version: 2,
  name: 'settings',
  up: `
    CREATE TABLE settings (
      key        TEXT PRIMARY KEY,
      value_json TEXT NOT NULL CHECK (json_valid(value_json)),
      updated_at TEXT NOT NULL
    ) STRICT;
  `,
};
