import { checkCpf, privacyService } from '../../core/privacy/privacy-service';
import { counted } from '../../../shared/count-text';
import { settingsRepo } from '../../core/store/settings.repo';
import type { Command } from '../command';
import { settingBounds } from '../../../shared/settings-bounds';
import { numberFlag, parseCommandLine } from '../flags';
import { dataDirFrom, openCliHistory } from '../history';
import { notWipedText, olderCopies, purgeBatch } from './purge-batch';
import { UsageError, exitCodes, reportError, type Io } from '../io';

const options = {
  'data-dir': { type: 'string' },
  'older-than': { type: 'string' },
  cpf: { type: 'string' },
  batch: { type: 'string' },
  yes: { type: 'boolean', short: 'y' },
  'dry-run': { type: 'boolean' },
  json: { type: 'boolean' },
} as const;

/** The rows about a CPF and the reviews going with them, as a sentence's object. */
function aboutCpf(rows: number, outcomes: number): string {
  const reviews =
    outcomes > 0 ? ` and ${counted(outcomes, 'review', 'reviews')} of its transactions` : '';
  return `${counted(rows, 'row', 'rows')} about that CPF${reviews}`;
}

/** Asks on a terminal before deleting a CPF's rows for good; false when refused or unasked. */
async function confirmForget(io: Io, rows: number, outcomes: number): Promise<boolean> {
  if (!io.stdinIsTerminal) {
    io.err('dcdesk: Nothing deleted. Pass --yes to delete without being asked.');
    return false;
  }
  const answer = await io.readLine(
    `Delete ${aboutCpf(rows, outcomes)}, and the older copies of the history? [y/N] `,
  );
  if (answer !== null && /^\s*(y|yes|s|sim)\s*$/i.test(answer)) return true;
  io.err('dcdesk: Nothing deleted.');
  return false;
}

export const purgeCommand: Command = {
  name: 'purge',
  options,
  summary: 'delete old batches, one batch, or everything about one CPF (data-subject request)',
  usage: `dcdesk purge [--older-than DAYS] [--json] [--data-dir DIR]
       dcdesk purge --cpf CPF [--yes | --dry-run] [--json] [--data-dir DIR]
       dcdesk purge --batch ID [--yes | --dry-run] [--json] [--data-dir DIR]

Without --older-than, the retentionDays setting applies (the same purge runs at every start).
--cpf removes every row, result and outcome of that CPF, scrubs them from the database files,
and deletes the older copies of the history kept beside it (migration backups, damaged files
moved aside), which may hold that CPF too. It cannot be undone, so it asks first on a terminal;
--yes answers yes (for scripts); --dry-run only says how many rows would go. With no terminal
and no --yes nothing is deleted (exit 2).
--batch deletes one batch (dcdesk batches lists their IDs): its rows, answers and results, and
the reviews set on it that no other batch of its environment holds (a review of a transaction
another batch holds moves to it), and the older copies of the history, which hold it too. The
upload ledger stays. It asks first, as --cpf does, and is
refused while the batch is running here or in another process.
A batch older than that is kept while it is running (here or in another process), has rows of
its file still to store, or is unfinished (paused, interrupted): it goes at the first purge after
it is finished or cancelled. The batches kept are counted. A purge that removed a batch deletes
the older copies of the history too (taken at upgrades, they hold the batches of their day).
--json prints {cpfRows, outcomes, copies, dryRun} for --cpf (with --dry-run, the counts of what would go),
{batchId, rows, outcomes, shared, copies, dryRun, wiped} for --batch, and
{batches, rows, kept, copies, olderThanDays, wiped} otherwise. wiped is false when another
program was reading the history: the removed data stays in its file until that program closes it,
and the next opening wipes it (without --dry-run; --cpf's JSON has it too).`,
  async run(argv: string[], io: Io) {
    const { values } = parseCommandLine({ args: argv, options, strict: true });
    const modes = (['cpf', 'batch', 'older-than'] as const).filter((m) => values[m] !== undefined);
    if (modes.length > 1)
      throw new UsageError(
        `Use one of --cpf, --batch and --older-than, not ${modes.map((m) => `--${m}`).join(' and ')}.`,
      );
    if ((values.yes || values['dry-run']) && values.cpf === undefined && values.batch === undefined)
      throw new UsageError('--yes and --dry-run go with --cpf or --batch.');
    if (values.yes && values['dry-run']) throw new UsageError('Use --yes or --dry-run, not both.');
    const checked = values.cpf === undefined ? undefined : checkCpf(values.cpf);
    if (checked && !checked.ok) throw new UsageError('--cpf takes an 11-digit CPF.');
    const cpf = checked?.value;
    const dataDir = dataDirFrom(values['data-dir'], io);
    const history = await openCliHistory(dataDir, io);
    const privacy = privacyService({ db: history.db, dataDir });
    try {
      if (values.batch !== undefined)
        return await purgeBatch(io, privacy, values.batch, {
          yes: values.yes,
          dryRun: values['dry-run'],
          json: values.json,
        });
      if (cpf !== undefined) {
        if (values['dry-run']) {
          const preview = privacy.preview(cpf);
          if (!preview.ok) return reportError(io, preview.error);
          const { rows, outcomes, copies } = preview.value;
          if (values.json) {
            io.out(JSON.stringify({ cpfRows: rows, outcomes, copies, dryRun: true }));
            return exitCodes.ok;
          }
          io.out(`Would remove ${aboutCpf(rows, outcomes)}.`);
          if (copies > 0) io.out(`Would delete ${olderCopies(copies)} that may hold it.`);
          return exitCodes.ok;
        }
        const preview = privacy.preview(cpf);
        if (!preview.ok) return reportError(io, preview.error);
        const { rows, outcomes } = preview.value;
        if (!values.yes && !(await confirmForget(io, rows, outcomes))) return exitCodes.usage;
        const forgotten = privacy.forget(cpf);
        if (!forgotten.ok) return reportError(io, forgotten.error);
        const removed = forgotten.value;
        const { copies, wiped } = removed;
        if (values.json) {
          io.out(
            JSON.stringify({
              cpfRows: removed.rows,
              outcomes: removed.outcomes,
              copies,
              dryRun: false,
              wiped,
            }),
          );
          return exitCodes.ok;
        }
        io.out(`Removed ${aboutCpf(removed.rows, removed.outcomes)}.`);
        if (copies > 0) io.out(`Deleted ${olderCopies(copies)} that may have held it.`);
        if (!wiped) io.out(notWipedText);
        return exitCodes.ok;
      }
      const days = numberFlag(
        values['older-than'],
        'older-than',
        settingBounds.retentionDays,
        settingsRepo(history.db).read().retentionDays,
      );
      const report = privacy.purgeOlderThan(days);
      if (values.json) {
        const { batches, rows, kept, copies, wiped } = report;
        io.out(JSON.stringify({ batches, rows, kept, copies, olderThanDays: days, wiped }));
        return exitCodes.ok;
      }
      io.out(
        `Removed ${counted(report.batches, 'batch', 'batches')} (${counted(report.rows, 'row', 'rows')}) older than ${counted(days, 'day', 'days')}.`,
      );
      if (report.copies > 0) io.out(`Deleted ${olderCopies(report.copies)} that held them.`);
      if (!report.wiped) io.out(notWipedText);
      // Said, so a batch left paused for good is seen holding its data past the retention.
      if (report.kept > 0)
        io.out(
          `Kept ${counted(report.kept, 'older batch', 'older batches')}: running or unfinished (a batch finished or cancelled goes at the next purge; dcdesk batches lists them).`,
        );
      return exitCodes.ok;
    } finally {
      history.close();
    }
  },
};
