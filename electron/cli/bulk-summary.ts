import { counted, pluralForm } from '../../shared/count-text';
import { formatCount } from '../../shared/spreadsheet/problem';
import type { RunEnd } from '../core/bulk/runner';
import { exitCodes, type ExitCode } from './io';
import { describeCounts } from './progress-view';
import { commandWord, shown } from './escape-text';

/**
 * A run's end counted over its batch's whole file: a run stopped while the file's rows were still
 * being stored counts only those stored, and dcdesk stores the rest before it exits.
 */
export function overFile(end: RunEnd, fileTotal: number | undefined): RunEnd {
  const { counts } = end;
  if (fileTotal === undefined || fileTotal <= counts.total) return end;
  const unstored = fileTotal - counts.total;
  return {
    ...end,
    counts: { ...counts, total: fileTotal, remaining: counts.remaining + unstored },
  };
}

/**
 * What `dcdesk bulk` says when a run ends, and its exit code: 0 every row answered, 4 finished
 * with rows that are invalid, rejected or failed, 5 stopped before the end, the README's "--resume
 * ID continues it": paused, cancelled, or its answers could not be stored (a full disk; the resume
 * works once there is space, as it does when the file's rows could not all be stored), and, with
 * no resume, taken over by another process that goes on with it. 1 when the batch was deleted
 * under the run: nothing is left to resume. Failed rows (no usable answer: none, a failure, or
 * one outside the interface) can be sent again, so the line that counts them says how.
 */
export function endOfRun(
  end: RunEnd,
  batchId: string,
  /** The --output words as they go in a printed command, quoted for the shell already. */
  output: string,
  /**
   * `file`: the input, as given again, when the batch lacks some of its rows (their storing
   * failed) and resumes only with it. `causeFirst`: the reason it stopped is this machine's (a
   * full disk), said before the counts so it is not read as one more pause.
   */
  how: { file?: string; causeFirst?: boolean } = {},
): { lines: string[]; code: ExitCode } {
  const { counts } = end;
  const lines = [
    `batch ${batchId}: ${formatCount(counts.done)} of ${counted(counts.total, 'row', 'rows')} done (${describeCounts(counts)}).`,
  ];
  const resume = `dcdesk bulk --resume ${batchId}${how.file === undefined ? '' : ` ${commandWord(how.file)}`} --output ${output}`;
  const retryLine =
    counts.failed > 0
      ? `${counted(counts.failed, 'row', 'rows')} failed (no usable answer: the service did not answer, failed, or answered outside its interface; the output says which); send ${pluralForm(counts.failed, { one: 'it', other: 'them' })} again with: ${resume} --retry-failed`
      : null;
  if (end.state === 'failed' && end.lost !== undefined) {
    // Nothing to resume here: the batch goes on in another process, or is no longer there.
    lines.push(`the batch stopped before its end: ${shown(end.message)}`);
    return { lines, code: end.lost === 'taken' ? exitCodes.stopped : exitCodes.failed };
  }
  if (end.state !== 'finished') {
    // The message may hold the service's or the history's words: kept on its one line.
    const why = end.state === 'cancelled' ? 'Cancelled.' : shown(end.message);
    const stopped = `the batch stopped before its end: ${why}`;
    if (how.causeFirst) lines.unshift(stopped);
    else lines.push(stopped);
    lines.push(`resume it with: ${resume}${counts.failed > 0 ? ' [--retry-failed]' : ''}`);
    if (retryLine) lines.push(retryLine);
    // A run whose results could not be stored stopped before its end and resumes with the line
    // above, like a pause: the cause, said first when it is this machine's, tells the two apart.
    return { lines, code: exitCodes.stopped };
  }
  if (retryLine) lines.push(retryLine);
  const unfixable = counts.invalid + counts.rejected;
  if (unfixable > 0)
    lines.push(
      `${counted(unfixable, 'row is', 'rows are')} invalid or ${pluralForm(unfixable, { one: 'was', other: 'were' })} rejected by the service: correct them in the spreadsheet (the output says why); sending them again would not change the answer.`,
    );
  return { lines, code: retryLine || unfixable > 0 ? exitCodes.rowProblems : exitCodes.ok };
}

/** The one JSON object `dcdesk bulk --json` prints on stdout when the run ends. */
export interface BulkJsonSummary {
  batch: string;
  /** The destination: the environment's name, or the custom address that answered instead. */
  environment: string;
  /** As `dcdesk batches` shows the batch afterwards (see `shownState`). */
  state: RunEnd['state'] | 'interrupted';
  total: number;
  counts: { ok: number; noContent: number; invalid: number; rejected: number; failed: number };
  output: string;
  exitCode: ExitCode;
}

/**
 * The run's end in the words `dcdesk batches` uses for the batch afterwards: a run paused as
 * interrupted (a signal, its reader gone) or stopped because its answers could not be stored
 * (its batch kept, resumable) is `interrupted`; one taken over or deleted `failed` here.
 */
function shownState(end: RunEnd): BulkJsonSummary['state'] {
  if (end.state === 'paused' && end.reason === 'interrupted') return 'interrupted';
  if (end.state === 'failed' && end.lost === undefined) return 'interrupted';
  return end.state;
}

export function jsonSummary(
  end: RunEnd,
  batchId: string,
  destination: string,
  output: string,
  exitCode: ExitCode,
): BulkJsonSummary {
  const { ok, noContent, invalid, rejected, failed, total } = end.counts;
  return {
    batch: batchId,
    environment: destination,
    state: shownState(end),
    total,
    counts: { ok, noContent, invalid, rejected, failed },
    output,
    exitCode,
  };
}
