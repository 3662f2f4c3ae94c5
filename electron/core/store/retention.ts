import { describeBounds, settingBounds, withinBounds } from '../../../shared/settings-bounds';
import type { PurgeReport } from '../../../shared/purge';
import type { Db } from './db';

export const defaultRetentionDays = 90;

export type { PurgeReport };

/**
 * Makes deleted personal data really gone: `secure_delete` (set at open) zeroes freed pages, and
 * a truncating checkpoint drops the old page copies the WAL still holds.
 */
function scrub(db: Db): void {
  db.pragma('wal_checkpoint(TRUNCATE)');
}

/** Deletes batches older than `days` with their rows, results, uploads, outcomes and trail. */
export function purgeOlderThan(db: Db, days: number, now = new Date()): PurgeReport {
  if (!withinBounds(days, settingBounds.retentionDays))
    throw new RangeError(
      `Retention must be ${describeBounds(settingBounds.retentionDays)} days, not ${String(days)}.`,
    );
  const cutoff = new Date(now.getTime() - days * 86_400_000).toISOString();
  const report = db
    .transaction(() => {
      const rows =
        db
          .prepare<[string], { n: number }>(
            'SELECT COUNT(*) AS n FROM batch_rows WHERE batch_key IN (SELECT key FROM batches WHERE created_at < ?)',
          )
          .get(cutoff)?.n ?? 0;
      const batches = db.prepare('DELETE FROM batches WHERE created_at < ?').run(cutoff).changes;
      db.prepare('DELETE FROM uploads WHERE created_at < ?').run(cutoff);
      db.prepare('DELETE FROM outcomes WHERE set_at < ?').run(cutoff);
      // The trail goes with them once the team database has it; a change still waiting stays.
      db.prepare('DELETE FROM outcome_changes WHERE at < ? AND pushed = 1').run(cutoff);
      // Codes no batch left holds: the dictionary is the history's codes, not every code ever seen.
      db.prepare(
        'DELETE FROM insight_codes WHERE id NOT IN (SELECT code_id FROM insight_counts)',
      ).run();
      return { batches, rows };
    })
    .immediate();
  scrub(db);
  return report;
}

/** How many rows `forgetCpf` would remove, for a dry run. */
export function countCpfRows(db: Db, cpf: string): number {
  const row = db.prepare('SELECT COUNT(*) AS n FROM batch_rows WHERE cpf = ?').get(cpf) as {
    n: number;
  };
  return row.n;
}

/**
 * A data-subject request: removes every row, result and outcome about one CPF (11 digits). Returns
 * how many input rows were removed.
 */
export function forgetCpf(db: Db, cpf: string): number {
  const removed = db
    .transaction(() => {
      db.prepare(
        'DELETE FROM outcomes WHERE external_id IN (SELECT external_id FROM batch_rows WHERE cpf = ?)',
      ).run(cpf);
      // And who reviewed those transactions, when (the trail; the team database has no CPF).
      db.prepare(
        'DELETE FROM outcome_changes WHERE external_id IN (SELECT external_id FROM batch_rows WHERE cpf = ?)',
      ).run(cpf);
      // Each batch's total counts its rows: a batch that kept 8 of 9 says 8 of 8, not 8 of 9.
      db.prepare(
        `UPDATE batches SET total = total - gone.n
         FROM (SELECT batch_key, COUNT(*) AS n FROM batch_rows WHERE cpf = ? GROUP BY batch_key) gone
         WHERE batches.key = gone.batch_key`,
      ).run(cpf);
      return db.prepare('DELETE FROM batch_rows WHERE cpf = ?').run(cpf).changes;
    })
    .immediate();
  scrub(db);
  return removed;
}
