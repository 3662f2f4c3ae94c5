import { fail, ok, type Result } from '../../../shared/result';
import { messageOf } from '../../../shared/message-of';
import type { BatchRun } from '../bulk/runner';
import { historyFailureText } from '../local-failure';
import type { BatchRecord } from '../store/batches.repo';
import { isDiskFull } from '../store/disk-full';

/** What the batch service says of a batch's storing and of its start (batch-service.ts). */

/** A batch just created (or resumed with its file), running, and its rows' storing. */
export interface CreatedBatch {
  batch: BatchRecord;
  run: BatchRun;
  /**
   * Settles when every row is stored: with the batch's total, or with why the rest could not be
   * stored (the run is then interrupted; the rows stored so far stay).
   */
  stored: Promise<Result<number>>;
}

/** Stores the rest of a running batch's rows; a failure interrupts the run. */
export async function storedWhileRunning(
  store: () => Promise<number>,
  run: BatchRun,
  onFull: () => void,
): Promise<Result<number>> {
  try {
    return ok(await store());
  } catch (caught) {
    if (isDiskFull(caught)) onFull();
    // The run stops for this reason, not because the app closed: its message says so.
    const message = `The rest of the batch's rows could not be stored: ${historyFailureText(caught) ?? messageOf(caught)}`;
    run.interrupt(message);
    return fail('db', message);
  }
}

/**
 * Begins what is said when a batch was stored but its run could not start (its lease could not be
 * written on a full disk): the batch is there, and resuming it starts it.
 */
export function storedUnstarted(batch: BatchRecord): string {
  return `Batch ${batch.id} was stored, but could not start (it is kept: resume it once this is fixed)`;
}

/** Why a batch stopped while its rows were being stored cannot simply be resumed. */
export function storingMessage(batch: BatchRecord): string {
  return `Batch ${batch.id} stopped while its rows were being stored: not every row of ${batch.sourceName} is in it. Resume it with its file: dcdesk bulk --resume ${batch.id} FILE --output RESULTS (the rows already stored are not stored again).`;
}
