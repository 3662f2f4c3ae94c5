import { formatCount } from '../../../shared/spreadsheet/problem';
import { parseCommandLine } from '../flags';
import { counted } from '../../../shared/count-text';
import path from 'node:path';
import { outcomes } from '../../../shared/domain/types';
import { isCustomUrl, type Destination } from '../../../shared/environment';
import { buildResponseFile, maxUploadBytes, tooLarge } from '../../../shared/outcomes';
import {
  responseSeparators,
  type ResponseFileKind,
  type ResponseSeparator,
} from '../../../shared/outcomes/types';
import { fileFailureText } from '../../core/local-failure';
import { reviewService, type ReviewService } from '../../core/review/review-service';
import { batchViews } from '../../core/batches/batch-views';
import { refuseDeleting } from '../../core/store/batches.repo';
import { settingsRepo } from '../../core/store/settings.repo';
import { destinationOption } from '../connection';
import { dataDirFrom, openCliHistory } from '../history';
import { FileError, UsageError, exitCodes, reportError, type Io } from '../io';
import { note } from '../verbosity';
import { formatBytes } from '../../../shared/format-bytes';
import { printList } from '../listing';
import { writeAtomically } from '../../core/write-atomically';
import { messageOf } from '../../../shared/message-of';
import { teamFileRows } from '../../core/team/team-file-rows';
import { nodeDeflater } from '../../core/tasks/node-deflater';
import { cliTeam } from '../team';
import { commandWord, shown } from '../escape-text';
import { checkOutputFile } from '../output-check';

export const outcomesBuildOptions = {
  'data-dir': { type: 'string' },
  env: { type: 'string' },
  'base-url': { type: 'string' },
  output: { type: 'string', short: 'o' },
  batch: { type: 'string' },
  separator: { type: 'string' },
  all: { type: 'boolean' },
  json: { type: 'boolean' },
} as const;

export const outcomesBuildUsage = `dcdesk outcomes build --output FILE.csv|FILE.zip [--batch ID] [--separator ';'|','] [--all] [--json]
                      [--env production|test|sandbox] [--base-url URL] [--data-dir DIR]

Builds the response-variable file the service takes (columns ID Transacional, DeviceId,
Resultado; UTF-8) from the reviewed transactions: a .csv, or a .zip holding that csv. Then send
it with 'dcdesk upload FILE'.

  --output FILE     where to write it; the extension chooses csv or zip
  --batch ID        only the transactions of this batch (see dcdesk batches)
  --separator S     ';' or ',' (default: the responseSeparator setting, see dcdesk settings)
  --all             every reviewed transaction, also those already sent to the environment
  --env NAME        the environment the file is for (default: $DCDESK_ENV, else sandbox); by
                    default the file holds only what this environment has not accepted yet
  --base-url URL    the file is for that address (what dcdesk bulk --base-url URL answered),
                    kept apart from every environment

  --json            print {output, kind, separator, environment, rows, sizeBytes, counts,
                    sentByTeam, teamError} (counts: rows per outcome) instead of the text report

With a team database (dcdesk team), it syncs first, so colleagues' outcomes are in (also on
transactions this workstation never looked up), and leaves out what the team's ledger shows sent.

Nothing is written when there is nothing to send or when a row cannot go in the file.`;

/** The colleagues named in a note: the first three, then how many more. */
function colleagues(names: readonly string[]): string {
  if (names.length === 0) return 'a colleague';
  const shownNames = names.slice(0, 3).map((name) => shown(name));
  const more = names.length - shownNames.length;
  return more > 0 ? `${shownNames.join(', ')} and ${String(more)} more` : shownNames.join(', ');
}

function kindOf(output: string): ResponseFileKind {
  const extension = path.extname(output).toLowerCase();
  if (extension === '.csv') return 'csv';
  if (extension === '.zip') return 'zip';
  throw new UsageError(
    `The output file must end in .csv or .zip, not '${shown(path.basename(output))}'.`,
  );
}

function separatorFrom(text: string | undefined): ResponseSeparator | undefined {
  if (text === undefined) return undefined;
  const separator = responseSeparators.find((candidate) => candidate === text);
  if (separator === undefined) throw new UsageError(`--separator takes ';' or ',', not '${text}'.`);
  return separator;
}

/** Why a file would be empty, said as it is, with what to do. */
function whyEmpty(review: ReviewService, destination: Destination, batchId?: string): string {
  const where = batchId === undefined ? '' : ` in batch ${batchId}`;
  const reviewed = review.reviewedBy(batchId);
  const own = reviewed.find((entry) => entry.destination === destination)?.count ?? 0;
  if (own > 0)
    return own === 1
      ? `the one reviewed transaction${where} of ${destination}'s answers was already accepted by ${destination}; nothing written. Pass --all to put it in a file anyway.`
      : `all ${counted(own, 'reviewed transaction', 'reviewed transactions')}${where} of ${destination}'s answers were already accepted by ${destination}; nothing written. Pass --all to put them in a file anyway.`;
  if (reviewed.length === 0) {
    // The queue shows Legítima reviewed, but no file carries it: said so, not "no reviews".
    const { legitimate } = review.summary(destination, batchId);
    if (legitimate > 0)
      return legitimate === 1
        ? `the one reviewed transaction${where} of ${destination}'s answers is Legítima, a review kept here and never sent; nothing written.`
        : `all ${counted(legitimate, 'reviewed transaction', 'reviewed transactions')}${where} of ${destination}'s answers are Legítima, a review kept here and never sent; nothing written.`;
    return `no reviewed transactions${where}; nothing written. Review some first (dcdesk outcomes import FILE).`;
  }
  const others = reviewed
    .map((entry) => `${formatCount(entry.count)} of ${entry.destination}'s`)
    .join(', ');
  return (
    `no reviewed transaction${where} comes from ${destination}'s answers (reviewed: ${others}); ` +
    `their DeviceIds mean nothing to ${destination}, so nothing was written. Look the transactions ` +
    `up in ${destination} (dcdesk bulk FILE ${destinationFlags(destination)}), review them, and build again.`
  );
}

/** The options that name a destination on the command line. */
function destinationFlags(destination: Destination): string {
  return isCustomUrl(destination)
    ? `--base-url ${commandWord(destination)}`
    : `--env ${destination}`;
}

/** `dcdesk outcomes build`: the response-variable file of the reviewed transactions. */
export async function runOutcomesBuild(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommandLine({
    args: argv,
    options: outcomesBuildOptions,
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length > 0)
    throw new UsageError(
      `Unexpected argument '${shown(positionals[0] ?? '')}'; use --output FILE.`,
    );
  const output = values.output;
  if (!output) throw new UsageError('--output FILE.csv or FILE.zip is required.');
  const kind = kindOf(output);
  const givenSeparator = separatorFrom(values.separator);
  const environment = destinationOption(values, io);
  // Before the sync and the build: a folder missing on the way is said first, not after the work.
  await checkOutputFile(output);
  const history = await openCliHistory(dataDirFrom(values['data-dir'], io), io);
  try {
    const { db } = history;
    const batchId = values.batch;
    const named = batchId === undefined ? null : batchViews(db).get(batchId);
    if (batchId !== undefined && !named?.ok) {
      // A mistyped ID, as `report --batch` and `purge --batch` take it: a usage mistake.
      io.err(`dcdesk: there is no batch ${shown(batchId)} in this history (see dcdesk batches).`);
      return exitCodes.usage;
    }
    // Its deletion under way: part of its rows are gone, and their reviews with them.
    const deleting = named?.ok ? refuseDeleting(named.value.record) : null;
    if (deleting && !deleting.ok) return reportError(io, deleting.error);
    const scope = values.all ? 'all' : 'unsent';
    const team = cliTeam(db, io);
    const review = reviewService(db, team.analyst);
    // A CSV over the limit by its values alone is refused before its rows are read; rows the
    // team's ledger may leave out are not known yet, so then the built file decides.
    if (kind === 'csv' && !(team.configured() && scope === 'unsent')) {
      const { csvBytes } = review.fileMeasure(environment, { batchId, scope });
      if (csvBytes > maxUploadBytes) {
        io.err('dcdesk: the file cannot be built; nothing written:');
        io.err(`  - ${tooLarge(csvBytes, false).message}`);
        return exitCodes.failed;
      }
    }
    // The app may mark cases meanwhile: the rows are read as the history was when reading began.
    const {
      rows,
      sentByTeam,
      sentByTeamBy = [],
      teamError,
    } = await teamFileRows(review, team, environment, { batchId, scope }, { snapshot: true });
    if (teamError)
      io.err(
        `dcdesk: warning: the file holds this workstation's outcomes only: the team database could not be asked. ${shown(teamError)}`,
      );
    if (sentByTeam > 0)
      note(
        io,
        `dcdesk: left out ${counted(sentByTeam, 'transaction', 'transactions')} the team's ledger shows sent, or being sent, by ${colleagues(sentByTeamBy)} with the same outcome (--all to include them).`,
      );
    if (rows.length === 0) {
      io.err(`dcdesk: ${whyEmpty(review, environment, batchId)}`);
      return exitCodes.failed;
    }
    const separator = givenSeparator ?? settingsRepo(db).read().responseSeparator;
    const built = await buildResponseFile(rows, {
      kind,
      separator,
      fileName: path.basename(output),
      deflater: nodeDeflater,
    });
    if (!built.ok) {
      io.err('dcdesk: the file cannot be built; nothing written:');
      // Each message names its line (`Line 3: …`), as the checks word it.
      for (const problem of built.problems) io.err(`  - ${shown(problem.message)}`);
      return exitCodes.failed;
    }
    const { file } = built;
    try {
      await writeAtomically(output, file.bytes);
    } catch (caught) {
      // Said as the check before the build says an output it cannot write (run.ts, exit 1).
      throw new FileError(
        fileFailureText(caught, output) ?? `Cannot write ${output}: ${messageOf(caught)}`,
      );
    }
    const { preview } = file;
    if (values.json) {
      const counts = Object.fromEntries(
        outcomes.map((outcome) => [outcome, preview.counts[outcome]]),
      );
      io.out(
        JSON.stringify({
          output,
          kind,
          separator,
          environment,
          rows: preview.total,
          sizeBytes: preview.sizeBytes,
          counts,
          sentByTeam,
          teamError,
        }),
      );
    } else {
      io.out(
        `Wrote ${shown(output)}: ${counted(preview.total, 'row', 'rows')}, ${formatBytes(preview.sizeBytes)} (${kind}, separator '${separator}', for ${environment}).`,
      );
      io.out(
        outcomes
          .map((outcome) => `  ${outcome.padEnd(18)} ${String(preview.counts[outcome])}`)
          .join('\n'),
      );
      printList(
        io,
        'First rows',
        preview.firstRows.map((row) => `${row.transactionId}  ${row.deviceId}  ${row.outcome}`),
      );
    }
    if (preview.formulaLike.count > 0)
      io.err(
        `dcdesk: warning: lines with an ID or DeviceId that Excel would run as a formula if it opened this file: ${preview.formulaLike.lines.join(', ')} (${String(preview.formulaLike.count)} in all). The file keeps them exact, as the service needs; check it in a text editor, not in Excel.`,
      );
    const env = isCustomUrl(environment) && values.env !== undefined ? ` --env ${values.env}` : '';
    // The hint is a notice, not the result: on stderr when stdout is JSON.
    const hint = (text: string) => (values.json ? note(io, text) : io.out(text));
    hint(
      `Send it with: dcdesk upload ${commandWord(output)} ${destinationFlags(environment)}${env}`,
    );
    return exitCodes.ok;
  } finally {
    history.close();
  }
}
