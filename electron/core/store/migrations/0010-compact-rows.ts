import type { Migration } from '../migrate';

/** `phone_split` of a row: the lengths of the country and city codes, as tens and units. */
const countryLength = 'phone_split / 10';
const cityLength = 'phone_split % 10';

/** The request's phone, rebuilt from the row's `phone` digits (country, city, number joined). */
const phoneObject = `CASE WHEN phone_split IS NOT NULL THEN json_object(
    'countryCode', substr(phone, 1, ${countryLength}),
    'cityCode', substr(phone, ${countryLength} + 1, ${cityLength}),
    'number', substr(phone, ${countryLength} + ${cityLength} + 1)) END`;

/**
 * The request of a row, read from the columns that already hold its normalised fields.
 * `json_patch` onto `{}` drops the members that are null, as the request leaves absent fields
 * out. A row stored with its request whole (before this migration, or one the columns cannot
 * rebuild; see `rowsRepo.insert`) keeps it; an invalid row has none.
 */
export const requestFromColumns = `CASE
    WHEN stored_request IS NOT NULL THEN stored_request
    WHEN status IS 'invalid' THEN NULL
    ELSE json_patch('{}', json_object('sessionID', session_id, 'externalID', external_id,
      'cpf', cpf, 'email', email, 'phone', ${phoneObject}, 'zipCode', zip_code)) END`;

/**
 * Smaller rows, for batches of a full Excel sheet (1,048,576 rows).
 *
 * Each row kept its request as JSON beside the columns that hold the same normalised fields:
 * about 220 of the row's 410 bytes, stored twice over. `request_json` becomes a virtual column
 * computed from those columns, so every query that reads it reads the same text without storing
 * it. The phone, whose column joins its three parts, keeps where they split (`phone_split`, one
 * byte). Rows stored before this migration keep their JSON in `stored_request`: nothing is
 * rewritten, so the migration is instant on any history.
 *
 * The pending-rows index covers only pending rows: the runner asks for nothing else, and a done
 * row (all of them, once a batch ends) no longer costs an index entry.
 */
export const compactRows: Migration = {
  version: 10,
  name: 'compact-rows',
  up: `
    ALTER TABLE batch_rows RENAME COLUMN request_json TO stored_request;
    ALTER TABLE batch_rows ADD COLUMN phone_split INTEGER CHECK (phone_split BETWEEN 0 AND 99);
    ALTER TABLE batch_rows ADD COLUMN request_json TEXT GENERATED ALWAYS AS (${requestFromColumns}) VIRTUAL;

    DROP INDEX batch_rows_pending;
    CREATE INDEX batch_rows_pending ON batch_rows (batch_id, seq) WHERE state = 'pending';
  `,
};
