import { formatCount } from '../../../shared/spreadsheet/problem';
import { parseCommandLine } from '../flags';
import { counted, pluralForm } from '../../../shared/count-text';
import { isCustomUrl, type Destination } from '../../../shared/environment';
import {
  maxOutcomeImportRows,
  type OutcomeImportIssue,
  type OutcomeImportReport,
  type OutcomeImportResult,
} from '../../../shared/contract/outcomes';
import { outcomes } from '../../../shared/domain/types';
import { isOutcome } from '../../../shared/outcomes/outcome-names';
import { importRowOf } from '../../../shared/outcomes/outcome-rows';
import { reviewService } from '../../core/review/review-service';
import { cliTeam, syncAfter } from '../team';
import { settingsRepo } from '../../core/store/settings.repo';
import { dataDirFrom, openCliHistory } from '../history';
import { UsageError, exitCodes, type Io } from '../io';
import { printList } from '../listing';
import { destinationOption } from '../connection';
import { readOutcomeSheet, type OutcomeSheet } from '../outcome-sheet';
import { commandWord, shown } from '../escape-text';
import { shownCell } from '../../../shared/spreadsheet/shown-headers';

export const outcomesImportOptions = {
  'data-dir': { type: 'string' },
  env: { type: 'string' },
  'base-url': { type: 'string' },
  json: { type: 'boolean' },
  sheet: { type: 'string' },
  'id-column': { type: 'string' },
  'outcome-column': { type: 'string' },
  'replace-conflicts': { type: 'boolean' },
  'dry-run': { type: 'boolean' },
} as const;

export const outcomesImportUsage = `dcdesk outcomes import FILE [--sheet NAME] [--id-column HEADER] [--outcome-column HEADER]
                       [--replace-conflicts] [--dry-run] [--json] [--env ENV] [--base-url URL]
                       [--data-dir DIR]

Reads the outcomes of reviewed transactions from a spreadsheet (xlsx, xls or csv; the analyst's
case system export), matches each transaction id with the history of the environment (--env, else
$DCDESK_ENV, else sandbox: the one the file will be sent to; --base-url URL: the answers that
address gave, kept apart as that URL) to find its DeviceId, and
reports what it found before it applies anything. The columns are found by name, Portuguese or
English (ID Transacional, Pedido, Transaction ID, …; Resultado, Classificação, Outcome, …). The
outcome is one of ${outcomes.join(', ')}, or its English name
(Suspect, Confirmed fraud, Positive device), in any case, with or without accents, spaces or
hyphens; a value with any other sign (Fraude?, Suspeito (?)) is doubt, so it names none.
Legítima is set in the app only.

  --id-column HEADER       the column holding the transaction id
  --outcome-column HEADER  the column holding the outcome
  --replace-conflicts      replace outcomes already stored with another value (kept by default)
  --dry-run                report only; change nothing
  --json                   print the report and what was applied as JSON

Ids not in the history, ids whose lookups found no device (204), rows whose outcome names none of
the three, an id given twice with different values (outcomes or not: Fraude Confirmada on one
row and Legítima or Em análise on another), an id Excel stored as a number of more
than 15 digits (Excel keeps only 15, so it is not the id typed), an id cell Excel shows as a date
(15/03/2023: not an id), an id or outcome cell holding an Excel error (#N/A, #NAME?, …), and an
id or outcome cell covered by merged cells (empty in the file: Excel keeps the value in the first
cell only) are listed and never applied.
Exit codes: 0 every row applied or already stored; 1 some rows left out, or the file unreadable
or without a transaction id or outcome column; 2 a usage mistake (such as --id-column HEADER
naming no header of the file).`;

/** Every data row of the sheet, applied or not: each list of rows left out counts. */
function dataRowsOf(sheet: OutcomeSheet): number {
  return (
    sheet.rows.length +
    sheet.blankIds.length +
    sheet.lostDigits.length +
    sheet.dateCells.length +
    sheet.errorCells.length +
    sheet.formulaCells.length +
    sheet.mergedCells.length
  );
}

function issueLine(issue: OutcomeImportIssue): string {
  return `row ${String(issue.row)}: ${issue.transactionId}`;
}

function conflictLine(issue: OutcomeImportIssue): string {
  return `row ${String(issue.row)}: ${issue.transactionId} is ${issue.current ?? '?'} in the history, ${issue.incoming ?? '?'} in the file`;
}

/** An outcome as the service spells it, anything else quoted as the cell wrote it. */
function valueText(value: string | undefined): string {
  return isOutcome(value ?? null) ? (value ?? '') : `'${value ?? ''}'`;
}

function contradictionLine(issue: OutcomeImportIssue): string {
  return `row ${String(issue.row)}: ${issue.transactionId} is ${valueText(issue.incoming)} here and ${valueText(issue.current)} on another row`;
}

/** A row whose outcome names none of the three, as the report and --json list it. */
function unknownOf(issue: OutcomeImportIssue): { row: number; value: string } {
  return { row: issue.row, value: issue.incoming ?? '' };
}

function printReport(
  io: Io,
  sheet: OutcomeSheet,
  report: OutcomeImportReport,
  where: { destination: Destination; elsewhere: number },
): void {
  io.out(
    `${sheet.fileName}${sheet.sheet === null ? '' : ` (sheet ${sheet.sheet})`}: ${counted(dataRowsOf(sheet), 'row', 'rows')}; transaction id from '${sheet.columns.transactionId}', outcome from '${sheet.columns.outcome}'.`,
  );
  const counts: Array<[string, number]> = [
    ['to apply', report.toApply],
    ['already stored', report.unchanged],
    ['repeated in the file', report.repeated],
    ['not found', report.notFound.length],
    ['without device', report.withoutDevice.length],
    ['conflicts', report.conflicts.length],
    ['contradictions', report.contradictions.length],
    ['unknown outcome', report.unknown.length],
    ['no transaction id', sheet.blankIds.length],
    ['id lost digits', sheet.lostDigits.length],
    ['id is a date', sheet.dateCells.length],
    ['excel error', sheet.errorCells.length],
    ['formula, no value', sheet.formulaCells.length],
    ['merged cell', sheet.mergedCells.length],
  ];
  const width = Math.max(...counts.map(([label]) => label.length));
  for (const [label, count] of counts) io.out(`  ${label.padEnd(width)} ${formatCount(count)}`);
  const { destination, elsewhere } = where;
  printList(io, `Not in ${destination}'s lookups`, report.notFound.map(issueLine));
  if (elsewhere > 0)
    io.out(
      `  ${formatCount(elsewhere)} of them ${pluralForm(elsewhere, { one: 'is', other: 'are' })} in lookups of other environments, whose DeviceIds mean nothing to ${destination}: look them up in ${destination} first (dcdesk bulk FILE ${isCustomUrl(destination) ? `--base-url ${commandWord(destination)}` : `--env ${destination}`}), then import again.`,
    );
  printList(
    io,
    'Without a device, so the service cannot take them',
    report.withoutDevice.map(issueLine),
  );
  printList(io, 'Conflicts', report.conflicts.map(conflictLine));
  printList(
    io,
    'Given twice with different outcomes, so not applied',
    report.contradictions.map(contradictionLine),
  );
  printList(
    io,
    `Outcomes that name none of ${outcomes.join(', ')}`,
    report.unknown.map((issue) => `row ${String(issue.row)}: '${shownCell(issue.incoming ?? '')}'`),
  );
  printList(
    io,
    'Rows without a transaction id',
    sheet.blankIds.map((row) => `row ${String(row)}`),
  );
}

function printResult(
  io: Io,
  report: OutcomeImportReport,
  result: OutcomeImportResult | null,
  replace: boolean,
): void {
  if (result === null) {
    const conflicts = replace ? report.conflicts.length : 0;
    io.out(
      `Dry run: nothing was changed. Without --dry-run, ${counted(report.toApply + conflicts, 'outcome', 'outcomes')} would be applied.`,
    );
    return;
  }
  io.out(`Applied ${counted(result.applied, 'outcome', 'outcomes')}.`);
  if (result.keptConflicts > 0)
    io.out(
      `Kept ${counted(result.keptConflicts, 'stored outcome', 'stored outcomes')} that the file contradicts; pass --replace-conflicts to replace ${pluralForm(result.keptConflicts, { one: 'it', other: 'them' })}.`,
    );
}

/** `dcdesk outcomes import`: check an outcomes spreadsheet against the history, then apply it. */
export async function runOutcomesImport(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommandLine({
    args: argv,
    options: outcomesImportOptions,
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length !== 1) throw new UsageError('Give one outcomes spreadsheet FILE.');
  const file = positionals[0] ?? '';
  const replace = values['replace-conflicts'] ?? false;
  const environment = destinationOption(values, io);
  const history = await openCliHistory(dataDirFrom(values['data-dir'], io), io);
  try {
    const read = await readOutcomeSheet(file, {
      sheet: values.sheet,
      idColumn: values['id-column'],
      outcomeColumn: values['outcome-column'],
      maxRows: Math.min(settingsRepo(history.db).read().maxRows, maxOutcomeImportRows),
    });
    if (!read.ok) {
      io.err(`dcdesk: ${shown(read.message)}`);
      return exitCodes.failed;
    }
    const sheet = read.value;
    for (const sentence of sheet.warnings) io.err(`dcdesk: warning: ${shown(sentence)}`);
    const dataRows = dataRowsOf(sheet);
    if (dataRows === 0) {
      io.err(`dcdesk: ${shown(sheet.fileName)}: the sheet has a header row but no data rows.`);
      return exitCodes.failed;
    }
    const rows = sheet.rows.map(importRowOf);
    const team = cliTeam(history.db, io);
    const review = reviewService(history.db, team.analyst);
    const report = review.checkImport(rows, environment);
    const dryRun = values['dry-run'] ?? false;
    const result = dryRun ? null : review.applyImport(rows, replace, environment);
    const left =
      report.unknown.length +
      sheet.blankIds.length +
      sheet.lostDigits.length +
      sheet.dateCells.length +
      sheet.errorCells.length +
      sheet.formulaCells.length +
      sheet.mergedCells.length +
      report.notFound.length +
      report.withoutDevice.length +
      report.contradictions.length +
      (replace ? 0 : report.conflicts.length);
    if (values.json) {
      io.out(
        JSON.stringify(
          {
            file: sheet.fileName,
            sheet: sheet.sheet,
            columns: sheet.columns,
            dryRun,
            unknownOutcomes: report.unknown.map(unknownOf),
            rowsWithoutTransactionId: sheet.blankIds,
            rowsWhoseIdLostDigits: sheet.lostDigits,
            rowsWhoseIdIsADate: sheet.dateCells,
            rowsWithExcelErrors: sheet.errorCells,
            rowsWithFormulasWithoutValues: sheet.formulaCells,
            rowsWithMergedCells: sheet.mergedCells,
            report,
            result,
          },
          null,
          2,
        ),
      );
    } else {
      const notFound = report.notFound.map((issue) => issue.transactionId);
      const elsewhere = notFound.length === 0 ? 0 : review.seenElsewhere(notFound, environment);
      printReport(io, sheet, report, { destination: environment, elsewhere });
      printResult(io, report, result, replace);
    }
    if (result && result.applied > 0) await syncAfter(team, io);
    return left === 0 ? exitCodes.ok : exitCodes.failed;
  } finally {
    history.close();
  }
}
