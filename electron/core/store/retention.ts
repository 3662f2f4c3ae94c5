import { describeBounds, settingBounds, withinBounds } from '../../../shared/settings-bounds';
import type { PurgeReport } from '../../../shared/purge';
import {
  defaultLeaseTiming,
  leaseIsGone,
  type LeaseOwner,
  type LeaseTiming,
} from '../batches/batch-lease';
import type { Db } from './db';
import { rehomeOutcomes } from './outcome-rehome';
import { deleteRowsInSlices, deletionOwner, leaseForDeletion, type Slicing } from './row-slices';
import { unlessBusy } from './busy';
import { isDiskFull } from './disk-full';
import { cpfRowsSql } from './cpf-match';

export const defaultRetentionDays = 90;

/** What a purge removed from the history itself (the copies beside it are privacy-service's). */
export type StorePurge = Omit<PurgeReport, 'copies'>;

/**
 * Makes deleted personal data really gone: `secure_delete` (set at open) zeroes freed pages, and
 * a truncating checkpoint drops the old page copies the WAL still holds. False when it could not
 * (another connection reading an older snapshot keeps the WAL's frames, or the disk is full and
 * the file cannot take the WAL's pages back): the data stays in the WAL file until that reader
 * ends, or there is room, and a later checkpoint (every opening's purge) runs.
 */
export function scrub(db: Db): boolean {
  let results: Array<{ busy: number; log: number; checkpointed: number }>;
  try {
    results = db.pragma('wal_checkpoint(TRUNCATE)') as typeof results;
  } catch (caught) {
    // What was deleted is deleted (committed); only its old copies wait for room.
    if (isDiskFull(caught)) return false;
    throw caught;
  }
  const [result] = results;
  // Not in WAL mode (a test's in-memory history): nothing is left behind in a log.
  if (result === undefined) return true;
  return result.busy === 0 && result.log === result.checkpointed;
}

/**
 * Batches old enough to go that may still be at work: unfinished (`ready`, `running`, `paused`,
 * interrupted) or with rows of their file still to store. They are kept whatever their age, as
 * are finished ones whose lease a live process holds (judged by `leaseIsGone`, the rule every
 * runner uses): a run of a million rows at a low rate lasts days, and an analyst who paused a
 * batch expects to resume it. Deleting either would lose rows the analyst was promised. Such a
 * batch goes at the first purge after it is finished or cancelled; the purge reports how many it
 * kept, so one left paused for good is seen, not silently held.
 */
function keptKeys(db: Db, cutoff: string, judge: LeaseJudge): number[] {
  const old = db
    .prepare<[string], LeasedBatch>(
      `SELECT key, state, storing, lease_owner, lease_host, lease_pid, lease_heartbeat_at
       FROM batches WHERE created_at < ?`,
    )
    .all(cutoff);
  return old
    .filter((batch) => {
      if (batch.storing === 1 || !['finished', 'cancelled'].includes(batch.state)) return true;
      // Leased by this purge to delete its rows slice by slice (row-slices.ts): it goes.
      if (batch.lease_owner === judge.self.id) return false;
      const lease = {
        owner: batch.lease_owner,
        host: batch.lease_host,
        pid: batch.lease_pid,
        heartbeatAt: batch.lease_heartbeat_at,
      };
      return !leaseIsGone(lease, judge.self, judge.now, judge.timing);
    })
    .map((batch) => batch.key);
}

interface LeasedBatch {
  key: number;
  state: string;
  storing: 0 | 1;
  lease_owner: string | null;
  lease_host: string | null;
  lease_pid: number | null;
  lease_heartbeat_at: number | null;
}

/** Who judges the leases: this process, at `now` (ms), with the runners' own timing. */
interface LeaseJudge {
  self: LeaseOwner;
  now: number;
  timing: LeaseTiming;
}

/**
 * A transaction (by its external ID) in an environment that a batch of that destination kept by
 * the purge holds (an outcome, an upload and a trail line are of one environment: migration
 * 0020). After the old batches are deleted, the batches created before the cutoff are exactly the
 * kept ones. The NOCASE
 * comparison reaches `batch_rows_external_nocase`; the exact one keeps the match exact.
 */
const heldByKept = (externalId: string, environment: string) => `EXISTS (
  SELECT 1 FROM batch_rows r JOIN batches b ON b.key = r.batch_key
  WHERE r.external_id = ${externalId} COLLATE NOCASE AND r.external_id = ${externalId}
    AND b.destination = ${environment} AND b.created_at < @cutoff)`;

/** The cutoff of a purge of `days` at `now`, and who judges the leases; refuses a bad `days`. */
function purgeScope(days: number, now: Date, leases: { self?: LeaseOwner; timing?: LeaseTiming }) {
  if (!withinBounds(days, settingBounds.retentionDays))
    throw new RangeError(
      `Retention must be ${describeBounds(settingBounds.retentionDays)} days, not ${String(days)}.`,
    );
  const judge: LeaseJudge = {
    self: leases.self ?? deletionOwner,
    now: now.getTime(),
    timing: leases.timing ?? defaultLeaseTiming,
  };
  return { cutoff: new Date(now.getTime() - days * 86_400_000).toISOString(), judge };
}

/**
 * What `purgeOlderThan(db, days)` would delete now, deleting nothing: the batches and their rows,
 * and the older batches it would keep. The window asks with these numbers before a purge.
 */
export function purgePreview(
  db: Db,
  days: number,
  now = new Date(),
  leases: { self?: LeaseOwner; timing?: LeaseTiming } = {},
): StorePurge {
  const { cutoff, judge } = purgeScope(days, now, leases);
  const kept = keptKeys(db, cutoff, judge);
  const going = db
    .prepare<[string, string], { batches: number; rows: number }>(
      `SELECT COUNT(*) AS batches,
         COALESCE(SUM((SELECT COUNT(*) FROM batch_rows r WHERE r.batch_key = b.key)), 0) AS rows
       FROM batches b WHERE created_at < ? AND key NOT IN (SELECT value FROM json_each(?))`,
    )
    .get(cutoff, JSON.stringify(kept));
  return { batches: going?.batches ?? 0, rows: going?.rows ?? 0, kept: kept.length, wiped: true };
}

/**
 * Deletes batches older than `days` with their rows, results, uploads, outcomes and trail, except
 * the batches still at work (see `keptKeys`) and what belongs to their transactions. The batches
 * that go are leased to this purge first, then their rows are deleted in short transactions
 * (`slicing`): no other process waits for the lock longer than a slice, however big the batch.
 */
export function purgeOlderThan(
  db: Db,
  days: number,
  now = new Date(),
  leases: { self?: LeaseOwner; timing?: LeaseTiming } = {},
  slicing: Slicing = {},
): StorePurge {
  const { cutoff, judge } = purgeScope(days, now, leases);
  const going = db
    .transaction(() => {
      // Read under the write lock (IMMEDIATE): no runner takes a lease between this and the lease.
      const kept = JSON.stringify(keptKeys(db, cutoff, judge));
      const keys = db
        .prepare<[string, string], number>(
          `SELECT key FROM batches WHERE created_at < ?
           AND key NOT IN (SELECT value FROM json_each(?))`,
        )
        .pluck()
        .all(cutoff, kept);
      leaseForDeletion(db, keys, judge.self);
      return keys;
    })
    .immediate();
  let slicedRows = 0;
  for (const key of going) slicedRows += deleteRowsInSlices(db, key, judge.self, slicing);
  const report = db
    .transaction((): Omit<StorePurge, 'wiped'> => {
      // Read under the write lock (IMMEDIATE): no runner can take a lease between this and the delete.
      const kept = JSON.stringify(keptKeys(db, cutoff, judge));
      const goneKeys = `SELECT key FROM batches WHERE created_at < @cutoff
        AND key NOT IN (SELECT value FROM json_each(@kept))`;
      const rows =
        db
          .prepare<{ cutoff: string; kept: string }, { n: number }>(
            `SELECT COUNT(*) AS n FROM batch_rows WHERE batch_key IN (${goneKeys})`,
          )
          .get({ cutoff, kept })?.n ?? 0;
      rehomeOutcomes(db, goneKeys, { cutoff, kept });
      const batches = db
        .prepare(`DELETE FROM batches WHERE key IN (${goneKeys})`)
        .run({ cutoff, kept }).changes;
      // An outcome still naming its batch names a kept one (a deleted batch's are set to null).
      db.prepare(
        `DELETE FROM outcomes WHERE set_at < @cutoff AND batch_id IS NULL
         AND NOT ${heldByKept('outcomes.external_id', 'outcomes.environment')}`,
      ).run({ cutoff });
      db.prepare(
        `DELETE FROM uploads WHERE created_at < @cutoff AND NOT EXISTS (
           SELECT 1 FROM upload_transactions t WHERE t.upload_id = uploads.id
           AND ${heldByKept('t.external_id', 'uploads.environment')})`,
      ).run({ cutoff });
      // The trail goes with them once the team database has it; a change still waiting stays.
      db.prepare(
        `DELETE FROM outcome_changes WHERE at < @cutoff AND pushed = 1
         AND NOT ${heldByKept('outcome_changes.external_id', 'outcome_changes.environment')}`,
      ).run({ cutoff });
      // Codes no batch left holds: the dictionary is the history's codes, not every code ever seen.
      db.prepare(
        'DELETE FROM insight_codes WHERE id NOT IN (SELECT code_id FROM insight_counts)',
      ).run();
      const left = db
        .prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM batches WHERE created_at < ?')
        .get(cutoff);
      return { batches, rows: rows + slicedRows, kept: left?.n ?? 0 };
    })
    .immediate();
  return { ...report, wiped: scrub(db) };
}

/**
 * The purge at an opening (the app's start, every dcdesk command), done only when the history's
 * lock is free now: a command that only reads must not wait for, or fail on, another process's
 * write for a purge the next opening does as well. Null when it was put off.
 */
export function purgeWhenFree(db: Db, days: number): StorePurge | null {
  return unlessBusy(db, () => purgeOlderThan(db, days));
}

/**
 * How many reviews `forgetCpf` would remove, for a dry run: those of the CPF's transactions in
 * the environments of the batches holding them, also one set on another batch's row of the same
 * transaction (a row without the CPF, which stays).
 */
export function countCpfOutcomes(db: Db, cpf: string): number {
  const rows = cpfRowKeys(db, cpf);
  return (
    db
      .prepare<{ rows: string }, number>(
        forgetSql.outcomes.replace('DELETE FROM outcomes', 'SELECT COUNT(*) FROM outcomes'),
      )
      .pluck()
      .get({ rows }) ?? 0
  );
}

/** The CPF's rows as `forgetSql` reads them: a JSON array of `[batch_key, seq]`. */
function cpfRowKeys(db: Db, cpf: string): string {
  return JSON.stringify(
    db
      .prepare<{ cpf: string }, [number, number]>(`SELECT batch_key, seq FROM (${cpfRowsSql(db)})`)
      .raw()
      .all({ cpf }),
  );
}

/** How many rows `forgetCpf` would remove, for a dry run. */
export function countCpfRows(db: Db, cpf: string): number {
  return (
    db
      .prepare<{ cpf: string }, number>(`SELECT COUNT(*) FROM (${cpfRowsSql(db)})`)
      .pluck()
      .get({ cpf }) ?? 0
  );
}

/** The keys of the batches holding rows about the CPF (matched by its digits: cpf-match.ts). */
export function batchesHoldingCpf(db: Db, cpf: string): number[] {
  return db
    .prepare<{ cpf: string }, number>(`SELECT DISTINCT batch_key FROM (${cpfRowsSql(db)})`)
    .pluck()
    .all({ cpf });
}

/** The transactions of the rows `@rows` (a JSON array of `[batch_key, seq]`), each with its batch's environment. */
const aboutRows = `SELECT r.external_id AS external_id, b.destination AS environment
  FROM json_each(@rows) j
  JOIN batch_rows r ON r.batch_key = j.value ->> 0 AND r.seq = j.value ->> 1
  JOIN batches b ON b.key = r.batch_key`;

/**
 * The outcomes and trail lines of the rows a CPF request removes. An outcome and a trail line are
 * of a transaction in one environment (migration 0020): only those of the environments of the
 * batches that held the CPF go; the same transaction ID at another address is another case, maybe
 * another person. Each is found through its table's index by the rows' (ID, environment) pairs:
 * a correlated EXISTS read every outcome and, for each, the whole batch (over ten minutes at a
 * million reviewed rows).
 */
export const forgetSql = {
  outcomes: `DELETE FROM outcomes
    WHERE (external_id, environment) IN (SELECT external_id, environment FROM (${aboutRows}))`,
  trail: `DELETE FROM outcome_changes
    WHERE external_id IN (SELECT external_id FROM (${aboutRows}))
      AND (external_id, environment) IN (SELECT external_id, environment FROM (${aboutRows}))`,
};

/**
 * A data-subject request: removes every row, result and outcome about one CPF (11 digits), the
 * rows found by the CPF's digits however the cell was typed (cpf-match.ts). Returns how many
 * input rows and reviews were removed.
 */
export function forgetCpf(db: Db, cpf: string): { rows: number; outcomes: number; wiped: boolean } {
  const removed = db
    .transaction(() => {
      // Read once (the odd cells are a scan of the CPF index), then used by every delete below.
      const rows = cpfRowKeys(db, cpf);
      const outcomes = db.prepare(forgetSql.outcomes).run({ rows }).changes;
      // And who reviewed those transactions, when (the trail; the team database has no CPF).
      db.prepare(forgetSql.trail).run({ rows });
      // Each batch's total counts its rows: a batch that kept 8 of 9 says 8 of 8, not 8 of 9.
      db.prepare(
        `UPDATE batches SET total = total - gone.n
         FROM (SELECT j.value ->> 0 AS batch_key, COUNT(*) AS n FROM json_each(@rows) j
               GROUP BY j.value ->> 0) gone
         WHERE batches.key = gone.batch_key`,
      ).run({ rows });
      const gone = db
        .prepare(
          `DELETE FROM batch_rows WHERE (batch_key, seq) IN (
             SELECT j.value ->> 0, j.value ->> 1 FROM json_each(@rows) j)`,
        )
        .run({ rows }).changes;
      return { rows: gone, outcomes };
    })
    .immediate();
  return { ...removed, wiped: scrub(db) };
}
