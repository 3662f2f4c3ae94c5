import { cpfProblem, normaliseCpf } from '../../../shared/domain/cpf';
import { maskCpf } from '../../../shared/domain/mask';
import { fail, ok, type Result } from '../../../shared/result';
import { defaultLeaseTiming, leaseIsGone, leaseRepo, newLeaseOwner } from '../batches/batch-lease';
import { holderText } from '../batches/lease-claim';
import type { Db } from '../store/db';
import { maskCpfInUploads } from './upload-quotes';
import { countHistoryCopies, removeHistoryCopies } from '../store/copies';
import type { BatchDeletion, CpfErasure, PurgeReport } from '../../../shared/purge';
import {
  batchesHoldingCpf,
  countCpfOutcomes,
  countCpfRows,
  forgetCpf,
  purgeOlderThan,
  purgePreview,
  purgeWhenFree,
  type StorePurge,
} from '../store/retention';
import { batchDeletion, finishStoppedDeletions } from './batch-deletion';
import { unlessBusy } from '../store/busy';

/** What a data-subject request removes: input rows about the CPF, and whole history copies. */
export type ForgetReport = CpfErasure;

/**
 * The CPF as stored (11 digits), or a validation error saying why it is not one: a letter typed
 * for a digit (O for 0) is not a CPF, not one with wrong check digits.
 */
export function checkCpf(text: string): Result<string> {
  const digits = normaliseCpf(text);
  const problem = cpfProblem(digits);
  return problem === 'length' || problem === 'format'
    ? fail('validation', 'A CPF has 11 digits.')
    : ok(digits);
}

/**
 * A CPF whose check digits are wrong and that no row holds was almost surely mistyped: "removed 0
 * rows" would tell the analyst a person's data is gone while it is still there under the right
 * number. A wrong CPF that rows do hold (stored from a spreadsheet) is removed as asked.
 */
function mistypedText(cpf: string, rows: number): string | null {
  if (rows > 0 || cpfProblem(cpf) === null) return null;
  return `No row holds the CPF ${maskCpf(cpf)}, and its check digits are not valid: check it was typed right. Nothing was deleted.`;
}

/**
 * A batch whose file is not all stored (its storing stopped, or another process is storing it):
 * a purge cannot reach its rows still in the file, and resuming the batch would store them,
 * undoing the purge. The request is refused until the batch is stored to its end.
 */
function halfStoredText(db: Db): string | null {
  const id = db
    .prepare('SELECT id FROM batches WHERE storing = 1 ORDER BY created_at LIMIT 1')
    .pluck()
    .get() as string | undefined;
  if (id === undefined) return null;
  return `Batch ${id} has rows of its file not stored yet (its storing stopped before the end, or is still under way): a purge cannot reach them, and resuming the batch would store them again. Resume it to its end, then ask again. Nothing was deleted.`;
}

/**
 * A batch holding rows about the CPF that a live process is running (its lease judged as every
 * runner judges it): a row it has in flight, deleted, would fail the run when its answer is
 * stored, and the run counts its rows in memory. Refused until the batch is paused or ends.
 */
function runningText(db: Db, cpf: string): Result<never> | null {
  const leased = db
    .prepare<[], { id: string; key: number }>(
      'SELECT id, key FROM batches WHERE lease_owner IS NOT NULL',
    )
    .all();
  const self = newLeaseOwner();
  const now = Date.now();
  const holding = new Set(leased.length === 0 ? [] : batchesHoldingCpf(db, cpf));
  for (const batch of leased) {
    const lease = leaseRepo(db).get(batch.id);
    if (!lease || leaseIsGone(lease, self, now, defaultLeaseTiming)) continue;
    if (!holding.has(batch.key)) continue;
    return fail(
      'busy',
      `Batch ${batch.id} holds rows about that CPF and is running (${holderText(lease, now)}): pause it or wait for it to end, then ask again. Nothing was deleted.`,
    );
  }
  return null;
}

/**
 * A purge that removed a batch also deletes the older copies of the history: a copy taken at an
 * upgrade holds every batch of its day, and would keep a batch the retention says is gone.
 */
function withCopies(report: StorePurge, dataDir: string): PurgeReport {
  return { ...report, copies: report.batches > 0 ? removeHistoryCopies(dataDir) : 0 };
}

/**
 * The purge at an opening (the app's start, every dcdesk command), put off while another process
 * writes (see `purgeWhenFree`); null when it was. It also finishes the batch deletions a killed
 * or crashed process left half done (`finishStoppedDeletions`), counted with the batches it removed.
 */
export function purgeAtOpening(db: Db, dataDir: string, days: number): PurgeReport | null {
  const report = purgeWhenFree(db, days);
  if (report === null) return null;
  const finished = unlessBusy(db, () => finishStoppedDeletions(db));
  if (finished === null) return withCopies(report, dataDir);
  return withCopies(
    { ...report, batches: report.batches + finished.batches, rows: report.rows + finished.rows },
    dataDir,
  );
}

/**
 * What to tell the analyst after the purge at an opening, when it deleted older copies of the
 * history: an upgrade at the same opening has just said a copy is kept, and the copy is gone.
 */
export function openingPurgeNotice(report: PurgeReport | null): string | null {
  if (report === null || report.copies === 0) return null;
  const copies = report.copies === 1 ? '1 older copy' : `${String(report.copies)} older copies`;
  return `The batches past the retention period were deleted, and with them ${copies} of the history (a copy kept at an upgrade would still hold them).`;
}

/**
 * Retention, batch deletions and data-subject requests, the same for the app and `dcdesk`. Each
 * deletion of personal data also deletes the older copies of the history beside it (migration
 * backups and damaged files cannot be scrubbed of one person or one batch, so they go whole).
 */
export function privacyService({ db, dataDir }: { db: Db; dataDir: string }) {
  const deletion = batchDeletion(db);
  return {
    checkCpf,
    /** What `forget` would remove, removing nothing. */
    preview(cpf: string): Result<ForgetReport> {
      const halfStored = halfStoredText(db);
      if (halfStored) return fail('validation', halfStored);
      const running = runningText(db, cpf);
      if (running) return running;
      const rows = countCpfRows(db, cpf);
      const mistyped = mistypedText(cpf, rows);
      if (mistyped) return fail('validation', mistyped);
      const outcomes = countCpfOutcomes(db, cpf);
      return ok({ rows, outcomes, copies: countHistoryCopies(dataDir), wiped: true });
    },
    forget(cpf: string): Result<ForgetReport> {
      const halfStored = halfStoredText(db);
      if (halfStored) return fail('validation', halfStored);
      const running = runningText(db, cpf);
      if (running) return running;
      const mistyped = mistypedText(cpf, countCpfRows(db, cpf));
      if (mistyped) return fail('validation', mistyped);
      // First, so the wipe after the rows' removal takes the old answers' pages too.
      maskCpfInUploads(db, cpf);
      const { rows, outcomes, wiped } = forgetCpf(db, cpf);
      return ok({ rows, outcomes, copies: removeHistoryCopies(dataDir), wiped });
    },
    /** What `purgeOlderThan(days)` would delete now, deleting nothing. */
    purgePreview(days: number): PurgeReport {
      const report = purgePreview(db, days);
      return { ...report, copies: report.batches > 0 ? countHistoryCopies(dataDir) : 0 };
    },
    purgeOlderThan(days: number): PurgeReport {
      return withCopies(purgeOlderThan(db, days), dataDir);
    },
    /** What `deleteBatch` would remove, removing nothing. */
    batchPreview(batchId: string): Result<BatchDeletion> {
      const asked = deletion.preview(batchId);
      return asked.ok ? ok({ ...asked.value, copies: countHistoryCopies(dataDir) }) : asked;
    },
    /** One batch deleted (batch-deletion.ts), and the older copies of the history with it. */
    deleteBatch(batchId: string): Result<BatchDeletion> {
      const deleted = deletion.delete(batchId);
      return deleted.ok ? ok({ ...deleted.value, copies: removeHistoryCopies(dataDir) }) : deleted;
    },
  };
}

export type PrivacyService = ReturnType<typeof privacyService>;
