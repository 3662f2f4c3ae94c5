import {
  emptyOutcomeSummary,
  type FileScope,
  type OutcomeChange,
  type OutcomeImportReport,
  type OutcomeImportResult,
  type OutcomeImportRow,
  type OutcomeSummary,
  type ReviewTarget,
} from '../../../shared/contract/outcomes';
import type { ResultFilter } from '../../../shared/contract/results';
import type { ResponseVariableRow, ReviewOutcome } from '../../../shared/domain/types';
import type { Destination } from '../../../shared/environment';
import type { Db } from '../store/db';
import { batchesRepo, refuseUnusable } from '../store/batches.repo';
import { outcomesRepo, type FileRowsCursor, type ReviewedRow } from '../store/outcomes.repo';
import { inSnapshot } from '../store/read-snapshot';
import { trailRepo, type ChangeSource } from '../store/trail.repo';
import { osAnalyst } from '../team/analyst';
import { fail, ok, type AppError, type Result } from '../../../shared/result';
import { messageOf } from '../../../shared/message-of';
import { isOutcome } from '../../../shared/outcomes/outcome-names';
import { responseCsv } from '../../../shared/outcomes/response-csv';
import { planImport, type ImportWrite } from './import-plan';
import { changeTime, changeTimeAfter } from './change-time';
import { outcomeSlices } from './outcome-slice';
import { sliceSizer } from './slice-sizer';
import { betweenSlices } from './slice-checkpoints';

/** Case review: outcomes set by hand, by filter or from a spreadsheet, and what to send. */
export interface ReviewService {
  /**
   * Sets (or, with null, clears) the outcome of some rows' transaction ids. Setting needs a
   * transaction id and a device (an `ok` answer); clearing only the transaction id. Rows that
   * lack them are counted and left; rows a batch does not have are skipped. A target whose batch
   * is not in the history (`no_batch`: deleted while a window showed it) or is being deleted
   * (`deleting`) fails the call: nothing is changed.
   */
  set(targets: ReviewTarget[], outcome: ReviewOutcome | null): Result<OutcomeChange>;
  /**
   * The same for every row of a batch that matches a results filter; with `expected`, only when
   * that many rows match (else `validation`, nothing changed). A filter may match most of a
   * million-row batch, minutes of writing: the rows are read and changed `sliceRows` matching
   * rows at a time in input order, each slice one transaction with its trail, with a turn of the
   * event loop between, so the main process keeps answering every window meanwhile; `progress`
   * hears of each slice. A failure stops at its slice: the slices before it stay changed.
   */
  setFiltered(
    batchId: string,
    filter: ResultFilter,
    outcome: ReviewOutcome | null,
    options?: SetFilteredOptions,
  ): Promise<Result<OutcomeChange>>;
  /**
   * What applying an outcomes spreadsheet would do; changes nothing. Ids are matched against the
   * batches of `environment`, whose devices the file for that environment will carry.
   */
  checkImport(rows: OutcomeImportRow[], environment: Destination): OutcomeImportReport;
  /** Applies the spreadsheet's new outcomes, and its conflicting ones when `replaceConflicts`. */
  applyImport(
    rows: OutcomeImportRow[],
    replaceConflicts: boolean,
    environment: Destination,
  ): OutcomeImportResult;
  /** Reviewed transactions per outcome, of one batch or all, and how many `environment` lacks. */
  summary(environment: Destination, batchId?: string): OutcomeSummary;
  /**
   * Reviewed transactions per destination whose answers gave their device, of one batch or all,
   * with an outcome a file carries (not Legítima): says why a file for one destination is empty
   * when the reviews were of another's answers.
   */
  reviewedBy(batchId?: string): Array<{ destination: Destination; count: number }>;
  /** How many of these transaction ids (not found in `environment`) other destinations' batches carry. */
  seenElsewhere(transactionIds: string[], environment: Destination): number;
  /**
   * How many rows `fileRows` gives for the same question, and the size of their CSV: exact for
   * values that need no quotes, the least it can be otherwise (quotes only add).
   */
  fileMeasure(
    environment: Destination,
    query: { batchId?: string; scope: FileScope },
  ): { count: number; csvBytes: number };
  /** The count alone (a zip's progress total): a pass that adds up no values, a third quicker. */
  fileMeasure(
    environment: Destination,
    query: { batchId?: string; scope: FileScope },
    size: false,
  ): { count: number };
  /**
   * Reviewed transactions as response-variable rows: those `environment` lacks, or all. Read
   * `sliceRows` at a time with a turn of the event loop between: a whole million-row batch
   * reviewed is seconds of reading.
   */
  fileRows(
    environment: Destination,
    query: { batchId?: string; scope: FileScope },
    options?: FileRowsOptions,
  ): Promise<ResponseVariableRow[]>;
}

/** How `ReviewService.fileRows` reads. */
export interface FileRowsOptions {
  /** Rows per slice (16,384 by default). */
  sliceRows?: number;
  /** After each slice: the rows read so far, and the slice (a file is built as they come). */
  progress?: (read: number, slice: ResponseVariableRow[]) => void;
  /**
   * False: the slices go to `progress` only and the answer is empty. A file built as the rows
   * come needs none of them afterwards, and a million rows held to the end were most of a
   * second of the collector's time.
   */
  collect?: boolean;
  /**
   * Read every slice in one read transaction (`inSnapshot`): the rows are the history as it was
   * when the reading began, so an outcome changed meanwhile is read once, not again at its new
   * time. Only on a connection nothing else uses while it reads (the task thread's, a command's).
   */
  snapshot?: boolean;
}

/** How a bulk outcome over a filter runs (see `ReviewService.setFiltered`). */
export interface SetFilteredOptions {
  /** The number of matching rows the analyst confirmed. */
  expected?: number;
  /**
   * Matching rows per slice, read in input order, fixed; by default slices are sized to take
   * about 50 ms each (`bulkSlices`).
   */
  sliceRows?: number;
  /** After each slice: the batch's rows gone through so far, and its last row. */
  progress?: (done: number, total: number) => void;
  /**
   * Checkpoints between slices instead of inside their commits (see `betweenSlices`): for a
   * connection of its own, on a thread of its own, where a checkpoint holds nobody.
   */
  ownCheckpoints?: boolean;
}

/**
 * A bulk outcome's slices: each one transaction holding the history's lock (and, on the core's
 * thread, the event loop), sized from the pace of the last to take about 50 ms, 1,024 matching
 * rows to start. Most of a slice's time is its results-index entries (the outcome's two indexes,
 * one ordered by score, so a page written per row) and the commit that writes those pages: on a
 * loaded 2-core machine 4,096 rows took 13 ms to read, 12 ms of trail, 61 ms of outcomes and
 * entries and 89 ms to commit.
 */
export const bulkSlices = { first: 1024, min: 128, max: 65_536, targetMs: 50 };

/** The header line of a response-variable CSV, in bytes (the same with either separator). */
const csvHeaderBytes = new TextEncoder().encode(responseCsv([], ',')).length;

/**
 * A bulk outcome refused at a slice (its batch deleted meanwhile): the first slice's refusal as
 * it is; a later one's says how far the outcome went, which the slices before keep.
 */
function stoppedAt(counts: OutcomeChange, error: AppError): Result<never> {
  if (counts.changed === 0) return { ok: false, error };
  return fail(
    error.code,
    `The outcome was set on ${String(counts.changed)} ${counts.changed === 1 ? 'row' : 'rows'}, then stopped: ${error.message}`,
  );
}

/** Resolves after the events waiting (other requests, I/O) have had their turn. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The review service over the history; synchronous, throws only SQLite errors. Every change is
 * written to the outcome trail in the same transaction, with `analyst()` as who made it.
 */
export function reviewService(db: Db, analyst: () => string = osAnalyst): ReviewService {
  const repo = outcomesRepo(db);
  const batches = batchesRepo(db);
  const trail = trailRepo(db);
  const slices = outcomeSlices(db);

  function fileMeasure(
    environment: Destination,
    query: { batchId?: string; scope: FileScope },
  ): { count: number; csvBytes: number };
  function fileMeasure(
    environment: Destination,
    query: { batchId?: string; scope: FileScope },
    size: false,
  ): { count: number };
  function fileMeasure(
    environment: Destination,
    { batchId, scope }: { batchId?: string; scope: FileScope },
    size = true,
  ): { count: number; csvBytes?: number } {
    const unsent = scope === 'unsent';
    if (!size) return { count: repo.fileCount(environment, batchId, unsent) };
    const { count, valueBytes } = repo.fileMeasure(environment, batchId, unsent);
    // Each line: its three values, two separators of one byte, and CR LF.
    return { count, csvBytes: csvHeaderBytes + valueBytes + 4 * count };
  }

  /**
   * Sets or clears one transaction's outcome in the environment of the batch `batchId` (its
   * destination) and writes the change to the trail; 1 if changed.
   */
  function setOne(
    externalId: string,
    batchId: string,
    set: { outcome: ReviewOutcome; deviceId: string } | null,
    now: string,
    source: ChangeSource,
  ): number {
    const environment = repo.destinationOf(batchId);
    if (environment === null) throw new Error(`There is no batch ${batchId}.`);
    const before = repo.current(externalId, environment);
    // After the latest change known of the transaction, a colleague's dated ahead of this clock.
    const at = changeTimeAfter(now, trail.latest(externalId, environment)?.at);
    const changed = set
      ? repo.put(externalId, set.deviceId, set.outcome, batchId, at)
      : repo.clear(externalId, environment);
    if (changed === 0) return 0;
    trail.recordHere({
      environment,
      externalId,
      outcome: set?.outcome ?? null,
      previous: before?.outcome ?? null,
      analyst: analyst(),
      at,
      source,
    });
    return changed;
  }

  /**
   * Applies one outcome to the rows `read` finds, in one transaction, a set at a time; refused
   * when one of `batchIds` is gone or being deleted. Asked in the same transaction as the write:
   * a deletion another process starts cannot come between (its outcomes would be removed by its
   * next step while the trail kept them).
   */
  const change = db.transaction(
    (
      batchIds: Iterable<string>,
      read: () => Array<ReviewedRow | null>,
      outcome: ReviewOutcome | null,
      source: ChangeSource,
    ): Result<OutcomeChange> => {
      for (const batchId of batchIds) {
        const refused = refuseUnusable(batchId, batches.get(batchId));
        if (refused) return refused;
      }
      return ok(slices.write(read(), { outcome, analyst: analyst(), now: changeTime(), source }));
    },
  );

  const write = db.transaction((writes: ImportWrite[]) => {
    const now = changeTime();
    let applied = 0;
    for (const { transactionId, deviceId, outcome, batchId } of writes)
      applied += setOne(transactionId, batchId, { outcome, deviceId }, now, 'spreadsheet');
    return applied;
  });

  const plan = (rows: OutcomeImportRow[], environment: Destination) =>
    planImport(rows, (id) => repo.known(id, environment));

  return {
    set: (targets, outcome) =>
      change.immediate(
        new Set(targets.map((target) => target.batchId)),
        () => targets.map((target) => repo.row(target.batchId, target.seq)),
        outcome,
        targets.length === 1 ? 'key' : 'bulk',
      ),
    async setFiltered(batchId, filter, outcome, options = {}) {
      const { expected, sliceRows, progress, ownCheckpoints = false } = options;
      const { count, lastSeq } = repo.filteredCount(batchId, filter);
      if (expected !== undefined && count !== expected)
        return fail(
          'stale',
          `The rows matching the filter changed: ${String(count)} now, ${String(expected)} when you confirmed. Nothing was changed; look again and confirm.`,
        );
      const sizer = sliceSizer(
        sliceRows === undefined
          ? bulkSlices
          : { first: sliceRows, min: sliceRows, max: sliceRows, targetMs: 0 },
      );
      const counts: OutcomeChange = {
        changed: 0,
        withoutTransactionId: 0,
        withoutDevice: 0,
        otherDevice: 0,
      };
      const checkpoints = ownCheckpoints ? betweenSlices(db) : null;
      try {
        let after = 0;
        for (;;) {
          let rows: ReviewedRow[] = [];
          let slice: Result<OutcomeChange>;
          const limit = sizer.size();
          const started = performance.now();
          try {
            slice = change.immediate(
              [batchId],
              () => (rows = repo.filtered(batchId, filter, { after, limit })),
              outcome,
              'bulk',
            );
          } catch (caught) {
            // The slices before this one stay changed: the analyst is told how far it went.
            return fail(
              'db',
              `The outcome was set on ${String(counts.changed)} ${counts.changed === 1 ? 'row' : 'rows'}, then stopped: ${messageOf(caught)}. The other rows keep their outcome; try again to set it on them.`,
            );
          }
          // A batch deleted between slices: the slices before stay changed, and it is said.
          if (!slice.ok) return stoppedAt(counts, slice.error);
          const tookMs = performance.now() - started;
          sizer.took(rows.length, tookMs);
          checkpoints?.after(tookMs);
          counts.changed += slice.value.changed;
          counts.withoutTransactionId += slice.value.withoutTransactionId;
          counts.withoutDevice += slice.value.withoutDevice;
          counts.otherDevice += slice.value.otherDevice;
          const last = rows.at(-1)?.seq ?? lastSeq;
          const done = rows.length < limit ? lastSeq : last;
          progress?.(done, lastSeq);
          if (done >= lastSeq) break;
          after = last;
          await nextTurn();
        }
      } finally {
        checkpoints?.end();
      }
      return ok(counts);
    },
    checkImport: (rows, environment) =>
      db.transaction(() => plan(rows, environment).report).deferred(),
    applyImport: (rows, replaceConflicts, environment) =>
      db
        .transaction(() => {
          const { writes, replacements } = plan(rows, environment);
          const applied = write(replaceConflicts ? [...writes, ...replacements] : writes);
          return { applied, keptConflicts: replaceConflicts ? 0 : replacements.length };
        })
        .immediate(),
    summary(environment, batchId) {
      const summary = emptyOutcomeSummary();
      for (const { destination, outcome, n, unsent } of repo.byDestination(environment, batchId)) {
        // `Legítima` is a local review state: never in a file, never waiting to be sent, so never
        // in the file's counts; the queue shows it reviewed, so it is counted apart.
        if (!isOutcome(outcome)) {
          if (destination === environment) summary.legitimate += n;
          continue;
        }
        if (destination !== environment) summary.elsewhere += n;
        else {
          summary.counts[outcome] = n;
          summary.total += n;
          summary.unsent += unsent;
        }
      }
      return summary;
    },
    reviewedBy: (batchId) => repo.reviewedBy(batchId),
    seenElsewhere: (transactionIds, environment) => repo.seenElsewhere(transactionIds, environment),
    fileMeasure,
    fileRows(environment, { batchId, scope }, options = {}) {
      const { sliceRows = 16_384, progress, snapshot = false, collect = true } = options;
      async function read(): Promise<ResponseVariableRow[]> {
        const rows: ResponseVariableRow[] = [];
        let done = 0;
        let after: FileRowsCursor | null = null;
        do {
          if (after) await nextTurn();
          const slice = repo.fileRows(environment, batchId, scope === 'unsent', {
            after,
            limit: sliceRows,
          });
          if (collect) for (const row of slice.rows) rows.push(row);
          done += slice.rows.length;
          progress?.(done, slice.rows);
          after = slice.next;
        } while (after);
        return rows;
      }
      return snapshot ? inSnapshot(db, read) : read();
    },
  };
}
