import type { Migration } from '../migrate';

/**
 * The analyst's "Skip recent lookups" choice, kept with a batch whose rows a window sends slice
 * by slice: its recent answers are reused once its last row is stored, which may be after a
 * restart, when the analyst keeps the rows stored ("Keep the stored rows"). Held in memory only
 * before, the choice was lost with the process. NULL: every row is sent.
 */
export const batchSkipRecent: Migration = {
  version: 17,
  name: 'batch-skip-recent',
  up: `
    ALTER TABLE batches ADD COLUMN skip_recent_days INTEGER CHECK (skip_recent_days > 0);
  `,
};
