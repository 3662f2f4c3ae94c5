import type { Migration } from '../migrate';

/**
 * Who is running a batch, so only one runner sends its rows across processes (the app, a second
 * app, `dcdesk`). The owner is `host:pid:random`; its host and pid are kept apart so another
 * process on the same host can tell at once that the owner died, and the heartbeat (ms since the
 * epoch, renewed on a timer, never per row) tells any process when an owner stopped answering.
 * A batch without an owner, as every batch stored before this migration, is free to run.
 *
 * Numbered 6: number 5 belongs to another change; the runner applies migrations in order and
 * does not need them contiguous.
 */
export const batchLease: Migration = {
  version: 6,
  name: 'batch-lease',
  up: `
    ALTER TABLE batches ADD COLUMN lease_owner TEXT;
    ALTER TABLE batches ADD COLUMN lease_host TEXT;
    ALTER TABLE batches ADD COLUMN lease_pid INTEGER;
    ALTER TABLE batches ADD COLUMN lease_heartbeat_at INTEGER;
  `,
};
