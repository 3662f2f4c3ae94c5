import type { Migration } from '../migrate';

/**
 * Answers from a custom address are kept apart from the environment whose credentials reached it.
 *
 * Until now `dcdesk --base-url URL` without `--env` recorded its batches as the sandbox: outcomes
 * of another server's answers then mixed with the embedded sandbox's, and went into its files.
 * `batches.custom_url` holds the address when it is not the environment's own, and
 * `batches.destination` (the custom URL, else the environment's name) is what outcomes, files and
 * the re-send guard are scoped by. The ledger's `uploads.environment` has no CHECK and stores the
 * destination itself.
 *
 * Existing rows: a sandbox batch whose address is not the embedded sandbox's ('embedded') was
 * answered by another server, so it becomes that address. Production and test batches keep their
 * environment: their address may be one the settings configured. Old ledger lines recorded no
 * address, so they keep theirs.
 */
export const customEndpoints: Migration = {
  version: 8,
  name: 'custom-endpoints',
  up: `
    ALTER TABLE batches ADD COLUMN custom_url TEXT CHECK (custom_url IS NULL OR custom_url LIKE '%://%');
    ALTER TABLE batches ADD COLUMN destination TEXT GENERATED ALWAYS AS (coalesce(custom_url, environment)) VIRTUAL;
    CREATE INDEX batches_destination ON batches (destination);
    UPDATE batches SET custom_url = rtrim(trim(base_url), '/')
      WHERE environment = 'sandbox' AND base_url <> 'embedded' AND base_url LIKE '%://%';
  `,
};
