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
import { deletingMark } from '../store/row-slices';
import { unlessBusy } from '../store/busy';
import { isDiskFull } from '../store/disk-full';

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
 * The purge at an opening, done or put off: while another process writes (`busy`), or while the
 * disk holding the history is full (`disk_full`). Either way the opening goes on: the analyst can
 * still read the history, export it, and delete a batch to make room.
 */
export type OpeningPurge = { done: PurgeReport } | { putOff: 'busy' | 'disk_full' };

/**
 * The purge at an opening (the app's start, every dcdesk command), put off while another process
 * writes (see `purgeWhenFree`) or while the disk is full. It also finishes the batch deletions a
 * killed or crashed process left half done (`finishStoppedDeletions`), counted with the batches
 * it removed.
 */
export function purgeAtOpening(db: Db, dataDir: string, days: number): OpeningPurge {
  let report: StorePurge | null;
  try {
    report = purgeWhenFree(db, days);
    if (report === null) return { putOff: 'busy' };
    const finished = unlessBusy(db, () => finishStoppedDeletions(db));
    if (finished !== null)
      report = {
        ...report,
        batches: report.batches + finished.batches,
        rows: report.rows + finished.rows,
      };
  } catch (caught) {
    // Each step is a transaction of its own: what one did not finish was rolled back whole.
    if (isDiskFull(caught)) return { putOff: 'disk_full' };
    throw caught;
  }
  return { done: withCopies(report, dataDir) };
}

/**
 * What to tell the analyst after the purge at an opening: when it deleted older copies of the
 * history (an upgrade at the same opening has just said a copy is kept, and the copy is gone), or
 * when a full disk put it off. A purge put off while another process writes says nothing: the
 * next opening does it.
 */
export function openingPurgeNotice(purge: OpeningPurge): string | null {
  if ('putOff' in purge) return purge.putOff === 'disk_full' ? openingOnFullDiskNotice : null;
  const report = purge.done;
  if (report.copies === 0) return null;
  const copies = report.copies === 1 ? '1 older copy' : `${String(report.copies)} older copies`;
  return `The batches past the retention period were deleted, and with them ${copies} of the history (a copy kept at an upgrade would still hold them).`;
}

/** Said at an opening on a full disk: what still works, and how to make room. */
export const openingOnFullDiskNotice =
  'The disk holding the history is full: the history can be read and exported, but nothing new can be saved in it, and the deletion of batches past the retention period was put off. Free some space on that disk (other files: deleting a batch needs a little room too, and frees room inside the history file, not on the disk).';

/**
 * Why a batch could not be deleted on a full disk, and how far it went: SQLite writes each change
 * down (in the history's write-ahead log, beside it) before making it, so even a deletion needs a
 * little room. One that stopped after its first slices is marked: the next opening with room
 * finishes it (`finishStoppedDeletions`).
 */
function deletionOnFullDiskText(db: Db, batchId: string): string {
  const mark = db
    .prepare<[string], string | null>('SELECT pause_reason FROM batches WHERE id = ?')
    .pluck()
    .get(batchId);
  const done =
    mark === deletingMark
      ? 'Its deletion had started: it is marked as being deleted, and the next start of the app or dcdesk command with room on the disk finishes it.'
      : 'Nothing was deleted.';
  return `Batch ${batchId} could not be deleted: the disk holding the history is full, and even a deletion needs a little room on it (the history writes each change down beside it before making it). ${done} Free some space on that disk (delete or move other files there), then try again.`;
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
      let deleted: Result<Omit<BatchDeletion, 'copies'>>;
      try {
        deleted = deletion.delete(batchId);
      } catch (caught) {
        if (!isDiskFull(caught)) throw caught;
        return fail('db', deletionOnFullDiskText(db, batchId));
      }
      return deleted.ok ? ok({ ...deleted.value, copies: removeHistoryCopies(dataDir) }) : deleted;
    },
  };
}

export type PrivacyService = ReturnType<typeof privacyService>;
