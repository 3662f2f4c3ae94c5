/**
 * The rows of a new batch sent to the core slice by slice, after the batch screen has opened:
 * a full sheet never crosses as one message, so the window never stops for long, and the batch's
 * lookups start with its first slice. The sending outlives the Import screen (the analyst can
 * look elsewhere); a slice the core refuses stops it with the core's reason, to retry or to end.
 */
import type { StoredRows } from '../../../shared/contract/results';
import type { AppError, Result } from '../../../shared/result';

/**
 * Rows collected for a run, taken a slice at a time as JSON lines in a Blob of UTF-8, made by
 * the import worker (see shared/contract/source-rows.ts): the window passes it on as it is.
 */
export interface RowSource {
  readonly count: number;
  /** `count` rows from row `from` (0-based). */
  slice: (from: number, count: number) => Promise<Blob>;
  /** Done with the rows: the worker lets them go. */
  close: () => void;
}

/**
 * Rows per message: about 250 bytes a row as JSON, so a slice is about 500 kB, which the core
 * stores in one short transaction. The window's thread only passes the worker's Blob on (about
 * 1.5 ms over the web host; its JSON body built and fetched as text was 10 to 20 ms).
 */
export const rowsPerSlice = 2_000;

export type StoringState =
  | { state: 'storing'; stored: number; total: number }
  | { state: 'failed'; stored: number; total: number; error: AppError }
  | { state: 'done'; stored: number; total: number };

export type StoreRowsCall = (input: {
  batchId: string;
  after: number;
  rows: Blob;
  last: boolean;
}) => Promise<Result<StoredRows>>;

export interface RowStoringOptions {
  storeRows: StoreRowsCall;
  /** A batch's rows are all stored, or its storing stopped: what the core says of it changed. */
  onSettled: (batchId: string) => void;
  /** Lets the window paint and take input between slices. */
  pause?: () => Promise<void>;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** What the app knows of the batches it is sending rows for, as an external store for React. */
export function createRowStoring(options: RowStoringOptions) {
  const pause = options.pause ?? nextTask;
  const sources = new Map<string, RowSource>();
  let states: ReadonlyMap<string, StoringState> = new Map();
  const listeners = new Set<() => void>();

  function set(batchId: string, state: StoringState): void {
    const next = new Map(states);
    next.set(batchId, state);
    states = next;
    listeners.forEach((listener) => listener());
  }

  /** The worker holding the rows failed (a bug, or it ran out of memory): said as such. */
  function failed(error: unknown): AppError {
    return { code: 'internal', message: error instanceof Error ? error.message : String(error) };
  }

  /** Sends the rows after `stored`, reading the next slice while the core stores this one. */
  async function send(batchId: string, source: RowSource, stored: number): Promise<void> {
    const total = source.count;
    const take = (from: number) => source.slice(from, Math.min(rowsPerSlice, total - from));
    // The batch screen opens first, in a task of its own.
    await pause();
    let from = stored;
    let next = take(from);
    // Stopped (see stop) or sent again by a retry: this sending ends.
    while (from < total && sources.get(batchId) === source) {
      let rows: Blob;
      try {
        rows = await next;
      } catch (caught) {
        set(batchId, { state: 'failed', stored: from, total, error: failed(caught) });
        return;
      }
      const count = Math.min(rowsPerSlice, total - from);
      const last = from + count >= total;
      const storing = options.storeRows({ batchId, after: from, rows, last });
      if (!last) next = take(from + count);
      const answer = await storing;
      if (!answer.ok) {
        set(batchId, { state: 'failed', stored: from, total, error: answer.error });
        // The slice read ahead is dropped; a retry reads it again.
        next.catch(() => undefined);
        return;
      }
      // The core had more rows than this window thought (a slice sent twice): on from there.
      if (!last && answer.value.stored !== from + count) next = take(answer.value.stored);
      from = answer.value.stored;
      set(batchId, { state: last ? 'done' : 'storing', stored: from, total });
      await pause();
    }
    if (sources.get(batchId) !== source) return;
    sources.delete(batchId);
    source.close();
    options.onSettled(batchId);
  }

  return {
    /** Starts sending a batch's rows; its first `stored` rows came with the batch. */
    start(batchId: string, source: RowSource, stored: number): void {
      sources.set(batchId, source);
      set(batchId, { state: 'storing', stored, total: source.count });
      void send(batchId, source, stored);
    },
    /** After a failed slice: goes on from the last row the core stored. */
    retry(batchId: string): void {
      const source = sources.get(batchId);
      const current = states.get(batchId);
      if (!source || current?.state !== 'failed') return;
      set(batchId, { state: 'storing', stored: current.stored, total: current.total });
      void send(batchId, source, current.stored);
    },
    /** Stops sending (the batch keeps the rows stored, see batches.keepStoredRows). */
    stop(batchId: string): void {
      sources.get(batchId)?.close();
      sources.delete(batchId);
      const next = new Map(states);
      next.delete(batchId);
      states = next;
      listeners.forEach((listener) => listener());
      options.onSettled(batchId);
    },
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    snapshot: (): ReadonlyMap<string, StoringState> => states,
  };
}

export type RowStoring = ReturnType<typeof createRowStoring>;
