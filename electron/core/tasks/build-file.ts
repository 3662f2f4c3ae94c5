import { writeFile } from 'node:fs/promises';
import type { BuiltFileView } from '../../../shared/contract/outcomes';
import type { Destination } from '../../../shared/environment';
import type { FileScope } from '../../../shared/contract/outcomes';
import { maxUploadBytes, responseFileBuilder, tooLarge } from '../../../shared/outcomes';
import {
  streamedResponseFile,
  type StreamedBuild,
  type StreamedResponseFile,
} from '../../../shared/outcomes/response-builder';
import { checkResponseRows } from '../../../shared/outcomes/response-checks';
import type { ResponseVariableRow } from '../../../shared/domain/types';
import type { ResponseFileKind, ResponseSeparator } from '../../../shared/outcomes/types';
import { reviewService } from '../review/review-service';
import type { Db } from '../store/db';
import { historyStamp } from '../store/history-stamp';
import { inSnapshot } from '../store/read-snapshot';
import { gatheredDeflater } from './gathered-deflater';
import { nodeDeflater } from './node-deflater';
import { uploadsRepo } from '../store/uploads.repo';
import { sha256 } from '../uploads/upload-guard';

/** A built file as the core keeps it: the view the window gets, less what the core adds. */
export type BuildAnswer = Omit<BuiltFileView, 'sentByTeam' | 'teamError' | 'file'> & {
  file: Omit<NonNullable<BuiltFileView['file']>, 'fileId'> | null;
  /** True when the file's transaction IDs were written to `idsPath` (see `BuildFileTask`). */
  idsWritten?: boolean;
  /** Where the history stood when its rows were read (`historyStamp`). */
  historyStamp?: string;
};

/** A response-variable file of the reviewed rows, to be written to `path`. */
export interface BuildFileTask {
  environment: Destination;
  batchId?: string;
  scope: FileScope;
  /** Transaction IDs left out (the team's ledger shows them sent). */
  exclude: string[];
  fileKind: ResponseFileKind;
  separator: ResponseSeparator;
  fileName: string;
  path: string;
  /**
   * Where the file's transaction IDs (trimmed, as the ledger keeps them) are written as a JSON
   * list when the destination has been sent files before: the check of the kept file by its ID
   * asks the ledger about them without reading the file again (see `builtCheck`).
   */
  idsPath?: string;
}

/** Rows read at a time, and between two reports of progress. */
const sliceRows = 4_096;
const progressRows = 65_536;

/**
 * One review service per connection, so what it counted is kept from one build to the next while
 * the history is unchanged (the sending screen measures the CSV, then builds the zip).
 */
const reviews = new WeakMap<Db, ReturnType<typeof reviewService>>();
function reviewOf(db: Db): ReturnType<typeof reviewService> {
  const known = reviews.get(db);
  if (known) return known;
  const review = reviewService(db);
  reviews.set(db, review);
  return review;
}

/** How `buildFile` reads and builds. */
export interface BuildFileOptions {
  /**
   * `db` is the task thread's own connection: the count and the rows are read in one read
   * transaction (see `FileRowsOptions.snapshot`).
   */
  snapshot?: boolean;
  /** The largest file built (`maxUploadBytes`, the most the app sends, unless said). */
  maxBytes?: number;
}

/**
 * Reads the reviewed rows of a file from the history, builds the file with the shared builder
 * (the one `dcdesk outcomes build` uses: the same rows give the same bytes) and writes it to
 * `path`. Only its preview, size and SHA-256 come back: the bytes stay on disk, where a check, a
 * send or a saved copy take them.
 */
export async function buildFile(
  db: Db,
  task: BuildFileTask,
  progress: (done: number, total: number) => void,
  { snapshot = false, maxBytes = maxUploadBytes }: BuildFileOptions = {},
): Promise<BuildAnswer> {
  const review = reviewOf(db);
  const left = new Set(task.exclude);
  const building = {
    kind: task.fileKind,
    separator: task.separator,
    fileName: task.fileName,
    deflater: gatheredDeflater(nodeDeflater, 1 << 20),
    maxBytes,
  };
  // In a snapshot the rows can be read again as they were, so none is kept for the problems of
  // a refused file; otherwise they are kept, as a second reading may see others.
  const builder: StreamedResponseFile = snapshot
    ? streamedResponseFile(building)
    : responseFileBuilder(building);
  const kept = (slice: ResponseVariableRow[]) =>
    left.size === 0 ? slice : slice.filter((row) => !left.has(row.transactionId));
  let count = 0;
  // The IDs as JSON text, a slice at a time: only a destination sent to before has a ledger to ask.
  const ids: string[] | null =
    task.idsPath !== undefined && uploadsRepo(db).anySent(task.environment) ? [] : null;
  /** Reads the rows and builds the file; a CSV refused before any is read comes back. */
  // Where the history stood when the rows were read: the check by ID stands on this build's
  // verdict only while nothing has been committed since (see `builtCheck`).
  let stamp = '';
  async function read(): Promise<BuildAnswer | StreamedBuild> {
    stamp = historyStamp(db);
    // A zip's size is not known from its values: only the progress total is counted.
    const csv = task.fileKind === 'csv' ? review.fileMeasure(task.environment, task) : null;
    const total = csv?.count ?? review.fileMeasure(task.environment, task, false).count;
    progress(0, total);
    // A CSV already over the limit by its values alone (quotes only add) is refused before a
    // row is read: a million rows were 3.6 s of reading to be refused.
    if (csv && left.size === 0 && csv.csvBytes > maxBytes) {
      return { rows: total, file: null, problems: [tooLarge(csv.csvBytes, false)] };
    }
    // Each slice is written, and deflated on libuv's pool, while the next is read; none is kept.
    // Small slices die young: at 65,536 rows each slice outlived the collector's young space and
    // was copied on (a million rows: a second of collecting, a third of it at 4,096).
    let told = 0;
    await review.fileRows(task.environment, task, {
      sliceRows,
      collect: false,
      progress: (done, slice) => {
        const rows = kept(slice);
        count += rows.length;
        builder.add(rows);
        if (ids && rows.length > 0)
          ids.push(JSON.stringify(rows.map((row) => row.transactionId.trim())).slice(1, -1));
        // Told as often as before (every 65,536 rows, and at the end), not at every slice.
        if (done - told < progressRows && slice.length === sliceRows) return;
        told = done;
        progress(Math.min(done, total), total);
      },
    });
    const built = await builder.finish();
    if (built.ok || built.problems) return built;
    // A row with a problem: the rows again, in the same snapshot, for the checks to name each.
    const rows = kept(await review.fileRows(task.environment, task, { sliceRows }));
    return { ok: false, problems: checkResponseRows(rows) };
  }
  const built = await (snapshot ? inSnapshot(db, read) : read());
  if (!('ok' in built)) return built;
  if (count === 0) return { rows: 0, file: null, problems: [] };
  if (!built.ok) return { rows: count, file: null, problems: built.problems ?? [] };
  const { file } = built;
  await writeFile(task.path, file.bytes, { mode: 0o600 });
  if (ids && task.idsPath !== undefined)
    await writeFile(task.idsPath, `[${ids.join(',')}]`, { mode: 0o600 });
  return {
    rows: count,
    idsWritten: ids !== null,
    historyStamp: stamp,
    problems: [],
    file: {
      fileName: file.fileName,
      kind: file.kind,
      mimeType: file.mimeType,
      preview: file.preview,
      sha256: sha256(file.bytes),
    },
  };
}
