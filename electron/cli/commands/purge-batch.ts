import { counted } from '../../../shared/count-text';
import type { BatchDeletion } from '../../../shared/purge';
import type { PrivacyService } from '../../core/privacy/privacy-service';
import { UsageError, exitCodes, reportError, type ExitCode, type Io } from '../io';
import { terminalText } from '../terminal-text';

/** How `dcdesk purge --batch` was asked to run. */
export interface BatchPurgeFlags {
  yes?: boolean;
  dryRun?: boolean;
  json?: boolean;
}

/** What deleting the batch removes, as a sentence's object. */
function what(rows: number, outcomes: number): string {
  const reviews = outcomes > 0 ? ` and ${counted(outcomes, 'review', 'reviews')} set on it` : '';
  return `${counted(rows, 'row', 'rows')} with their answers${reviews}`;
}

/** Reviews the team database already has: deleting the batch here does not withdraw them. */
function sharedText(shared: number): string {
  return `${counted(shared, 'review was', 'reviews were')} already shared with the team: the team database keeps them, and colleagues' files carry them. To withdraw them, clear their outcomes in the review screen before deleting the batch.`;
}

/** The older copies of the history a deletion deletes whole (they cannot be scrubbed). */
export function olderCopies(count: number): string {
  return `${counted(count, 'older copy', 'older copies')} of the history (backups or damaged files)`;
}

/**
 * Said when the checkpoint that wipes the erased pages could not end (`wiped` false): another
 * connection reads an older snapshot, and the write-ahead log keeps their old copies until then.
 */
export const notWipedText =
  'Another program is reading the history (the app, or another dcdesk): the removed data stays in its file until that program closes it; the next dcdesk command or app start then wipes it.';

/** Asks on a terminal before deleting a batch for good; false when refused or unasked. */
async function confirmDelete(io: Io, batchId: string, rows: number, outcomes: number) {
  if (!io.stdinIsTerminal) {
    io.err('dcdesk: Nothing deleted. Pass --yes to delete without being asked.');
    return false;
  }
  const answer = await io.readLine(
    `Delete batch ${terminalText(batchId)}: ${what(rows, outcomes)}? [y/N] `,
  );
  if (answer !== null && /^\s*(y|yes|s|sim)\s*$/i.test(answer)) return true;
  io.err('dcdesk: Nothing deleted.');
  return false;
}

/**
 * `dcdesk purge --batch ID`: one batch deleted (a test run, a file imported by mistake), with the
 * reviews set on it that no other batch of its environment holds. Asked first on a terminal.
 */
export async function purgeBatch(
  io: Io,
  privacy: PrivacyService,
  batchId: string,
  flags: BatchPurgeFlags,
): Promise<ExitCode> {
  if (batchId.trim() === '')
    throw new UsageError('--batch takes the ID of a batch (dcdesk batches lists them).');
  const preview = privacy.batchPreview(batchId);
  if (!preview.ok) return reportError(io, preview.error);
  const print = ({ rows, outcomes, shared, copies, wiped }: BatchDeletion, dryRun: boolean) => {
    if (flags.json)
      io.out(
        JSON.stringify({
          batchId,
          rows,
          outcomes,
          shared,
          copies,
          dryRun,
          ...(dryRun ? {} : { wiped }),
        }),
      );
    else {
      io.out(
        `${dryRun ? 'Would delete' : 'Deleted'} batch ${terminalText(batchId)}: ${what(rows, outcomes)}.`,
      );
      if (copies > 0)
        io.out(
          `${dryRun ? 'Would delete' : 'Deleted'} ${olderCopies(copies)} that may ${dryRun ? 'hold' : 'have held'} it.`,
        );
      if (shared > 0) io.out(sharedText(shared));
      if (!wiped) io.out(notWipedText);
    }
    return exitCodes.ok;
  };
  if (flags.dryRun) return print(preview.value, true);
  const { rows, outcomes, shared } = preview.value;
  if (!flags.yes && shared > 0 && io.stdinIsTerminal) io.err(sharedText(shared));
  if (!flags.yes && !(await confirmDelete(io, batchId, rows, outcomes))) return exitCodes.usage;
  const deleted = privacy.deleteBatch(batchId);
  if (!deleted.ok) return reportError(io, deleted.error);
  return print(deleted.value, false);
}
