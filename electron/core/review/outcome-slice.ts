import type { OutcomeChange } from '../../../shared/contract/outcomes';
import type { ReviewOutcome } from '../../../shared/domain/types';
import type { Db } from '../store/db';
import type { ReviewedRow } from '../store/outcomes.repo';
import { newChangeId } from '../store/change-id';
import type { ChangeSource } from '../store/trail.repo';
import { changeTimeAfterSql } from './change-time';

/** The rows of a slice, as `[transaction id, device]` pairs of the JSON array `@rows`. */
const sliceRows = `(SELECT value ->> 0 AS external_id, value ->> 1 AS device_id FROM json_each(@rows))`;

/** When a stored outcome differs from the one about to be put (as `outcomesRepo.put` decides). */
const differs = `(o.id IS NULL OR o.outcome IS NOT @outcome OR o.device_id IS NOT s.device_id
  OR o.set_by IS NOT NULL)`;

/** What a slice is written with: the outcome (null clears), who, when, from where. */
export interface SliceWrite {
  outcome: ReviewOutcome | null;
  analyst: string;
  now: string;
  source: ChangeSource;
}

/**
 * Outcomes written a set of rows at a time (issue 13): a slice of rows is three statements, its
 * trail lines, its outcomes and (through the triggers) its results-index entries, instead of four
 * statements and a UUID per row (330–480 µs a row at a million). It writes the trail line of each
 * changed transaction (who, when, the outcome before), none for a row that changes nothing; a
 * transaction id met again in the slice is written once (`write`). Run it inside the caller's
 * transaction.
 */
export function outcomeSlices(db: Db) {
  const destination = db.prepare<[string], string | null>(
    'SELECT destination FROM batches WHERE id = ?',
  );
  destination.pluck();
  // Each trail line's change ID, ordered by time as every other line's (`newChangeId`).
  db.function('new_change_id', { deterministic: false }, () => newChangeId());
  const setTrail = db.prepare(
    `INSERT INTO outcome_changes
       (change_id, environment, external_id, outcome, previous, analyst, at, source, origin, pushed)
     SELECT new_change_id(), @environment, s.external_id, @outcome, o.outcome, @analyst,
       ${changeTimeAfterSql('@now', 's.external_id', '@environment')}, @source, 'here', 0
     FROM ${sliceRows} s
     LEFT JOIN outcomes o ON o.external_id = s.external_id AND o.environment = @environment
     WHERE ${differs}`,
  );
  // A changed row's time is its trail line's, just written (a colleague's change it replaces may
  // be dated after this clock's now); a row left as it was is not updated.
  const put = db.prepare(
    `INSERT INTO outcomes (external_id, device_id, outcome, batch_id, set_at, environment, set_by)
     SELECT s.external_id, s.device_id, @outcome, @batchId,
       MAX(@now, COALESCE((SELECT MAX(t.at) FROM outcome_changes t
         WHERE t.external_id = s.external_id AND t.environment = @environment), '')),
       @environment, NULL
     FROM ${sliceRows} s WHERE true
     ON CONFLICT (external_id, environment) DO UPDATE SET device_id = excluded.device_id,
       outcome = excluded.outcome, batch_id = excluded.batch_id, set_at = excluded.set_at,
       set_by = excluded.set_by
     WHERE outcome IS NOT excluded.outcome OR device_id IS NOT excluded.device_id
       OR set_by IS NOT excluded.set_by`,
  );
  const clearTrail = db.prepare(
    `INSERT INTO outcome_changes
       (change_id, environment, external_id, outcome, previous, analyst, at, source, origin, pushed)
     SELECT new_change_id(), o.environment, o.external_id, NULL, o.outcome, @analyst,
       ${changeTimeAfterSql('@now', 'o.external_id', 'o.environment')}, @source, 'here', 0
     FROM json_each(@ids) j JOIN outcomes o ON o.external_id = j.value AND o.environment = @environment`,
  );
  const clear = db.prepare(
    `DELETE FROM outcomes WHERE environment = @environment
       AND external_id IN (SELECT value FROM json_each(@ids))`,
  );

  /** The environment of a batch's rows' outcomes: the batch's destination. */
  function environmentOf(batchId: string): string {
    const environment = destination.get(batchId);
    // Every stored batch has a destination (0008); a row read from a batch is of a stored one.
    if (environment === undefined || environment === null)
      throw new Error(`There is no batch ${batchId}.`);
    return environment;
  }

  /** Sets one outcome on rows (distinct ids, each with a device) of one batch; the rows changed. */
  function setAll(batchId: string, rows: Array<[string, string]>, write: SliceWrite): number {
    if (rows.length === 0) return 0;
    const environment = environmentOf(batchId);
    const params = { rows: JSON.stringify(rows), outcome: write.outcome, now: write.now };
    setTrail.run({ ...params, environment, analyst: write.analyst, source: write.source });
    return put.run({ ...params, batchId, environment }).changes;
  }

  /** Clears the outcomes of distinct ids in one environment; the outcomes removed. */
  function clearAll(environment: string, ids: string[], write: SliceWrite): number {
    if (ids.length === 0) return 0;
    const params = { ids: JSON.stringify(ids), now: write.now, environment };
    clearTrail.run({ ...params, analyst: write.analyst, source: write.source });
    return clear.run(params).changes;
  }

  return {
    /**
     * Writes `write.outcome` on `rows` (any batches, in input order; nulls skipped) and counts
     * what it changed and what it left: rows without a transaction id, and, when setting, rows
     * whose answer named no device, and rows of a transaction a later row names with another
     * device (`otherDevice`): a transaction's outcome is of one device, the last row's, so an
     * earlier row of another device would be written only to be replaced, and shown as not
     * reviewed. Each transaction is written once.
     */
    write(rows: Array<ReviewedRow | null>, write: SliceWrite): OutcomeChange {
      const counts: OutcomeChange = {
        changed: 0,
        withoutTransactionId: 0,
        withoutDevice: 0,
        otherDevice: 0,
      };
      // A transaction is met again when a row of the same environment names it: an outcome is
      // of a transaction in one environment (migration 0020).
      const environments = new Map<string, string>();
      const keyOf = (row: ReviewedRow & { externalId: string }) => {
        let environment = environments.get(row.batchId);
        if (environment === undefined) {
          environment = environmentOf(row.batchId);
          environments.set(row.batchId, environment);
        }
        return { environment, key: `${environment}\u0000${row.externalId}` };
      };
      const reviewable: Array<ReviewedRow & { externalId: string }> = [];
      for (const row of rows) {
        if (row === null) continue;
        if (row.externalId === null) counts.withoutTransactionId += 1;
        else if (write.outcome !== null && row.deviceId === null) counts.withoutDevice += 1;
        else reviewable.push({ ...row, externalId: row.externalId });
      }
      // The device each transaction ends with: its last row's.
      const lastDevice = new Map<string, string | null>();
      for (const row of reviewable) lastDevice.set(keyOf(row).key, row.deviceId);
      const seen = new Set<string>();
      const byBatch = new Map<string, Array<[string, string]>>();
      const cleared = new Map<string, string[]>();
      for (const row of reviewable) {
        const { environment, key } = keyOf(row);
        if (write.outcome !== null && lastDevice.get(key) !== row.deviceId) {
          counts.otherDevice += 1;
          continue;
        }
        if (seen.has(key)) continue;
        seen.add(key);
        if (write.outcome === null) {
          const ids = cleared.get(environment) ?? [];
          ids.push(row.externalId);
          cleared.set(environment, ids);
        } else {
          const batch = byBatch.get(row.batchId) ?? [];
          batch.push([row.externalId, row.deviceId ?? '']);
          byBatch.set(row.batchId, batch);
        }
      }
      for (const [environment, ids] of cleared) counts.changed += clearAll(environment, ids, write);
      for (const [batchId, batchRows] of byBatch)
        counts.changed += setAll(batchId, batchRows, write);
      return counts;
    },
  };
}
