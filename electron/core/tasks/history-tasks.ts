import type { FileScope, OutcomeChange, UploadCheck } from '../../../shared/contract/outcomes';
import type { ResultFilter } from '../../../shared/contract/results';
import type { ReviewOutcome } from '../../../shared/domain/types';
import type { Destination } from '../../../shared/environment';
import { fail, ok, type Result } from '../../../shared/result';
import { reviewService } from '../review/review-service';
import type { Db } from '../store/db';
import { searchRepo } from '../store/search.repo';
import { builtCheck, type BuiltVerdict } from '../uploads/built-check';
import { fileFromBase64 } from '../uploads/file-base64';
import { uploadGuard } from '../uploads/upload-guard';
import { prepareUpload, type PrepareTarget, type Prepared } from '../uploads/upload-prepare';
import { buildFile, type BuildAnswer, type BuildFileTask } from './build-file';

/**
 * Work over a whole batch that would hold the core's thread for seconds (issue 13), as requests
 * a thread of its own can run on its own connection to the history (`task-thread.ts`), or the
 * core's thread, when the door gave it none (`historyTasks`). Only plain data crosses.
 */
export type HistoryTask =
  /** A bulk outcome over a results filter (`ReviewService.setFiltered`). */
  | {
      kind: 'bulkOutcome';
      batchId: string;
      filter: ResultFilter;
      outcome: ReviewOutcome | null;
      expected?: number;
      analyst: string;
    }
  /**
   * A bulk outcome over every row a search matches that passes `filter`: thousands of rows for a
   * CPF or a device, more for a device a fraud ring shares, so off the core's thread too.
   */
  | {
      kind: 'searchOutcome';
      query: string;
      filter: ResultFilter;
      outcome: ReviewOutcome | null;
      expected?: number;
      analyst: string;
    }
  /**
   * The transactions a file would carry with their outcomes (for the team's ledger to say which
   * a colleague sent with the same outcome).
   */
  | { kind: 'fileIds'; environment: Destination; batchId?: string; scope: FileScope }
  /** A response-variable file of the reviewed rows, written to `path`. */
  | ({ kind: 'buildFile' } & BuildFileTask)
  /** The history's part of a send: the file checked, the guard asked, the ledger line stored. */
  | { kind: 'prepareUpload'; fileName: string; bytes: Uint8Array; target: PrepareTarget }
  /**
   * The checks and the re-send guard of a file, read from `path` or given as base64 text; a file
   * the core built comes with its build's verdict (see `builtCheck`).
   */
  | {
      kind: 'checkFile';
      fileName: string;
      source: { path: string; built?: BuiltVerdict } | { base64: string };
      environment: Destination;
    };

/** What each task answers. */
export interface TaskAnswers {
  bulkOutcome: Result<OutcomeChange>;
  searchOutcome: Result<OutcomeChange>;
  fileIds: Array<{ transactionId: string; outcome: string }>;
  buildFile: BuildAnswer;
  checkFile: Result<UploadCheck>;
  prepareUpload: Result<Prepared>;
}

/** Told as a task goes: rows done of a total. */
export type TaskProgress = (done: number, total: number) => void;

/**
 * Runs one task on `db`, on whatever thread holds it; throws only what SQLite or the disk throw.
 * `onThread`: `db` is the task thread's own connection, so a bulk outcome checkpoints between its
 * slices (see `betweenSlices`; on the core's thread a checkpoint would hold every window), and a
 * file's rows are read in one read transaction (see `FileRowsOptions.snapshot`).
 */
export async function runHistoryTask(
  db: Db,
  task: HistoryTask,
  progress: TaskProgress,
  onThread = false,
): Promise<TaskAnswers[HistoryTask['kind']]> {
  switch (task.kind) {
    case 'bulkOutcome':
      return reviewService(db, () => task.analyst).setFiltered(
        task.batchId,
        task.filter,
        task.outcome,
        { expected: task.expected, progress, ownCheckpoints: onThread },
      );
    case 'searchOutcome':
      return db.transaction(() => setSearched(db, task)).immediate();
    case 'fileIds': {
      const rows = await reviewService(db).fileRows(task.environment, task, { snapshot: onThread });
      return rows.map((row) => ({ transactionId: row.transactionId, outcome: row.outcome }));
    }
    case 'buildFile':
      return buildFile(db, task, progress, { snapshot: onThread });
    case 'prepareUpload':
      return prepareUpload(db, { fileName: task.fileName, bytes: task.bytes }, task.target);
    case 'checkFile': {
      const { readFile } = await import('node:fs/promises');
      const file =
        'base64' in task.source
          ? fileFromBase64(task.fileName, task.source.base64)
          : ok({
              fileName: task.fileName,
              bytes: new Uint8Array(await readFile(task.source.path)),
            });
      if (!file.ok) return file;
      const built =
        'built' in task.source && task.source.built
          ? await builtCheck(db, file.value, task.source.built, task.environment)
          : null;
      if (built) return ok(built);
      const { check } = await uploadGuard(db).inspect(file.value, task.environment);
      return ok(check);
    }
  }
}

/**
 * Sets the outcome on every row the search matches, in one transaction: the rows counted are
 * the rows changed. Nothing changes when their number is not the one the analyst confirmed.
 */
function setSearched(
  db: Db,
  task: Extract<HistoryTask, { kind: 'searchOutcome' }>,
): Result<OutcomeChange> {
  const targets = searchRepo(db).targets(task.query, task.filter);
  if (task.expected !== undefined && targets.length !== task.expected)
    return fail(
      'stale',
      `The lookups matching the search changed: ${String(targets.length)} now, ${String(task.expected)} when you confirmed. Nothing was changed; look again and confirm.`,
    );
  if (targets.length === 0)
    return ok({ changed: 0, withoutTransactionId: 0, withoutDevice: 0, otherDevice: 0 });
  return reviewService(db, () => task.analyst).set(targets, task.outcome);
}
