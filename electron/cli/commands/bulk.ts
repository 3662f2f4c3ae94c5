import path from 'node:path';
import { parseArgs } from 'node:util';
import { checkSettings, createBatch, maxConcurrency } from '../../core/bulk/batch';
import { outputKind, writeOutput } from '../../core/bulk/output';
import { runBatch, type RunEnd } from '../../core/bulk/runner';
import { batchesRepo, type BatchRecord } from '../../core/store/batches.repo';
import { rowsRepo } from '../../core/store/rows.repo';
import { settingsRepo } from '../../core/store/settings.repo';
import type { Db } from '../../core/store/db';
import type { Command } from '../command';
import { connectionOptions, connectionUsage, openConnection, positiveInteger } from '../connection';
import { readBulkInput } from '../bulk-input';
import { dataDirFrom, openCliHistory } from '../history';
import { UsageError, exitCodes, type Io } from '../io';
import { describeCounts, progressView } from '../progress-view';

const options = {
  ...connectionOptions,
  output: { type: 'string', short: 'o' },
  sheet: { type: 'string' },
  concurrency: { type: 'string' },
  rate: { type: 'string' },
  resume: { type: 'string' },
  'retry-failed': { type: 'boolean' },
  'skip-recent': { type: 'string' },
} as const;

function rateFrom(text: string | undefined): number | null {
  if (text === undefined) return null;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0)
    throw new UsageError(`--rate takes a number of requests per second above 0, not '${text}'.`);
  return value;
}

async function runAndReport(
  db: Db,
  batch: BatchRecord,
  values: { output: string },
  io: Io,
  connection: Awaited<ReturnType<typeof openConnection>>,
): Promise<number> {
  const view = progressView(io);
  const run = runBatch(batch.id, {
    db,
    client: connection.client,
    onEvent: (event) => view.show(event),
  });
  void io.stopped.then(() => run.pause());
  let end: RunEnd;
  try {
    end = await run.ended;
  } finally {
    view.close();
    await connection.close();
  }
  io.err(
    `dcdesk: batch ${batch.id}: ${String(end.counts.done)} of ${String(end.counts.total)} rows done (${describeCounts(end.counts)}).`,
  );
  if (end.state !== 'finished') {
    const why =
      end.state === 'paused' ? end.message : end.state === 'failed' ? end.message : 'Cancelled.';
    io.err(`dcdesk: the batch stopped before its end: ${why}`);
    io.err(`dcdesk: resume it with: dcdesk bulk --resume ${batch.id} --output ${values.output}`);
    return exitCodes.failed;
  }
  const written = await writeOutput(values.output, rowsRepo(db).iterate(batch.id));
  io.err(`dcdesk: wrote ${String(written)} rows to ${values.output}.`);
  const clean = end.counts.invalid + end.counts.rejected + end.counts.failed === 0;
  return clean ? exitCodes.ok : exitCodes.failed;
}

export const bulkCommand: Command = {
  name: 'bulk',
  summary: 'look up every row of a spreadsheet (xlsx, xls, csv); resumable',
  usage: `dcdesk bulk INPUT --output OUTPUT [--sheet NAME] [--concurrency N] [--rate R] [options]
       dcdesk bulk --resume BATCH_ID --output OUTPUT [--retry-failed] [options]

INPUT is .xlsx, .xls or .csv with a header row naming the fields (sessionID, externalID, CPF,
E-mail, Telefone/Celular or DDI/DDD/number, CEP; English or Portuguese names). OUTPUT is .json,
.csv or .xlsx, one record per input row in input order. Every row is stored in the history before
the first request, so an interrupted batch (Ctrl+C pauses it) resumes where it stopped.

  --concurrency N   requests at once, 1 to ${String(maxConcurrency)} (default 8)
  --rate R          at most R requests per second (default: no limit)
  --resume ID       continue a stored batch (see dcdesk batches)
  --retry-failed    with --resume: send the rows that failed again
  --skip-recent D   reuse the answers of external IDs looked up in the last D days

Exit codes: 0 every row ok or no content; 1 some rows invalid, rejected or failed, or stopped.

${connectionUsage}`,
  async run(argv: string[], io: Io) {
    const { values, positionals } = parseArgs({
      args: argv,
      options,
      strict: true,
      allowPositionals: true,
    });
    const output = values.output;
    if (!output) throw new UsageError('--output FILE is required (.json, .csv or .xlsx).');
    if (!outputKind(output))
      throw new UsageError(
        `The output file must end in .json, .csv or .xlsx, not '${path.basename(output)}'.`,
      );
    if (values.resume === undefined && positionals.length !== 1)
      throw new UsageError('Give one INPUT file, or --resume BATCH_ID.');
    if (values.resume !== undefined && positionals.length > 0)
      throw new UsageError('--resume takes no INPUT file.');

    const history = await openCliHistory(dataDirFrom(values['data-dir'], io), io);
    if (!history) return exitCodes.failed;
    try {
      const { db } = history;
      if (values.resume !== undefined) {
        const batch = batchesRepo(db).get(values.resume);
        if (!batch)
          throw new UsageError(
            `There is no batch ${values.resume} in this history (see dcdesk batches).`,
          );
        if (values['retry-failed'])
          io.err(
            `dcdesk: ${String(rowsRepo(db).resetFailed(batch.id, new Date().toISOString()))} failed rows will be sent again.`,
          );
        const connection = await openConnection(
          values,
          io,
          {
            environment: batch.environment,
            baseUrl: batch.baseUrl,
            destination: batch.destination,
          },
          batch.settings.timeoutMs,
        );
        io.err(`dcdesk: resuming batch ${batch.id} (${batch.sourceName}).`);
        return await runAndReport(db, batch, { output }, io, connection);
      }
      const file = positionals[0] ?? '';
      const saved = settingsRepo(db).read();
      const settings = checkSettingsOrUsage({
        concurrency: positiveInteger(values.concurrency, 'concurrency', saved.concurrency),
        ratePerSecond: values.rate === undefined ? saved.ratePerSecond : rateFrom(values.rate),
        timeoutMs: positiveInteger(values.timeout, 'timeout', saved.timeoutMs),
      });
      const skipDays =
        values['skip-recent'] === undefined
          ? undefined
          : positiveInteger(values['skip-recent'], 'skip-recent', 1);
      const input = await readBulkInput(file, { sheet: values.sheet, maxRows: saved.maxRows }, io);
      const connection = await openConnection(values, io, undefined, settings.timeoutMs);
      const batch = createBatch(db, {
        sourceName: path.basename(file),
        sourceSha256: input.sha256,
        environment: connection.environment,
        baseUrl: connection.storedUrl,
        customUrl: connection.customUrl,
        settings,
        rows: input.sourceRows,
        skipLookedUpWithinDays: skipDays,
      });
      if (skipDays !== undefined) {
        const reused = rowsRepo(db).counts(batch.id);
        io.err(
          `dcdesk: ${String(reused.ok + reused.noContent)} rows reuse an answer from the last ${String(skipDays)} days.`,
        );
      }
      io.err(
        `dcdesk: batch ${batch.id}: ${String(batch.total)} rows from ${batch.sourceName} (sheet ${input.sheet}) stored; sending to ${connection.destination}.`,
      );
      return await runAndReport(db, batch, { output }, io, connection);
    } finally {
      history.close();
    }
  },
};

function checkSettingsOrUsage(settings: Parameters<typeof checkSettings>[0]) {
  try {
    return checkSettings(settings);
  } catch (caught) {
    throw new UsageError(caught instanceof Error ? caught.message : String(caught));
  }
}
