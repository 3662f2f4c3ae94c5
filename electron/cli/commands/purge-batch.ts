import { counted } from '../../../shared/count-text';
import { batchDeletion } from '../../core/privacy/batch-deletion';
import type { Db } from '../../core/store/db';
import { exitCodes, reportError, type ExitCode, type Io } from '../io';
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
  db: Db,
  batchId: string,
  flags: BatchPurgeFlags,
): Promise<ExitCode> {
  const deletion = batchDeletion(db);
  const preview = deletion.preview(batchId);
  if (!preview.ok) return reportError(io, preview.error);
  const print = ({ rows, outcomes }: { rows: number; outcomes: number }, dryRun: boolean) => {
    if (flags.json) io.out(JSON.stringify({ batchId, rows, outcomes, dryRun }));
    else
      io.out(
        `${dryRun ? 'Would delete' : 'Deleted'} batch ${terminalText(batchId)}: ${what(rows, outcomes)}.`,
      );
    return exitCodes.ok;
  };
  if (flags.dryRun) return print(preview.value, true);
  const { rows, outcomes } = preview.value;
  if (!flags.yes && !(await confirmDelete(io, batchId, rows, outcomes))) return exitCodes.usage;
  const deleted = deletion.delete(batchId);
  if (!deleted.ok) return reportError(io, deleted.error);
  return print(deleted.value, false);
}
