import { parseCommandLine } from '../flags';
import { aucMissingText } from '../report-hints';
import { reportSummary } from '../report-summary';
import type { LabelOptions } from '../../../shared/report/labels';
import { reportHtml } from '../../../shared/report/html';
import { localeOf } from '../locale';
import { messageOf } from '../../../shared/message-of';
import { fileFailureText } from '../../core/local-failure';
import { reportService } from '../../core/report/report-service';
import type { Command } from '../command';
import { destinationOption } from '../connection';
import { dataDirFrom, openCliHistory } from '../history';
import { UsageError, exitCodes, reportError, type Io } from '../io';
import { writeAtomically } from '../../core/write-atomically';
import { checkOutputFile } from '../output-check';
import { shown } from '../escape-text';

const options = {
  'data-dir': { type: 'string' },
  env: { type: 'string' },
  'base-url': { type: 'string' },
  batch: { type: 'string' },
  suspeito: { type: 'string' },
  unreviewed: { type: 'string' },
  json: { type: 'boolean' },
  html: { type: 'string' },
  'all-codes': { type: 'boolean' },
} as const;

const usage = `dcdesk report [--batch ID] [--env production|test|sandbox] [--base-url URL]
              [--suspeito fraud|exclude] [--unreviewed legit|exclude] [--json | --html FILE]
              [--all-codes] [--data-dir DIR]

How well the service's score, risk levels and insight codes separate the transactions reviewed as
fraud from the legitimate ones: AUC (DeLong 95% interval), average precision, a threshold table,
fraud rate per risk level and per insight code. Positive: Fraude Confirmada, Device Positivado
(and Suspeito unless --suspeito exclude). Negative: reviewed as Legítima (key 4 of the review
queue), and answered rows with no outcome unless --unreviewed exclude. Rows without a score are
left out and counted by what happened to them: not looked up (never sent), invalid, failed, or
answered without a score.

  --batch ID        only this batch (see dcdesk batches); default: every batch of the environment
  --env NAME        whose batches (default: $DCDESK_ENV, else sandbox; with --batch, its own)
  --base-url URL    the batches a custom address answered (dcdesk bulk --base-url URL)
  --suspeito S      fraud (default) or exclude
  --unreviewed U    legit (default) or exclude
  --json            the whole report as JSON, every insight code included
  --all-codes       every insight code in the text or the --html page too; without it they list
                    the codes on the most labelled rows (up to 25, each on 30 or more) and say
                    how many they leave out
  --html FILE       a self-contained HTML page (charts and tables, no scripts), in Portuguese when
                    the language ($LC_ALL, else $LC_MESSAGES, else $LANG; empty is unset)
                    starts with pt. The app saves the report as PDF; from the command line,
                    open the HTML page in any browser and print it to PDF.`;

function choice<T extends string>(
  flag: string,
  value: string | undefined,
  allowed: readonly T[],
): T {
  if (value === undefined) return allowed[0] as T;
  const found = allowed.find((candidate) => candidate === value);
  if (found === undefined)
    throw new UsageError(`--${flag} takes ${allowed.join(' or ')}, not '${value}'.`);
  return found;
}

/** `dcdesk report`: the score report of a batch or of an environment's history. */
async function runReport(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommandLine({
    args: argv,
    options,
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length > 0)
    throw new UsageError(`Unexpected argument '${shown(positionals[0] ?? '')}'.`);
  if (values.json && values.html !== undefined)
    throw new UsageError('Give --json or --html FILE, not both.');
  const labels: LabelOptions = {
    suspeito: choice('suspeito', values.suspeito, ['fraud', 'exclude'] as const),
    unreviewed: choice('unreviewed', values.unreviewed, ['legit', 'exclude'] as const),
  };
  const named = values.env !== undefined || values['base-url'] !== undefined;
  // With --batch and no --env, the batch's own destination; else the one named or the default.
  const environment =
    named || values.batch === undefined ? destinationOption(values, io) : undefined;
  // Before the report is worked out: a folder missing on the way is said first.
  if (values.html !== undefined) await checkOutputFile(values.html);
  const history = await openCliHistory(dataDirFrom(values['data-dir'], io), io);
  try {
    const result = reportService(history.db).view(
      // The JSON is every figure; the text and the page keep the codes that say something.
      {
        batchId: values.batch,
        environment,
        allCodes: values.json || values['all-codes'],
        ...labels,
      },
      environment ?? 'sandbox',
    );
    if (!result.ok) return reportError(io, result.error);
    const view = result.value;
    const missing = aucMissingText(view, labels);
    if (missing !== null) io.err(`dcdesk: ${missing}`);
    if (values.json) {
      io.out(JSON.stringify(view, null, 2));
      return exitCodes.ok;
    }
    if (values.html !== undefined) {
      const page = reportHtml(view, {
        environment: view.environment,
        batch: view.batch,
        generatedAt: new Date(),
        // The page's language from the environment (`LANG=pt_BR.UTF-8` → Portuguese).
        locale: localeOf(io.env),
      });
      try {
        await writeAtomically(values.html, Buffer.from(page, 'utf8'));
      } catch (caught) {
        const reason = messageOf(caught);
        io.err(
          `dcdesk: ${fileFailureText(caught, shown(values.html)) ?? `Cannot write ${shown(values.html)}: ${shown(reason)}`}`,
        );
        return exitCodes.failed;
      }
      io.out(`Wrote ${shown(values.html)}; open it in a browser (print it there to save a PDF).`);
      return exitCodes.ok;
    }
    for (const line of reportSummary(view)) io.out(line);
    return exitCodes.ok;
  } finally {
    history.close();
  }
}

export const reportCommand: Command = {
  name: 'report',
  summary: 'the score report (AUC, thresholds, risk levels, insight codes) as text, JSON or HTML',
  usage,
  options,
  run: runReport,
};
