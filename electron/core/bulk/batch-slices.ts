import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '../store/db';
import { batchesRepo, type BatchRecord } from '../store/batches.repo';
import { rowsRepo } from '../store/rows.repo';
import { checkSettings, newBatchId, prepareRow, type NewBatchInput, type SourceRow } from './batch';
import { failureError, inlineRowWriter, type RowWriter } from './row-writes';

/** Rows stored before the first request: enough to keep every slot busy for a while. */
export const firstSliceRows = 10_000;
/**
 * Rows per later transaction: big enough to store fast, small enough to let answers in between,
 * and to keep the slice on its way to the writer thread (held twice meanwhile) a few MB.
 */
export const laterSliceRows = 5_000;

/**
 * Rows that can tell whether any is left before the next is asked for: the slice that takes the
 * last row marks the batch stored, so a batch whose rows are all in never waits on an empty slice
 * (a process stopped before it left the batch "incomplete" with every row stored).
 */
interface Rows extends Iterator<SourceRow> {
  ended(): boolean;
}

function lookingAhead(rows: Iterator<SourceRow>): Rows {
  let ahead: IteratorResult<SourceRow> | null = null;
  const next = () => {
    const taken = ahead ?? rows.next();
    ahead = null;
    return taken;
  };
  return {
    next,
    ended: () => {
      ahead ??= rows.next();
      return ahead.done === true;
    },
  };
}

/** The next `count` rows of `rows`, prepared; stops early at the end. */
function* slice(rows: Iterator<SourceRow>, count: number) {
  for (let taken = 0; taken < count; taken += 1) {
    const next = rows.next();
    if (next.done) return;
    yield prepareRow(next.value);
  }
}

export interface SlicedBatch {
  /** The batch, its first rows stored, marked `storing`. */
  batch: BatchRecord;
  /**
   * Stores the other rows, a slice per transaction, yielding to the event loop between slices
   * (a runner's answers are stored meanwhile), then marks the batch stored with its real total.
   * Slices go through `writer` when given (the run's, so they take turns with its writes).
   * Rejects when a slice cannot be stored: the rows stored so far stay, and the batch stays
   * `storing` (resumable with its file).
   */
  storeRest: (writer?: RowWriter) => Promise<number>;
}

/**
 * A batch stored slice by slice (issue 13): the first `firstSlice` rows in one transaction, so
 * its first request goes out at once, the rest while its lookups run. `total` is the count the
 * caller already knows (the file was walked to be checked), shown as the batch's size from the
 * start. Recent answers are never reused here: that reads the whole batch, so `createBatch` is
 * used for it.
 */
export function createBatchInSlices(
  db: Db,
  input: Omit<NewBatchInput, 'rows' | 'skipLookedUpWithinDays'> & {
    rows: Iterable<SourceRow>;
    total: number;
    /** Kept with the batch for its feeder, which reuses them once every row is in (batch-feed.ts). */
    skipRecentDays?: number;
    /**
     * More rows come after these from a window (batch-feed.ts), which says when the last has: the
     * batch stays `storing` after them. Otherwise `rows` are all the batch's rows.
     */
    rowsFollow?: boolean;
  },
  now = new Date(),
  firstSlice = firstSliceRows,
): SlicedBatch {
  const settings = checkSettings(input.settings ?? {});
  const id = newBatchId(now);
  const batches = batchesRepo(db);
  const rows = lookingAhead(input.rows[Symbol.iterator]());
  let stored = 0;
  db.transaction(() => {
    const at = now.toISOString();
    batches.insert(
      {
        id,
        sourceName: input.sourceName,
        sourceSha256: input.sourceSha256,
        environment: input.environment,
        baseUrl: input.baseUrl,
        customUrl: input.customUrl ?? null,
        settings,
        total: input.total,
        storing: true,
        ...(input.skipRecentDays === undefined ? {} : { skipRecentDays: input.skipRecentDays }),
      },
      at,
    );
    stored = rowsRepo(db).insert(id, slice(rows, firstSlice), at);
    if (input.rowsFollow !== true && rows.ended()) batches.storedAll(id, stored);
  }).immediate();
  const batch = batches.get(id);
  if (!batch) throw new Error(`Batch ${id} was not stored.`);
  return { batch, storeRest: (writer) => storeRows(db, id, rows, stored, writer) };
}

/**
 * Stores the rest of a batch whose first `stored` rows are stored, from `rows` (positioned after
 * them), then marks it stored; returns its total. Each slice is a transaction of `writer`: on this
 * thread by default, or on the run's writer thread, queued behind its writes rather than
 * competing with them for the file.
 */
export async function storeRows(
  db: Db,
  batchId: string,
  rows: Iterator<SourceRow>,
  stored: number,
  writer: RowWriter = inlineRowWriter(db),
): Promise<number> {
  const batches = batchesRepo(db);
  const left = lookingAhead(rows);
  let total = stored;
  while (batches.isStoring(batchId)) {
    await nextTurn();
    const part = [...slice(left, laterSliceRows)];
    const last = left.ended();
    const outcome = await writer.insert({
      batchId,
      rows: part,
      firstSeq: total + 1,
      at: new Date().toISOString(),
      total: last ? total + part.length : null,
    });
    if (outcome.kind === 'failed') throw failureError(outcome);
    total += part.length;
  }
  return total;
}
