import Database from 'better-sqlite3';
import { messageOf } from '../../../shared/message-of';
import type { Db } from '../store/db';
import { waitWhileBusy } from '../store/busy';
import { batchesRepo } from '../store/batches.repo';
import type { PreparedRow } from '../store/prepared-row';
import { rowsRepo, type ClaimedRow, type RowResult } from '../store/rows.repo';

/**
 * One group commit of a run, in one transaction: finished rows stored and marked done, rows given
 * back to pending, and the next `claim` pending rows marked in flight.
 */
export interface RowWrite {
  batchId: string;
  done: RowResult[];
  back: number[];
  claim: number;
  /** The time written on the rows (ISO). */
  at: string;
}

/** Input rows of a batch stored slice by slice (issue 13), one transaction per slice. */
export interface RowSlice {
  batchId: string;
  rows: PreparedRow[];
  /** The number of the slice's first row. */
  firstSeq: number;
  at: string;
  /** The batch's total when this is its last slice: the batch is then marked stored. */
  total: number | null;
}

/**
 * A write that failed: its message and, when SQLite failed, SQLite's code (`SQLITE_FULL`…). The
 * code crosses the writer thread as data, as the error itself cannot, so the host can still say a
 * full disk or a read-only history in words (local-failure.ts) without reading SQLite's text.
 */
export interface WriteFailure {
  kind: 'failed';
  message: string;
  code?: string;
}

export type SliceOutcome = { kind: 'stored' } | WriteFailure;

export type RowWriteOutcome =
  | { kind: 'stored'; claimed: ClaimedRow[] }
  /** The batch's lease is another run's: nothing was written. */
  | { kind: 'lost' }
  | WriteFailure;

/** The failure of `caught`, keeping SQLite's code when it is SQLite's. */
export function writeFailure(caught: unknown, prefix = ''): WriteFailure {
  const message = `${prefix}${messageOf(caught)}`;
  return caught instanceof Database.SqliteError
    ? { kind: 'failed', message, code: caught.code }
    : { kind: 'failed', message };
}

/** The failure as an error again: SQLite's own kind when it carries SQLite's code. */
export function failureError(failure: WriteFailure): Error {
  return failure.code === undefined
    ? new Error(failure.message)
    : new Database.SqliteError(failure.message, failure.code);
}

/** Where a run's rows are written: on the run's own connection, or on a thread of its own. */
export interface RowWriter {
  write(step: RowWrite): Promise<RowWriteOutcome>;
  insert(slice: RowSlice): Promise<SliceOutcome>;
  /**
   * Tells `listener` true when the writes start waiting for the history's lock, held by another
   * process past the busy timeout, and false when they go on (busy.ts); returns the unsubscribe.
   */
  watchWaits(listener: (waiting: boolean) => void): () => void;
  /** Frees the writer; a write after it fails. */
  close(): void;
}

/** The listeners of a writer's waits, told together (`RowWriter.watchWaits`). */
export function waitListeners() {
  const listeners = new Set<(waiting: boolean) => void>();
  return {
    watch: (listener: (waiting: boolean) => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    tell: (waiting: boolean): void => {
      for (const listener of listeners) listener(waiting);
    },
  };
}

/** Thrown inside the write transaction when the lease is someone else's: nothing is written. */
class LeaseLost extends Error {}

/**
 * The writes of a run on `db`. `holds` is asked inside each step's transaction: a run whose lease
 * was taken over by another process writes nothing more. A write finding the history locked by
 * another process waits for it (`waitWhileBusy`, which tells `onWait`): a long write elsewhere
 * holds the batch up, it never stops it.
 */
export function rowWrites(
  db: Db,
  holds: () => boolean = () => true,
  onWait?: (waiting: boolean) => void,
) {
  const rows = rowsRepo(db);
  const batches = batchesRepo(db);
  return {
    async write(step: RowWrite): Promise<RowWriteOutcome> {
      try {
        const claimed = await waitWhileBusy(
          db,
          () =>
            db
              .transaction(() => {
                if (!holds()) throw new LeaseLost();
                rows.complete(step.batchId, step.done, step.at);
                rows.release(step.batchId, step.back, step.at);
                return rows.claim(step.batchId, step.claim, step.at);
              })
              .immediate(),
          onWait,
        );
        return { kind: 'stored', claimed };
      } catch (caught) {
        return caught instanceof LeaseLost ? { kind: 'lost' } : writeFailure(caught);
      }
    },
    async insert(slice: RowSlice): Promise<SliceOutcome> {
      try {
        await waitWhileBusy(
          db,
          () =>
            db
              .transaction(() => {
                rows.insert(slice.batchId, slice.rows, slice.at, slice.firstSeq);
                if (slice.total !== null) batches.storedAll(slice.batchId, slice.total);
              })
              .immediate(),
          onWait,
        );
        return { kind: 'stored' };
      } catch (caught) {
        return writeFailure(caught);
      }
    },
  };
}

/**
 * Writes on the caller's connection, holding its thread for each commit (and its fsync), and for
 * each attempt at a lock another process holds (never longer than one, see busy.ts).
 */
export function inlineRowWriter(db: Db, holds?: () => boolean): RowWriter {
  const waits = waitListeners();
  const writes = rowWrites(db, holds, waits.tell);
  let closed = false;
  const failed = { kind: 'failed', message: 'The row writer is closed.' } as const;
  return {
    write: (step) => (closed ? Promise.resolve(failed) : writes.write(step)),
    insert: (slice) => (closed ? Promise.resolve(failed) : writes.insert(slice)),
    watchWaits: waits.watch,
    close: () => {
      closed = true;
    },
  };
}
