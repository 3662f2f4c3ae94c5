import type { Migration } from '../migrate';

/**
 * The trail's two pages in order, `(at, change_id)`, from an index each. The changes waiting to
 * be pushed were indexed by time alone, so a page read every change of its first time and sorted
 * them by ID: an outcomes spreadsheet applies all its rows at one time, and a push of a million
 * of them read the million again at each page of a thousand. The pulled changes waiting for a
 * device were indexed by transaction only, so each page of a retry sorted them all. Both indexes
 * are partial: they hold only what waits, which is nothing on most workstations.
 */
export const trailOrder: Migration = {
  version: 21,
  name: 'trail-order',
  up: `
    DROP INDEX outcome_changes_waiting;
    CREATE INDEX outcome_changes_waiting ON outcome_changes (at, change_id) WHERE pushed = 0;
    CREATE INDEX outcome_changes_unapplied_order ON outcome_changes (at, change_id)
      WHERE unapplied = 1;
  `,
};
