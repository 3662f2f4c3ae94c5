import type { PauseReason } from '../store/batches.repo';
import type { toBatchCounts } from './progress';

/** How a run ended, as its caller sees it. */
export type RunEnd =
  | { state: 'finished'; counts: ReturnType<typeof toBatchCounts> }
  | {
      state: 'paused';
      counts: ReturnType<typeof toBatchCounts>;
      reason: PauseReason;
      message: string;
      /**
       * The pause could not be written (the disk is full): the history still says `running`, and
       * only this process knows why it stopped (see batch-views `unwritten`).
       */
      unwritten?: true;
    }
  | { state: 'cancelled'; counts: ReturnType<typeof toBatchCounts> }
  | {
      state: 'failed';
      counts: ReturnType<typeof toBatchCounts>;
      message: string;
      /** The run lost its batch: `taken` over by another process, or `deleted` from the history. */
      lost?: 'taken' | 'deleted';
    };

/** How a run ends; `lost`: another process took the batch over. */
export type How =
  | { kind: 'done' }
  | { kind: 'cancel' }
  | { kind: 'pause'; reason: PauseReason; message: string }
  | { kind: 'failed'; message: string }
  | { kind: 'lost' };

/** How a run that wrote its end ended, as the caller sees it. */
export function endOf(
  how: Exclude<How, { kind: 'lost' }>,
  counts: ReturnType<typeof toBatchCounts>,
): RunEnd {
  if (how.kind === 'done') return { state: 'finished', counts };
  if (how.kind === 'cancel') return { state: 'cancelled', counts };
  if (how.kind === 'pause')
    return { state: 'paused', counts, reason: how.reason, message: how.message };
  return { state: 'failed', counts, message: how.message };
}

/**
 * Why a run paused when the history's disk filled up (SQLITE_FULL): not a crash, and nothing
 * stored before is lost, so the batch resumes once there is room.
 */
export const diskFullMessage =
  'The disk holding the history is full: free some space on it, then resume the batch. Every answer stored before was kept.';

/** The end of a run whose batch another process took over (see RunnerOptions.holds). */
export const lostMessage =
  'Another process took this batch over after this one stopped answering (the computer slept, or the disk stalled); it goes on there. Nothing more was stored here.';

/**
 * The end of a run whose batch is no longer in the history: its lease is gone with it, so the
 * lease check alone would read as a takeover and send the analyst to resume a batch that is not
 * there.
 */
export const deletedMessage =
  'The batch was deleted from the history while it ran (another process or program removed it): its answers went with it, and there is nothing to resume. Look the file up again as a new batch.';

/** How a run that lost its batch ended: `deleted` when the history no longer has it. */
export function lostEnd(counts: ReturnType<typeof toBatchCounts>, deleted: boolean): RunEnd {
  return deleted
    ? { state: 'failed', counts, message: deletedMessage, lost: 'deleted' }
    : { state: 'failed', counts, message: lostMessage, lost: 'taken' };
}
