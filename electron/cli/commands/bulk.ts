import { fileFailureText } from '../../core/local-failure';
import { counted } from '../../../shared/count-text';
import path from 'node:path';
import {
  createBatchService,
  type BatchService,
  type CreatedBatch,
} from '../../core/batches/batch-service';
import { checkSettings, maxConcurrency } from '../../core/bulk/batch';
import type { BatchSettings } from '../../core/store/batches.repo';
import type { BatchRun, RunEnd } from '../../core/bulk/runner';
import { settingsRepo } from '../../core/store/settings.repo';
import type { Command } from '../command';
import { cliTeam, syncAfter } from '../team';
import { settingBounds } from '../../../shared/settings-bounds';
import {
  connectionOptions,
  connectionUsage,
  openConnection,
  requestTimeout,
  type Connection,
  type ConnectionPin,
} from '../connection';
import { optionalNumberFlag, parseCommandLine } from '../flags';
import { readBulkInput } from '../bulk-input';
import { cutCellsWarning, targetOf, writeResults, type Target } from '../bulk-target';
import { stdinName } from '../read-within';
import { endOfRun, jsonSummary, overFile } from '../bulk-summary';
import { stdoutFailureText } from '../stdout-failure';
import { checkOutputFile, errorText, fromStandardInput } from '../output-check';
import { dataDirFrom, openCliHistory } from '../history';
import { UsageError, exitCodes, reportError, type ExitCode, type Io, type StopCause } from '../io';
import { progressView } from '../progress-view';
import { detail, note } from '../verbosity';
import { shown } from '../escape-text';
import { cliWriterThread } from '../writer-thread';
import { messageOf } from '../../../shared/message-of';
import {
  stillStoringWords,
  stopNowWords,
  stoppingWaitWords,
  stopWords,
  storingLastWords,
} from '../stop-words';

const options = {
  ...connectionOptions,
  output: { type: 'string', short: 'o' },
  sheet: { type: 'string' },
  concurrency: { type: 'string' },
  rate: { type: 'string' },
  resume: { type: 'string' },
  'retry-failed': { type: 'boolean' },
  'skip-recent': { type: 'string' },
  json: { type: 'boolean' },
  format: { type: 'string' },
} as const;

/** How a run's end is said, besides the run itself. */
interface Ending {
  /**
   * Why the rest of the batch's rows could not be stored (a full disk), once known: the batch
   * then lacks rows and resumes only with its file, given again as `file`.
   */
  storeFailure?: () => string | null;
  file?: string;
  /**
   * Settles once the rows of the file are all stored (or their storing failed): a run stopped
   * before then waits for it before saying how to resume, as the batch resumes without its file
   * only once they are.
   */
  stored?: Promise<unknown>;
}

/** Finishes the run, then prints the --json summary on stdout when asked. */
async function report(
  batches: BatchService,
  run: BatchRun,
  target: Target,
  io: Io,
  view: ReturnType<typeof progressView>,
  summaryTo: { destination: string } | null,
  ending: Ending = {},
): Promise<number> {
  const { end, code } = await finish(batches, run, target, io, view, ending);
  if (summaryTo)
    io.out(
      JSON.stringify(jsonSummary(end, run.batchId, summaryTo.destination, target.output, code)),
    );
  return code;
}

/** Waits for the run (Ctrl+C pauses it), writes the output when it finished, says how it ended. */
async function finish(
  batches: BatchService,
  run: BatchRun,
  target: Target,
  io: Io,
  view: ReturnType<typeof progressView>,
  ending: Ending,
): Promise<{ end: RunEnd; code: ExitCode }> {
  let over = false;
  let storingLast = false;
  let cause: StopCause | undefined;
  let stopsHeard: 1 | 2 = 1;
  // Whether a stop reached the run at all: one that paused by itself heard none.
  const heard = { stop: false };
  void io.stopped.then((stopCause) => {
    // A run already over has nothing to pause (its reader left while the results were written).
    if (over) return;
    heard.stop = true;
    cause = stopCause;
    const said = stopWords(stopCause, view.waitingForHistory());
    if (said.notice) {
      io.err(said.notice);
      // The history's lock taken or freed after this line is said anew: it named what the run
      // waited for then (the requests in flight), not what it waits for once the lock is held.
      view.whileStopping((waiting) => stoppingWaitWords(stopCause, stopsHeard, waiting));
    }
    run.pause(said.why, said.why === undefined ? 'user' : 'interrupted');
  });
  const withFile = () =>
    `dcdesk bulk --resume ${run.batchId} ${ending.file ?? 'INPUT'} --output ${target.arg}`;
  void io.stoppedNow?.then(() => {
    stopsHeard = 2;
    if (storingLast) io.err(stillStoringWords(cause, withFile()));
    else if (!over && view.waitingForHistory()) io.err(stopNowWords(cause));
    run.interrupt();
  });
  let end: RunEnd;
  try {
    end = await run.ended;
  } finally {
    over = true;
    view.close();
  }
  // Rows of the file not stored yet are stored before dcdesk exits: they count in the total.
  const stored = batches.get(run.batchId);
  if (stored.ok && stored.value.record.storing) {
    end = overFile(end, stored.value.record.total);
    // How to resume is said once they are: until then the batch resumes only with its file.
    if (ending.stored && (ending.storeFailure?.() ?? null) === null) {
      storingLast = true;
      note(io, storingLastWords(cause, heard.stop ? stopsHeard : 0, withFile()));
      await ending.stored;
      storingLast = false;
    }
  }
  const storeFailed = ending.storeFailure?.() ?? null;
  const summary = endOfRun(end, run.batchId, target.arg, {
    file: storeFailed === null ? undefined : ending.file,
    // This machine's cause (rows or answers that a full disk could not take), said first.
    causeFirst: storeFailed !== null || (end.state === 'paused' && end.reason === 'disk_full'),
  });
  const where = target.output === '-' ? 'standard output' : shown(target.output);
  const [first, ...rest] = summary.lines;
  // A run that went well is a notice (--quiet hides it); one with rows to act on never is.
  const say = (text: string) => (summary.code === exitCodes.ok ? note(io, text) : io.err(text));
  if (first) say(`dcdesk: ${first}`);
  if (end.state === 'finished') {
    try {
      const written = await writeResults(target, batches.storedRows(run.batchId));
      note(io, `dcdesk: wrote ${counted(written.rows, 'row', 'rows')} to ${where}.`);
      const cut = cutCellsWarning(written.cutCells, where, run.batchId);
      if (cut !== null) io.err(cut);
    } catch (caught) {
      io.err(
        `dcdesk: ${
          (target.output !== '-' &&
            fileFailureText(
              caught,
              shown(target.output),
              'write the stored results to another file with the command below (nothing is sent again)',
            )) ||
          (target.output === '-' && (caught as NodeJS.ErrnoException).code === 'EPIPE'
            ? 'standard output was closed before every result was written to it.'
            : target.output === '-'
              ? stdoutFailureText(caught)
              : `could not write ${where}: ${errorText(caught)}`)
        }`,
      );
      io.err(
        `dcdesk: the results are stored; write them to another file with: dcdesk bulk --resume ${run.batchId} --output OTHER_FILE`,
      );
      return { end, code: exitCodes.failed };
    }
  }
  for (const line of rest) say(`dcdesk: ${line}`);
  return { end, code: summary.code };
}

export const bulkCommand: Command = {
  name: 'bulk',
  options,
  takesFiles: true,
  stoppable: true,
  summary: 'look up every row of a spreadsheet (xlsx, xls, csv); resumable',
  usage: `dcdesk bulk INPUT --output OUTPUT [--sheet NAME] [--concurrency N] [--rate R] [options]
       dcdesk bulk --resume BATCH_ID [INPUT] --output OUTPUT [--retry-failed] [options]

INPUT is .xlsx, .xls or .csv (or - for standard input: its format is told from its content) with a header row naming the fields (sessionID, externalID, CPF,
E-mail, Telefone/Celular or DDI/DDD/number, CEP; English or Portuguese names). OUTPUT is .json,
.csv or .xlsx, one record per input row in input order; - writes them to standard output, in
the --format given, and nothing else goes there (messages and progress go to stderr). Every row is
stored in the history before it is sent, so an interrupted batch (Ctrl+C pauses it) resumes
where it stopped. A big file is stored slice by slice: the first requests go out after its first
10,000 rows, the rest are stored while the answers come in (Ctrl+C waits for the last of them).
A batch whose process was killed while its rows were being stored resumes with its file:
--resume BATCH_ID INPUT stores the rows not stored yet (the file must be the same).

  --concurrency N   requests at once, 1 to ${String(maxConcurrency)} (default 8)
  --rate R          at most R requests per second, ${String(settingBounds.ratePerSecond.min)} to ${String(settingBounds.ratePerSecond.max)} (default: no limit)
  --resume ID       continue a stored batch (see dcdesk batches); with INPUT, one stopped
                    while its rows were being stored
  --retry-failed    with --resume: send the rows that failed again
  --skip-recent D   reuse the answer to the same request (external ID, session ID, CPF,
                    e-mail, phone and CEP all the same) given in the last D days (1 to ${String(settingBounds.skipRecentDays.max)})
  --format F        with --output -: json, csv or xlsx
  --json            at the end, print one JSON object on stdout (messages stay on stderr):
                    {batch, environment (the destination: environment name or custom address),
                    state (finished|paused|interrupted|cancelled|failed, as dcdesk batches
                    shows it), total, counts {ok, noContent,
                    invalid, rejected, failed}, output, exitCode}; not with --output -

Exit codes: 0 every row ok or no content; 4 finished, but some rows are invalid, rejected or
failed; 5 stopped before the end (paused, cancelled, interrupted, or a full disk: resume it; or
taken over by another process, which goes on with it); 2 usage mistakes, missing credentials,
the batch is being run by another process, or the history locked by another for too long; 3 credentials refused; 1 other failures (an input
file that cannot be used, the batch deleted from the history while it ran among them). Credentials are checked (a token is obtained) before anything is stored.

${connectionUsage}`,
  async run(argv: string[], io: Io) {
    const { values, positionals } = parseCommandLine({
      args: argv,
      options,
      strict: true,
      allowPositionals: true,
    });
    // stdout carries the results with --output -, so the summary could not be told from them.
    if (values.json && values.output === '-')
      throw new UsageError('--json and --output - both write to stdout: use one of them.');
    const target = targetOf(values.output, values.format);
    const { output } = target;
    if (values.resume === undefined && positionals.length !== 1)
      throw new UsageError('Give one INPUT file, or --resume BATCH_ID.');
    if (values.resume !== undefined && positionals.length > 1)
      throw new UsageError(
        '--resume takes at most one INPUT file (for a batch stopped while its rows were stored).',
      );
    refuseIgnoredFlags(values, positionals.length > 0);
    // Checked as for a new batch, before anything is opened: a resumed run uses them too.
    const pace = paceFlags(values);
    // A terminal is no spreadsheet: reading it would wait, silently, for a file typed by hand.
    if (positionals[0] === '-' && io.stdinIsTerminal)
      throw new UsageError('- reads the spreadsheet from standard input: pipe a file into dcdesk.');
    const input = positionals[0] === '-' ? undefined : positionals[0];
    await checkOutputFile(output, input ?? fromStandardInput);

    const history = await openCliHistory(dataDirFrom(values['data-dir'], io), io);
    const { db } = history;
    const view = progressView(io);
    let connection: Connection | undefined;
    // The connection a run uses: the one opened for a new batch, or one pinned to a resumed batch.
    // Its time limit per request is the run's: --timeout, else the saved setting (requestTimeout).
    const connect = async (pin?: ConnectionPin) =>
      (connection ??= await openConnection(values, io, pin));
    const summaryTo = () =>
      values.json && connection ? { destination: connection.destination } : null;
    const batches = createBatchService({
      db,
      // The connection is opened (pinned to a resumed batch) before the service asks for it.
      clientFor: async () => (await connect()).client,
      onEvent: (event) => view.show(event),
      writerThread: cliWriterThread(),
    });
    /**
     * Waits for a new batch's run and for its rows' storing (a run stopped by Ctrl+C waits for the
     * last rows to be stored, so the batch resumes without its file), then shares its answers.
     * When the storing fails (a full disk), that is said first and the resume command names the
     * file, without which the batch cannot be resumed.
     */
    const runStoring = async (created: CreatedBatch, file: string): Promise<number> => {
      const storing: { failure: string | null } = { failure: null };
      void created.stored.then((stored) => {
        if (!stored.ok) storing.failure = stored.error.message;
      });
      const code = await report(batches, created.run, target, io, view, summaryTo(), {
        storeFailure: () => storing.failure,
        file: shellWord(file),
        stored: created.stored,
      });
      const stored = await created.stored;
      // Said first, as why the run stopped, when the run ended after it; otherwise now. The exit
      // code stays the run's (5: resume it once there is room), the one its --json printed.
      if (!stored.ok && storing.failure === null) reportError(io, stored.error);
      // The batch's answers (never personal data) go to the team, if there is one.
      await syncAfter(cliTeam(history.db, io), io);
      return code;
    };
    try {
      if (values.resume !== undefined && positionals.length === 1) {
        const stored = batches.get(values.resume);
        if (!stored.ok) throw new UsageError(`${stored.error.message} See dcdesk batches.`);
        const { record } = stored.value;
        if (!record.storing)
          throw new UsageError(
            `Batch ${record.id} has all its rows: resume it without a file (dcdesk bulk --resume ${record.id}).`,
          );
        const file = positionals[0] ?? '';
        const saved = settingsRepo(db).read();
        const input = await readBulkInput(
          file,
          { sheet: values.sheet, maxRows: saved.maxRows },
          io,
        );
        if (input.sha256 !== record.sourceSha256)
          throw new UsageError(
            `${shown(file)} is not the file batch ${record.id} was made from (${shown(record.sourceName)}): its contents differ.`,
          );
        const settings = resumedSettings(record.settings, pace, requestTimeout(values, io), io);
        view.expect(input.total);
        await connect(record);
        const resumed = await batches.resumeStoring(record.id, input.sourceRows(), settings);
        if (!resumed.ok) return reportError(io, resumed.error);
        note(
          io,
          `dcdesk: resuming batch ${record.id}, storing the rest of its rows from ${shown(file)}.`,
        );
        return await runStoring(resumed.value, file);
      }
      if (values.resume !== undefined) {
        const stored = batches.get(values.resume);
        if (!stored.ok) throw new UsageError(`${stored.error.message} See dcdesk batches.`);
        const settings = resumedSettings(
          stored.value.record.settings,
          pace,
          requestTimeout(values, io),
          io,
        );
        await connect(stored.value.record);
        const resumed = await batches.resume(values.resume, {
          retryFailed: values['retry-failed'],
          pace: settings,
        });
        if (!resumed.ok) return reportError(io, resumed.error);
        if (values['retry-failed'])
          note(
            io,
            `dcdesk: ${counted(resumed.value.retried, 'failed row', 'failed rows')} will be sent again.`,
          );
        note(
          io,
          `dcdesk: resuming batch ${values.resume} (${shown(resumed.value.batch.sourceName)}).`,
        );
        const code = await report(batches, resumed.value.run, target, io, view, summaryTo());
        await syncAfter(cliTeam(history.db, io), io);
        return code;
      }
      const file = positionals[0] ?? '';
      const saved = settingsRepo(db).read();
      const settings = checkSettingsOrUsage({
        concurrency: pace.concurrency ?? saved.concurrency,
        ratePerSecond: pace.ratePerSecond ?? saved.ratePerSecond,
        timeoutMs: requestTimeout(values, io),
      });
      const skipDays = optionalNumberFlag(
        values['skip-recent'],
        'skip-recent',
        settingBounds.skipRecentDays,
      );
      const input = await readBulkInput(file, { sheet: values.sheet, maxRows: saved.maxRows }, io);
      const opened = await connect();
      view.expect(input.total);
      const created = await batches.create({
        sourceName: file === '-' ? stdinName : path.basename(file),
        sourceSha256: input.sha256,
        environment: opened.environment,
        baseUrl: opened.storedUrl,
        customUrl: opened.customUrl,
        settings,
        rows: input.sourceRows(),
        total: input.total,
        skipLookedUpWithinDays: skipDays,
      });
      if (!created.ok) return reportError(io, created.error);
      const { batch } = created.value;
      if (skipDays !== undefined) {
        const reused = batches.get(batch.id);
        const answered = reused.ok ? reused.value.counts.ok + reused.value.counts.noContent : 0;
        note(
          io,
          `dcdesk: ${counted(answered, 'row reuses', 'rows reuse')} an answer from the last ${counted(skipDays, 'day', 'days')}.`,
        );
      }
      detail(io, `dcdesk: ${describePace(settings)}`);
      // A CSV has no sheets: naming one would suggest --sheet chose it.
      const source = `${shown(batch.sourceName)}${input.sheet === null ? '' : ` (sheet ${shown(input.sheet)})`}`;
      note(
        io,
        batch.storing
          ? `dcdesk: batch ${batch.id}: ${counted(batch.total, 'row', 'rows')} from ${source}; sending to ${opened.destination} while the rest are stored.`
          : `dcdesk: batch ${batch.id}: ${counted(batch.total, 'row', 'rows')} from ${source} stored; sending to ${opened.destination}.`,
      );
      return await runStoring(created.value, file);
    } finally {
      view.close();
      await batches.stopAll();
      await connection?.close();
      history.close();
    }
  },
};

type BulkValues = ReturnType<typeof parseCommandLine<{ options: typeof options }>>['values'];

/**
 * Flags that would do nothing here are refused rather than ignored: the analyst would believe
 * they had been applied.
 */
function refuseIgnoredFlags(values: BulkValues, withFile: boolean): void {
  if (values['retry-failed'] && values.resume === undefined)
    throw new UsageError(
      '--retry-failed sends the failed rows of a stored batch again: use it with --resume BATCH_ID.',
    );
  if (values.resume === undefined) return;
  if (values['skip-recent'] !== undefined)
    throw new UsageError(
      '--skip-recent applies when a batch is made: a resumed batch keeps the answers it reused.',
    );
  if (values.sheet !== undefined && !withFile)
    throw new UsageError(
      '--sheet chooses the sheet of an INPUT file: a batch resumed without its file has its rows already.',
    );
}

/** The --concurrency, --rate and --timeout given, each checked against its setting's bounds. */
function paceFlags(values: BulkValues): Partial<BatchSettings> {
  const given: Partial<BatchSettings> = {};
  const concurrency = optionalNumberFlag(
    values.concurrency,
    'concurrency',
    settingBounds.concurrency,
  );
  const rate = optionalNumberFlag(values.rate, 'rate', settingBounds.ratePerSecond);
  const timeout = optionalNumberFlag(values.timeout, 'timeout', settingBounds.timeoutMs);
  if (concurrency !== undefined) given.concurrency = concurrency;
  if (rate !== undefined) given.ratePerSecond = rate;
  if (timeout !== undefined) given.timeoutMs = timeout;
  return given;
}

/**
 * A resumed run's settings: the batch's concurrency and rate, but those given as flags (an analyst
 * resumes a slow batch with more requests at once); the batch service stores a new concurrency and
 * rate with the batch. What a kill can re-send follows the run's own concurrency (see
 * `leaseSize`), so nothing the batch promised is lost. The time limit is `timeoutMs` (--timeout,
 * else the saved setting), as every command's and the window's resume: the one stored with the
 * batch is only what its first run used. Said with -v.
 */
function resumedSettings(
  stored: BatchSettings,
  pace: Partial<BatchSettings>,
  timeoutMs: number,
  io: Io,
): BatchSettings {
  const settings = checkSettingsOrUsage({ ...stored, ...pace, timeoutMs });
  const changed =
    settings.concurrency !== stored.concurrency ||
    settings.ratePerSecond !== stored.ratePerSecond ||
    settings.timeoutMs !== stored.timeoutMs;
  detail(
    io,
    `dcdesk: ${describePace(settings)}${changed ? ` (stored with the batch: ${describePace(stored)})` : ' (as stored with the batch)'}`,
  );
  return settings;
}

function describePace(settings: BatchSettings): string {
  return `concurrency ${String(settings.concurrency)} · rate ${settings.ratePerSecond === null ? 'unlimited' : `${String(settings.ratePerSecond)}/s`} · timeout ${String(settings.timeoutMs)} ms`;
}

/** A file name as it may be typed again in a shell: quoted unless it is plain. */
function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${shown(text).replaceAll("'", `'\\''`)}'`;
}

function checkSettingsOrUsage(settings: Parameters<typeof checkSettings>[0]) {
  try {
    return checkSettings(settings);
  } catch (caught) {
    throw new UsageError(messageOf(caught));
  }
}
