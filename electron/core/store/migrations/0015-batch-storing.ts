import type { Migration } from '../migrate';

/**
 * A batch whose rows are still being stored (issue 13). `dcdesk bulk` stores a first slice of a
 * big file and starts sending, then stores the rest slice by slice while the answers come in: the
 * first request goes in seconds instead of after a million rows. `storing` is 1 until the last
 * row is stored; a runner that runs out of rows meanwhile waits for more instead of finishing. A
 * process that dies while storing leaves it 1: the batch can be resumed only with its file, whose
 * rows after the stored ones are then stored (`dcdesk bulk --resume ID FILE`).
 */
export const batchStoring: Migration = {
  version: 15,
  name: 'batch-storing',
  up: `
    ALTER TABLE batches ADD COLUMN storing INTEGER NOT NULL DEFAULT 0 CHECK (storing IN (0, 1));
  `,
};
