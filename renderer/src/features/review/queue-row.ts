/** The queue's rows from either source, behind one shape; pure, so the reducer can use it. */
import type { ReviewTarget } from '../../../../shared/contract/outcomes';
import type { ResultRow } from '../../../../shared/contract/results';

/** A row of the queue and the batch it belongs to (a search's hits come from many). */
export interface QueueRow {
  batchId: string;
  row: ResultRow;
}

export interface QueueRows {
  /** Rows matching the filter; null until the first answer. */
  total: number | null;
  rowAt: (index: number) => QueueRow | undefined;
  /** Positions whose rows are loaded now (what "select all loaded" ticks). */
  loaded: () => number[];
  error: unknown;
}

export function targetOf(row: QueueRow): ReviewTarget {
  return { batchId: row.batchId, seq: row.row.seq };
}
