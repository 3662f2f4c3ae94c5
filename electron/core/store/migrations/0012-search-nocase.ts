import type { Migration } from '../migrate';

/**
 * Search finds a row whatever the case of the ID typed: an analyst pastes `PED-001` from an
 * e-mail for `ped-001` in the spreadsheet, or a device ID in upper case from another tool.
 *
 * SQLite uses an index for `x = ? COLLATE NOCASE` only when the index has the same collation, so
 * each searched ID gets a NOCASE index. The existing BINARY ones stay: outcomes, reuse and
 * uploads join on the exact ID, and an outcome belongs to the transaction as the service knows
 * it. Numbered 12 because 10 and 11 were taken by work on other branches.
 */
export const searchNocase: Migration = {
  version: 12,
  name: 'search-nocase',
  up: `
    CREATE INDEX batch_rows_external_nocase ON batch_rows (external_id COLLATE NOCASE);
    CREATE INDEX batch_rows_session_nocase ON batch_rows (session_id COLLATE NOCASE);
    CREATE INDEX lookups_device_nocase ON lookups (device_id COLLATE NOCASE);
  `,
};
