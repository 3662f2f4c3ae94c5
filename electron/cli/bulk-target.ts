/** Where `dcdesk bulk` writes its results: a file named by its extension, or standard output. */
import path from 'node:path';
import {
  outputKind,
  writeOutput,
  writeOutputStream,
  type OutputKind,
  type WrittenOutput,
} from '../core/bulk/output';
import { commandWord } from './escape-text';
import { UsageError } from './io';
import { terminalSafeStream } from './terminal-stream';
import { once } from 'node:events';

/** Where the results go: a file, whose extension names the format, or standard output (`-`). */
export interface Target {
  output: string;
  kind: OutputKind;
  /**
   * How the output is given again in a printed command: `-` needs its --format too, a path its
   * shell quotes.
   */
  arg: string;
}

export function targetOf(output: string | undefined, format: string | undefined): Target {
  if (!output) throw new UsageError('--output FILE is required (.json, .csv or .xlsx, or -).');
  if (output === '-') {
    const kind = outputKind(`.${format ?? ''}`);
    if (!kind || !format || !/^(json|csv|xlsx)$/.test(format))
      throw new UsageError('--output - (standard output) needs --format json, csv or xlsx.');
    // Refused before anything is sent: the run's answers would have nowhere to go.
    if (kind === 'xlsx' && process.stdout.isTTY)
      throw new UsageError(
        'An xlsx file is binary: it cannot be shown on a terminal. Redirect standard output to a file (> results.xlsx), or use --output FILE.xlsx.',
      );
    return { output, kind, arg: `- --format ${kind}` };
  }
  if (format !== undefined)
    throw new UsageError(
      "--format is for --output - only; a file's format comes from its extension.",
    );
  const kind = outputKind(output);
  if (!kind)
    throw new UsageError(
      `The output file must end in .json, .csv or .xlsx, not '${path.basename(output)}'.`,
    );
  return { output, kind, arg: commandWord(output) };
}

/**
 * Writes the results; standard output gets them and nothing else. A failure of standard output
 * (a full disk) comes as an event of the stream, not from the write: it fails the writing too.
 */
export function writeResults(
  target: Target,
  rows: Parameters<typeof writeOutput>[1],
): Promise<WrittenOutput> {
  if (target.output !== '-') return writeOutput(target.output, rows);
  if (process.stdout.isTTY) return writeToTerminal(target.kind, rows);
  return new Promise((resolve, reject) => {
    process.stdout.once('error', reject);
    writeOutputStream(target.kind, process.stdout, rows)
      .then(resolve, reject)
      .finally(() => process.stdout.off('error', reject));
  });
}

/** The results on a terminal (never xlsx: `targetOf`), cell text escaped (`terminalSafeStream`). */
async function writeToTerminal(
  kind: OutputKind,
  rows: Parameters<typeof writeOutput>[1],
): Promise<WrittenOutput> {
  const safe = terminalSafeStream();
  safe.pipe(process.stdout, { end: false });
  const written = await writeOutputStream(kind, safe, rows);
  safe.end();
  await once(safe, 'end');
  return written;
}

/**
 * The warning for an xlsx whose cells were too long for Excel (`writeXlsx` cut them where a list
 * item ends and marked them), with the command that writes everything; null when none were.
 */
export function cutCellsWarning(cutCells: number, where: string, batchId: string): string | null {
  if (cutCells === 0) return null;
  const cells = cutCells === 1 ? '1 cell' : `${String(cutCells)} cells`;
  return `dcdesk: warning: ${cells} of ${where} ${cutCells === 1 ? 'was' : 'were'} longer than the 32,767 characters an Excel cell holds: cut where a list item ends and marked "… (N more, see the CSV export)". For every item, write the results as CSV: dcdesk bulk --resume ${batchId} --output FILE.csv`;
}
