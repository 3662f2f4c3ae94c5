import type { Migration } from '../migrate';

/**
 * The service's trace id of an upload it refused or failed (Problem `Extensions.traceId`), for
 * the support request that asks why: until now the ledger kept the messages and lost the id.
 * Uploads stored before have none (null), as the answer that carried it is gone.
 */
export const uploadTrace: Migration = {
  version: 22,
  name: 'upload-trace',
  up: `
    ALTER TABLE uploads ADD COLUMN trace_id TEXT;
  `,
};
