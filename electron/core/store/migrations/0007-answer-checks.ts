import type { Migration } from '../migrate';

/** As `capped()` in service/body.ts cuts a raw copy: the first 4096 characters, marked when cut. */
const cappedSql = (column: string) => `CASE WHEN length(${column}) > 4096
  THEN substr(${column}, 1, 4096) || '… (' || length(${column}) || ' characters in all)'
  ELSE ${column} END`;

/**
 * Answers are checked against the interface (issue 11): a lookup keeps the known fields in
 * `result_json` and, for an answer that did not conform or carried fields the interface does not
 * name, a capped copy of its body in `raw_answer`.
 *
 * Older lookups kept unknown fields whole under `result_json.extra` (twenty 10 MB answers made a
 * 210 MB history). Those move into `raw_answer`, capped like a new raw copy, and leave
 * `result_json`. Only rows with something in `extra` are rewritten: every update re-runs the
 * insight index trigger, and an empty `extra` costs nothing worth a full rewrite.
 */
export const answerChecks: Migration = {
  version: 7,
  name: 'answer-checks',
  up: `
    ALTER TABLE lookups ADD COLUMN raw_answer TEXT;
    UPDATE lookups
      SET raw_answer = ${cappedSql('result_json')},
          result_json = json_remove(result_json, '$.extra')
      WHERE json_valid(result_json)
        AND json_type(result_json, '$.extra') = 'object'
        AND json_extract(result_json, '$.extra') <> '{}';
  `,
};
