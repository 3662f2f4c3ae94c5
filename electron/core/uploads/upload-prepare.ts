import type { UploadCheck } from '../../../shared/contract/outcomes';
import type { Outcome } from '../../../shared/domain/types';
import type { Destination } from '../../../shared/environment';
import { fail, ok, type Result } from '../../../shared/result';
import type { Db } from '../store/db';
import { uploadsRepo } from '../store/uploads.repo';
import { uploadSendersRepo } from '../store/upload-senders.repo';
import {
  deviceExample,
  foreignDevicesMessage,
  otherDevicesMessage,
  unpairedDevicesMessage,
  unseenDevicesMessage,
} from './device-classes';
import { inFlightMessage } from './in-flight';
import { maxDetails, sendingMessage } from './upload-answers';
import { uploadGuard, type UploadFileInput } from './upload-guard';

/** What a send asks of the history before the file goes. */
export interface PrepareTarget {
  environment: Destination;
  /** True once the analyst has seen the guard's findings and still wants to send. */
  confirmed: boolean;
  allowUnseenDevices: boolean;
  /** The ledger line this send repeats (a resend), whose devices were judged when it went. */
  resentFrom: number | null;
  analyst: string | null;
  /** True when the rows must come back (the team's ledger claims them). */
  withRows: boolean;
}

/** The guard asks first (nothing stored), or the ledger line waiting for the answer. */
export type Prepared =
  | { kind: 'confirm'; check: UploadCheck }
  | {
      kind: 'send';
      id: number;
      check: UploadCheck;
      /** The file's rows when asked for (`withRows`), else none. */
      rows: Array<{ transactionId: string; outcome: Outcome }>;
    };

export type PrepareUpload = (
  file: UploadFileInput,
  target: PrepareTarget,
) => Promise<Result<Prepared>>;

/**
 * The history's part of a send, before anything goes out: the file read and checked (refused
 * with `validation` when it does not pass, names devices of another destination, pairs
 * transactions with DeviceIds their answers did not give, or has unseen DeviceIds or transactions
 * never looked up not allowed), then, in one transaction, the ledger's guard asked again and, unless it asks
 * first, the ledger line stored as `sending`, with this process as its sender. A second send of
 * the same file or of some of its transactions, from this window or another process, is refused
 * with `busy` while that process runs (confirmed or not: "send anyway" would report them twice);
 * once it died without the answer, the line may have arrived and the guard asks first. Runs on
 * whatever thread holds `db`: a million rows are seconds of reading and storing.
 */
export async function prepareUpload(
  db: Db,
  file: UploadFileInput,
  target: PrepareTarget,
  sliceRows?: number,
): Promise<Result<Prepared>> {
  const repo = uploadsRepo(db);
  const senders = uploadSendersRepo(db);
  const { inspect, ledgerGuard } = uploadGuard(db, { sliceRows });
  const { check, read } = await inspect(file, target.environment);
  if (!read.ok) {
    const details = read.problems.slice(0, maxDetails).map((problem) => problem.message);
    if (read.problems.length > maxDetails)
      details.push(`And ${String(read.problems.length - maxDetails)} more problems.`);
    return fail('validation', `${check.fileName} cannot be sent: it does not pass the checks.`, {
      details,
    });
  }
  if (target.resentFrom === null) {
    // A stored file sent again went to this destination before; its devices were judged then.
    if (check.foreignDevices.count > 0)
      return fail('validation', foreignDevicesMessage(check), {
        details: check.foreignDevices.examples.map(deviceExample),
      });
    // A transaction answered with another DeviceId is most likely a shuffled column: refused,
    // as foreign DeviceIds are, whatever the analyst says.
    if ((check.otherDevices?.count ?? 0) > 0)
      return fail('validation', otherDevicesMessage(check), {
        details: check.otherDevices?.examples.map(deviceExample),
      });
    if (check.unseenDevices.count > 0 && !target.allowUnseenDevices)
      return fail('validation', unseenDevicesMessage(check), {
        details: check.unseenDevices.examples.map(deviceExample),
      });
    // The pairing is what the history cannot vouch for: the same explicit word as unseen ones.
    if ((check.unpairedDevices?.count ?? 0) > 0 && !target.allowUnseenDevices)
      return fail('validation', unpairedDevicesMessage(check), {
        details: check.unpairedDevices?.examples.map(deviceExample),
      });
  }
  // The guard and the ledger line are one transaction: a second send of the same file, from
  // this window or another process, sees this one in flight and waits.
  const started = db
    .transaction(
      ():
        | { kind: 'confirm'; check: UploadCheck }
        | { kind: 'send'; id: number }
        | { kind: 'busy'; message: string } => {
        // Trimmed, as the ledger stores them.
        const out = senders.inFlightFor(target.environment, check.sha256, () =>
          read.rows.map((row) => row.transactionId.trim()),
        );
        if (out.sameFile.length > 0 || out.shared.length > 0)
          return {
            kind: 'busy',
            message: inFlightMessage(check.fileName, target.environment, out),
          };
        if (!target.confirmed) {
          // The devices were judged above; the ledger is asked again inside the transaction.
          // The outcomes are not asked again: a million rows are a second, and an outcome changed
          // in that second is as changed as one changed just after the file went.
          const ledger = ledgerGuard(check.sha256, read.rows, target.environment);
          const now = { ...check, ...ledger };
          if (now.sameFile.length > 0 || now.repeatedTransactions > 0 || now.changedSince > 0)
            return { kind: 'confirm', check: now };
        }
        const id = repo.insert({
          createdAt: new Date().toISOString(),
          fileName: check.fileName,
          kind: read.kind,
          sha256: check.sha256,
          environment: target.environment,
          resentFrom: target.resentFrom,
          bytes: file.bytes,
          rows: read.rows,
          status: 'failed',
          httpStatus: null,
          messages: [sendingMessage],
          answer: null,
          errorCode: 'sending',
          analyst: target.analyst,
          traceId: null,
        });
        senders.mark(id);
        return { kind: 'send', id };
      },
    )
    .immediate();
  if (started.kind === 'busy') return fail('busy', started.message);
  if (started.kind === 'confirm') return ok(started);
  const rows = target.withRows
    ? read.rows.map(({ transactionId, outcome }) => ({
        // As sent: the checks refuse spaces around an ID (`edge_spaces`), so the ledgers record
        // the very bytes the service gets (the interface never says it trims its cells).
        transactionId,
        outcome,
      }))
    : [];
  return ok({ ...started, check, rows });
}
