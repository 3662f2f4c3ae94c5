import { readFile } from 'node:fs/promises';
import type { UploadCheck } from '../../../shared/contract/outcomes';
import type { Destination } from '../../../shared/environment';
import type { Db } from '../store/db';
import { historyStamp } from '../store/history-stamp';
import { uploadsRepo } from '../store/uploads.repo';
import { uploadSendersRepo } from '../store/upload-senders.repo';
import { baseName, ledgerOf, sha256, type UploadFileInput } from './upload-guard';

/** What the build of a kept file knew when it wrote it (see `builtCheck`). */
export interface BuiltVerdict {
  /** The SHA-256 of the bytes written. */
  sha256: string;
  /** The destination whose reviewed rows it carries. */
  environment: Destination;
  rows: number;
  /** Its transaction IDs as a JSON list, when the destination had been sent files before. */
  idsPath: string | null;
  /** Where the history stood when its rows were read (`historyStamp` of the same connection). */
  historyStamp: string;
}

/**
 * The check of a file the core built and still keeps, by its ID (issue 13): the build's verdict
 * and the ledger as it is now, without reading the file again (a million rows were 3.3 s of
 * inflating, parsing, sorting and asking). It stands only while the bytes are those built (their
 * SHA-256), the destination is the one built for and nothing was committed to the history since
 * the build read its rows (a purge or a forgotten CPF takes answers the devices were known by);
 * otherwise null, and the whole check runs. The sending screen asks at once, so it mostly stands.
 *
 * What the build vouches for:
 * - no problems: the builder refuses a row the checks refuse, with the same rules;
 * - no foreign or unseen DeviceIds: its rows are outcomes set on rows of that destination's
 *   batches, each with the device its answer named (a colleague's, with the device their answer
 *   named, which the check also counts as known there);
 * - no rows changed since: they are the history's outcomes as they stand, for nothing was
 *   committed since the build read them (an outcome changed or cleared moves the stamp).
 *
 * The ledger (the same bytes, the same transactions sent) is asked with the IDs the build wrote;
 * a destination first sent to after the build has none written, so the whole check runs.
 */
export async function builtCheck(
  db: Db,
  file: UploadFileInput,
  built: BuiltVerdict,
  environment: Destination,
): Promise<UploadCheck | null> {
  if (built.environment !== environment || historyStamp(db) !== built.historyStamp) return null;
  const hash = sha256(file.bytes);
  if (hash !== built.sha256) return null;
  const repo = uploadsRepo(db);
  let ids: { json: string } = { json: '[]' };
  if (built.idsPath !== null) ids = { json: await readFile(built.idsPath, 'utf8') };
  else if (repo.anySent(environment)) return null;
  return {
    fileName: baseName(file.fileName),
    rows: built.rows,
    sha256: hash,
    environment,
    problems: [],
    foreignDevices: { count: 0, examples: [] },
    unseenDevices: { count: 0, examples: [] },
    ...ledgerOf({ repo, senders: uploadSendersRepo(db) }, hash, ids, environment),
    changedSince: 0,
  };
}
