import { parseArgs } from 'node:util';
import { normaliseCpf, cpfProblem } from '../../../shared/domain/cpf';
import { removeHistoryCopies } from '../../core/store/copies';
import { countCpfRows, forgetCpf, purgeOlderThan } from '../../core/store/retention';
import { settingsRepo } from '../../core/store/settings.repo';
import type { Command } from '../command';
import { settingBounds } from '../../../shared/settings-bounds';
import { numberFlag } from '../flags';
import { dataDirFrom, openCliHistory } from '../history';
import { UsageError, exitCodes, type Io } from '../io';
import { counted } from '../../../shared/count-text';

const options = {
  'data-dir': { type: 'string' },
  'older-than': { type: 'string' },
  cpf: { type: 'string' },
  yes: { type: 'boolean', short: 'y' },
  'dry-run': { type: 'boolean' },
  json: { type: 'boolean' },
} as const;

/** Asks on a terminal before deleting a CPF's rows for good; false when refused or unasked. */
async function confirmForget(io: Io, rows: number): Promise<boolean> {
  if (!io.stdinIsTerminal) {
    io.err('dcdesk: Nothing deleted. Pass --yes to delete without being asked.');
    return false;
  }
  const answer = await io.readLine(
    `Delete ${counted(rows, 'row')} about that CPF and the older copies of the history? [y/N] `,
  );
  if (answer !== null && /^\s*(y|yes|s|sim)\s*$/i.test(answer)) return true;
  io.err('dcdesk: Nothing deleted.');
  return false;
}

export const purgeCommand: Command = {
  name: 'purge',
  summary: 'delete old batches, or everything about one CPF (data-subject request)',
  usage: `dcdesk purge [--older-than DAYS] [--json] [--data-dir DIR]
       dcdesk purge --cpf CPF [--yes | --dry-run] [--json] [--data-dir DIR]

Without --older-than, the retentionDays setting applies (the same purge runs at every start).
--cpf removes every row, result and outcome of that CPF, scrubs them from the database files,
and deletes the older copies of the history kept beside it (migration backups, damaged files
moved aside), which may hold that CPF too. It cannot be undone, so it asks first on a terminal;
--yes answers yes (for scripts); --dry-run only says how many rows would go. With no terminal
and no --yes nothing is deleted (exit 2).
--json prints {cpfRows, copies, dryRun} for --cpf (with --dry-run, copies is 0: nothing goes),
and {batches, rows, olderThanDays} otherwise.`,
  async run(argv: string[], io: Io) {
    const { values } = parseArgs({ args: argv, options, strict: true });
    if (values.cpf !== undefined && values['older-than'] !== undefined)
      throw new UsageError('Use --cpf or --older-than, not both.');
    if ((values.yes || values['dry-run']) && values.cpf === undefined)
      throw new UsageError('--yes and --dry-run go with --cpf.');
    if (values.yes && values['dry-run']) throw new UsageError('Use --yes or --dry-run, not both.');
    const cpf = values.cpf === undefined ? undefined : normaliseCpf(values.cpf);
    if (cpf !== undefined && cpfProblem(cpf) === 'length')
      throw new UsageError('--cpf takes an 11-digit CPF.');
    const dataDir = dataDirFrom(values['data-dir'], io);
    const history = await openCliHistory(dataDir, io);
    try {
      if (cpf !== undefined) {
        if (values['dry-run']) {
          const rows = countCpfRows(history.db, cpf);
          io.out(
            values.json
              ? JSON.stringify({ cpfRows: rows, copies: 0, dryRun: true })
              : `Would remove ${counted(rows, 'row')} about that CPF.`,
          );
          return exitCodes.ok;
        }
        if (!values.yes && !(await confirmForget(io, countCpfRows(history.db, cpf))))
          return exitCodes.usage;
        const removed = forgetCpf(history.db, cpf);
        const copies = removeHistoryCopies(dataDir);
        if (values.json) {
          io.out(JSON.stringify({ cpfRows: removed, copies, dryRun: false }));
          return exitCodes.ok;
        }
        io.out(`Removed ${counted(removed, 'row')} about that CPF.`);
        if (copies > 0)
          io.out(
            `Deleted ${String(copies)} older ${copies === 1 ? 'copy' : 'copies'} of the history (backups or damaged files) that may have held it.`,
          );
        return exitCodes.ok;
      }
      const days = numberFlag(
        values['older-than'],
        'older-than',
        settingBounds.retentionDays,
        settingsRepo(history.db).read().retentionDays,
      );
      const report = purgeOlderThan(history.db, days);
      if (values.json) {
        io.out(JSON.stringify({ batches: report.batches, rows: report.rows, olderThanDays: days }));
        return exitCodes.ok;
      }
      io.out(
        `Removed ${counted(report.batches, 'batch', 'batches')} (${counted(report.rows, 'row')}) older than ${counted(days, 'day')}.`,
      );
      return exitCodes.ok;
    } finally {
      history.close();
    }
  },
};
