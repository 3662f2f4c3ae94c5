import { createHash } from 'node:crypto';
import type { UploadCheck } from '../../../shared/contract/outcomes';
import type { ResponseVariableRow } from '../../../shared/domain/types';
import type { Destination } from '../../../shared/environment';
import { readResponseFile, type ReadResult } from '../../../shared/outcomes';
import type { Db } from '../store/db';
import { uploadsRepo, type UploadsRepo } from '../store/uploads.repo';
import { uploadSendersRepo, type UploadSendersRepo } from '../store/upload-senders.repo';
import { deviceCheck } from './device-check';
import { withInFlight } from './in-flight';
import { nodeUnpacking } from './node-inflater';

/** A response-variable file to check or send: its name says csv or zip. */
export interface UploadFileInput {
  fileName: string;
  bytes: Uint8Array;
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The name the service sees: never the folders of the analyst's computer. */
export function baseName(fileName: string): string {
  return fileName.split(/[\\/]/).pop() ?? fileName;
}

/**
 * The ledger's part of the guard as it is now, for a file's bytes (their SHA-256) and its rows as
 * `[transaction, outcome]`, the transaction trimmed (or, for a file built from the history's
 * outcomes as they stand, its transaction IDs as JSON text): the same bytes, the same transactions
 * sent, and those of them it corrects.
 * A line whose request is still out in a running process says so (`sending`).
 */
export function ledgerOf(
  { repo, senders }: { repo: UploadsRepo; senders: UploadSendersRepo },
  hash: string,
  rows: Array<[string, string]> | { json: string },
  environment: Destination,
) {
  const ids = 'json' in rows ? rows : rows.map(([id]) => id);
  const repeated = repo.repeated(environment, ids);
  // Asked only of a file that repeats something: most files repeat nothing.
  const corrected = repeated.count > 0 ? repo.corrected(environment, rows) : 0;
  return {
    sameFile: withInFlight(senders, repo.sameFile(hash, environment)),
    repeatedTransactions: repeated.count,
    repeatedIn: withInFlight(senders, repeated.uploads),
    ...(corrected > 0 ? { correctedTransactions: corrected } : {}),
  };
}

/** Resolves after the events waiting (other requests, I/O) have had their turn. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The re-send guard over the history: a file read and checked against its rules, its pairs of
 * transaction and DeviceId against the answers the history holds (`deviceCheck`), the ledger and
 * the outcomes as they are now.
 * `sliceRows`: the file's rows looked up at a time, with a turn of the event loop between, so a
 * file of hundreds of thousands of rows does not hold the thread it runs on.
 */
export function uploadGuard(db: Db, { sliceRows = 16_384 } = {}) {
  const repo = uploadsRepo(db);
  const senders = uploadSendersRepo(db);
  const devicesOf = deviceCheck(db, sliceRows);

  /**
   * The file's rows the history no longer holds as the file has them (an outcome changed or
   * cleared since it was built): sending them would report the old ones. And the rows whose
   * transaction's outcome names their DeviceId, whose pairing is vouched for already. Asked slice
   * by slice, each row by the outcomes' key, with a turn of the event loop between.
   */
  async function outcomesOf(rows: ResponseVariableRow[], environment: Destination) {
    let changed = 0;
    const paired = new Uint8Array(rows.length);
    for (let from = 0; from < rows.length; from += sliceRows) {
      if (from > 0) await nextTurn();
      const slice = rows.slice(from, from + sliceRows);
      const found = repo.outcomeMatches(
        environment,
        // A file that passed its checks has no spaces around its cells (`edge_spaces`), so the
        // trim changes nothing in it; it keeps the ledger's older rows comparable.
        slice.map((row): [string, string, string] => [
          row.transactionId.trim(),
          row.deviceId.trim(),
          row.outcome,
        ]),
      );
      changed += found.changed;
      for (const at of found.paired) paired[from + at] = 1;
    }
    return { changed, paired };
  }

  /** The ledger's part of the guard as it is now: the same bytes, the same transactions sent. */
  function ledgerGuard(hash: string, rows: ResponseVariableRow[], environment: Destination) {
    // A checked file has no spaces around an ID (`edge_spaces`): what is compared is what is sent.
    const pairs = rows.map((row): [string, string] => [row.transactionId.trim(), row.outcome]);
    return ledgerOf({ repo, senders }, hash, pairs, environment);
  }

  /** The re-send guard over the history as it is now, for a file already read. */
  async function guard(
    file: UploadFileInput,
    read: ReadResult,
    environment: Destination,
  ): Promise<UploadCheck> {
    const hash = sha256(file.bytes);
    const rows = read.ok ? read.rows : [];
    const outcomes = await outcomesOf(rows, environment);
    // A file built here pairs every row as its outcome does: the answers are asked of the rest.
    const devices = await devicesOf(
      rows.filter((_, at) => outcomes.paired[at] === 0),
      environment,
    );
    return {
      fileName: baseName(file.fileName),
      rows: rows.length,
      sha256: hash,
      environment,
      problems: read.ok ? [] : read.problems,
      foreignDevices: devices.foreign,
      unseenDevices: devices.unseen,
      ...devices.pairs,
      ...ledgerGuard(hash, rows, environment),
      changedSince: outcomes.changed,
    };
  }

  /** Reads the file, then runs the guard; the rows read come back for a send. */
  async function inspect(
    file: UploadFileInput,
    environment: Destination,
  ): Promise<{ check: UploadCheck; read: ReadResult }> {
    const read = readResponseFile(file.bytes, file.fileName, nodeUnpacking);
    return { check: await guard(file, read, environment), read };
  }

  return { inspect, ledgerGuard };
}

export type UploadGuard = ReturnType<typeof uploadGuard>;
