import { parseCommandLine } from '../flags';
import { counted } from '../../../shared/count-text';
import path from 'node:path';
import type {
  DeviceOrigins,
  UploadCheck,
  UploadOutcome,
  UploadView,
} from '../../../shared/contract/outcomes';
import { maxUploadBytes } from '../../../shared/outcomes';
import type { AppError } from '../../../shared/result';
import { formatBytes } from '../../../shared/format-bytes';
import {
  deviceExample,
  foreignDevicesMessage,
  otherDevicesMessage,
  unpairedDevicesMessage,
  unseenDevicesMessage,
} from '../../core/uploads/device-classes';
import { uploadService } from '../../core/uploads/upload-service';
import { cliTeam, syncAfter } from '../team';
import type { Command } from '../command';
import {
  connectionOptions,
  connectionUsage,
  destinationOption,
  openConnection,
  type Connection,
} from '../connection';
import { dataDirFrom, openCliHistory } from '../history';
import { FileError, UsageError, exitCodes, reportError, type Io } from '../io';
import { listLimit } from '../listing';
import { readFileWithin } from '../read-within';
import { describeAnswer, describeCheck, sentBefore } from '../upload-text';
import { shown } from '../escape-text';

const options = {
  ...connectionOptions,
  yes: { type: 'boolean', short: 'y' },
  'unseen-devices': { type: 'boolean' },
  json: { type: 'boolean' },
} as const;

async function readUploadFile(file: string): Promise<{ fileName: string; bytes: Uint8Array }> {
  const fileName = path.basename(file);
  if (!/\.(csv|zip)$/i.test(fileName))
    throw new UsageError(`The file to send must end in .csv or .zip, not '${shown(fileName)}'.`);
  const read = await readFileWithin(
    file,
    maxUploadBytes,
    (bytes) =>
      `${shown(fileName)}: The file is ${bytes === null ? 'over ' + formatBytes(maxUploadBytes) : formatBytes(bytes)}; the limit is ${formatBytes(maxUploadBytes)}, the most the app sends.`,
  );
  // The path was given right; the file is what cannot be used (exit 1, README's exit codes).
  if (!read.ok) throw new FileError(read.message);
  return { fileName, bytes: read.bytes };
}

/** Asks on a terminal whether to send again what the guard found; false when refused or unasked. */
async function confirmResend(
  io: Io,
  outcome: Extract<UploadOutcome, { status: 'confirm' }>,
): Promise<boolean> {
  for (const line of describeCheck(outcome.check)) io.err(`dcdesk: ${shown(line)}`);
  // A file never sent whose outcomes changed since it was built goes "anyway", not "again".
  const how = sentBefore(outcome.check) ? 'again' : 'anyway';
  if (!io.stdinIsTerminal) {
    io.err(`dcdesk: Not sent. Pass --yes to send it ${how} without being asked.`);
    return false;
  }
  const answer = await io.readLine(`Send it ${how}? [y/N] `);
  if (answer !== null && /^\s*(y|yes|s|sim)\s*$/i.test(answer)) return true;
  io.err('dcdesk: Not sent.');
  return false;
}

/** Said after an upload that went out and got no answer (a dropped connection, a timeout, a 504). */
const mayHaveArrivedHint =
  "  The service may have received it: 'dcdesk uploads' lists it as one that may have arrived; sending it again asks first (--yes sends it anyway).";

/** Prints the ledger line of a finished upload and returns the exit code it deserves. */
function reportUpload(io: Io, upload: UploadView, json: boolean, error: AppError | null): number {
  if (json) io.out(JSON.stringify(upload, null, 2));
  const http = upload.httpStatus === null ? '' : ` (HTTP ${String(upload.httpStatus)})`;
  const head = `upload #${String(upload.id)}: ${shown(upload.fileName)}, ${counted(upload.rows, 'row', 'rows')}, to ${upload.environment}`;
  switch (upload.status) {
    case 'sent':
      if (!json) io.out(`Sent ${head}${http}: ${shown(describeAnswer(upload.answer))}`);
      return exitCodes.ok;
    case 'refused':
      io.err(`dcdesk: the service refused ${head}${http}:`);
      for (const message of upload.messages) io.err(`  - ${shown(message)}`);
      // As reportError prints it: the id a support request about this refusal needs.
      if (upload.traceId !== null) io.err(`  trace id: ${shown(upload.traceId)}`);
      return exitCodes.failed;
    case 'failed': {
      io.err(`dcdesk: ${head} failed; recorded in the ledger.`);
      let code: number;
      if (error) code = reportError(io, error);
      else {
        for (const message of upload.messages) io.err(`  - ${shown(message)}`);
        if (upload.traceId !== null) io.err(`  trace id: ${shown(upload.traceId)}`);
        code = upload.httpStatus === 401 ? exitCodes.auth : exitCodes.failed;
      }
      // The file went out and no answer came: sending it again blindly could report it twice.
      if (upload.mayHaveArrived) io.err(mayHaveArrivedHint);
      return code;
    }
    case 'sending':
      // A finished send has its answer; a line still out belongs to another send.
      io.err(`dcdesk: ${head} is still being sent; see 'dcdesk uploads' for its answer.`);
      return exitCodes.failed;
  }
}

/**
 * DeviceIds the destination never gave: another environment's stop the file, as do transactions
 * its answers gave another DeviceId (a shuffled column); ones the history never met, or met with
 * other transactions only, stop it unless --unseen-devices says to send them. Returns the exit
 * code, or null.
 */
function reportDevices(io: Io, check: UploadCheck, allowUnseen: boolean): number | null {
  const refusals: Array<[string, DeviceOrigins]> = [];
  if (check.foreignDevices.count > 0)
    refusals.push([foreignDevicesMessage(check), check.foreignDevices]);
  else if (check.otherDevices) refusals.push([otherDevicesMessage(check), check.otherDevices]);
  const held = refusals.length === 0 && !allowUnseen;
  if (held && check.unseenDevices.count > 0)
    refusals.push([unseenDevicesMessage(check), check.unseenDevices]);
  if (held && check.unpairedDevices)
    refusals.push([unpairedDevicesMessage(check), check.unpairedDevices]);
  if (refusals.length === 0) return null;
  for (const [message, origins] of refusals) {
    io.err(`dcdesk: ${shown(message)} Nothing was sent.`);
    io.err(`  for example (transaction: DeviceId):`);
    for (const example of origins.examples) io.err(`  - ${shown(deviceExample(example))}`);
  }
  if (held) io.err(`dcdesk: to send it anyway, run the same command with --unseen-devices.`);
  return exitCodes.failed;
}

/**
 * Says, if Ctrl+C or SIGTERM ends the process while the file is out, that the service may have
 * it and how to check: the process ends at once (exit 130 or 143), its answer never read.
 * Returns what stops watching.
 */
function sayIfStopped(io: Io, fileName: string): () => void {
  const say = (code: number) => {
    if (code !== 130 && code !== 143) return;
    io.err(
      `dcdesk: stopped while ${shown(fileName)} was being sent: the service may have received it. 'dcdesk uploads' lists it as one that may have arrived; sending it again asks first (--yes sends it anyway).`,
    );
  };
  process.once('exit', say);
  return () => void process.off('exit', say);
}

/** Problems in the file itself, each naming its line; nothing was sent, nothing stored. */
function reportProblems(io: Io, fileName: string, messages: string[]): number {
  io.err(`dcdesk: ${shown(fileName)} does not pass the checks; nothing was sent:`);
  for (const message of messages.slice(0, listLimit)) io.err(`  - ${shown(message)}`);
  if (messages.length > listLimit)
    io.err(`  and ${counted(messages.length - listLimit, 'more problem', 'more problems')}`);
  return exitCodes.failed;
}

export const uploadCommand: Command = {
  name: 'upload',
  options,
  takesFiles: true,
  summary: 'send a response-variable file (csv or zip) to the service',
  usage: `dcdesk upload FILE [--yes] [--json] [options]

Sends a response-variable file (.csv, or .zip holding one csv; columns ID Transacional, DeviceId,
Resultado) after checking it, and records the upload in the ledger (see dcdesk uploads). A file
already sent to the environment, or one repeating transactions already sent there, asks first on
a terminal, as does one whose rows no longer match the outcomes in the history (changed or
cleared since it was built); --yes answers yes. With no terminal and no --yes such a file is not
sent (exit 2).

A DeviceId is an answer of one environment, for one transaction. A file whose DeviceIds the
history knows only from another environment's answers (or another address's) is never sent there
(exit 1), nor is one pairing a transaction with a DeviceId its answer did not give (a DeviceId
column sorted apart from its transactions; exit 1). A file with DeviceIds the history has never
seen (built elsewhere), or pairing known DeviceIds with transactions it never looked up, is sent
only with --unseen-devices. Transaction IDs and DeviceIds are compared trimmed, as sent.

  --yes, -y          send again without asking
  --unseen-devices   send DeviceIds this history has never seen, or with transactions it never
                     looked up: you know where they come from
  --json             print the ledger line as JSON

Exit codes: 0 sent; 1 refused by the service (its messages and trace id are listed), failed, the file cannot
be read, or it has problems (listed with their lines, nothing sent), or the team database could not be reached
(nothing sent); 2 usage mistake, re-send not confirmed, transactions a colleague already sent
(who and when are listed; nothing sent), or the same file or some of its transactions being sent
right now by the app or another dcdesk (nothing sent); 3 credentials refused;
130 stopped by Ctrl+C (143 by SIGTERM): a file that was going out stays in the ledger as one the
service may have received, and the re-send guard asks before it goes again.

With a team database (dcdesk team), the send syncs first and claims the file's transactions in
the team's ledger under a lock: of two analysts sending the same transactions at once, one goes.

${connectionUsage}`,
  async run(argv: string[], io: Io) {
    const { values, positionals } = parseCommandLine({
      args: argv,
      options,
      strict: true,
      allowPositionals: true,
    });
    if (positionals.length !== 1) throw new UsageError('Give one FILE to send (.csv or .zip).');
    const file = await readUploadFile(positionals[0] ?? '');
    const history = await openCliHistory(dataDirFrom(values['data-dir'], io), io);
    let connection: Connection | null = null;
    try {
      const service = uploadService(history.db);
      const team = cliTeam(history.db, io);
      // The file's own problems need no connection: reported before any credentials are asked for.
      const allowUnseenDevices = values['unseen-devices'] ?? false;
      const check = await service.check(file, destinationOption(values, io));
      if (check.problems.length > 0)
        return reportProblems(
          io,
          check.fileName,
          check.problems.map((problem) => problem.message),
        );
      const refused = reportDevices(io, check, allowUnseenDevices);
      if (refused !== null) return refused;
      connection = await openConnection(values, io);
      // With a team: its colleagues' work first, then the send goes through the team's ledger.
      if (team.configured()) await syncAfter(team, io);
      const target = {
        client: connection.client,
        environment: connection.destination,
        allowUnseenDevices,
        team: team.gate(),
        analyst: team.analyst(),
      };
      const stopNote = sayIfStopped(io, file.fileName);
      let sent = await service
        .send(file, { ...target, confirmed: values.yes ?? false })
        .finally(stopNote);
      if (sent.ok && sent.value.status === 'confirm') {
        if (!(await confirmResend(io, sent.value))) return exitCodes.usage;
        const again = sayIfStopped(io, file.fileName);
        sent = await service.send(file, { ...target, confirmed: true }).finally(again);
      }
      if (!sent.ok)
        return sent.error.code === 'validation'
          ? reportProblems(io, file.fileName, sent.error.details ?? [sent.error.message])
          : reportError(io, sent.error);
      if (sent.value.status === 'confirm') return exitCodes.usage;
      const code = reportUpload(io, sent.value.upload, values.json ?? false, sent.value.error);
      if (sent.value.teamNotUpdated === true)
        io.err(
          "dcdesk: the team's ledger was not updated (its database could not be reached after the file went): it shows these transactions as being sent until this workstation's next sync (dcdesk team sync) records the answer there.",
        );
      return code;
    } finally {
      await connection?.close();
      history.close();
    }
  },
};
