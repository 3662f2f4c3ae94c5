/** Batch types both sides need: the runner's events and the counts the UI shows. */

/** Why a batch stopped before its end; the runner sets it, the UI and CLI explain it. */
export type PauseReason =
  | 'user'
  | 'service_degraded'
  | 'configuration'
  | 'authentication'
  | 'interrupted'
  /** The disk holding the history filled up: the answers stored before are kept. */
  | 'disk_full'
  /** The history file was deleted or moved while the app had it open. */
  | 'history_gone'
  /** This process ran out of open files (too many requests at once for its limit). */
  | 'out_of_files';

/** Counts as the analyst sees them: done includes invalid rows, which never leave the machine. */
export interface BatchCounts {
  total: number;
  done: number;
  ok: number;
  noContent: number;
  invalid: number;
  rejected: number;
  failed: number;
  remaining: number;
}

export type BatchEvent =
  | { type: 'started'; batchId: string; counts: BatchCounts }
  | {
      type: 'progress';
      batchId: string;
      counts: BatchCounts;
      rowsPerSecond: number;
      etaSeconds: number | null;
      /**
       * The service asked to wait (HTTP 429 or 503 with Retry-After): its status and how many
       * seconds are left of the wait. Rows are sent again after it; absent once it is over.
       */
      serviceWait?: { status: number; seconds: number };
      /**
       * Another process (another dcdesk, or the app) holds the history's write lock past the busy
       * timeout: the answers wait to be stored, and the run goes on once it is free. Absent then.
       */
      historyWait?: true;
    }
  | { type: 'paused'; batchId: string; counts: BatchCounts; reason: PauseReason; message: string }
  | { type: 'cancelled'; batchId: string; counts: BatchCounts }
  | { type: 'finished'; batchId: string; counts: BatchCounts; elapsedMs: number }
  | { type: 'failed'; batchId: string; counts: BatchCounts; message: string };
