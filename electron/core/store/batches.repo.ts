import type { PauseReason } from '../../../shared/batch';
import type { CustomUrl, Destination, EnvironmentName } from '../../../shared/environment';
import { fail, type Result } from '../../../shared/result';
import type { Db } from './db';
import { deletingMark } from './row-slices';
import { statementCache } from './statement-cache';

export type BatchState = 'ready' | 'running' | 'paused' | 'finished' | 'cancelled';

export type { PauseReason };

export interface BatchSettings {
  concurrency: number;
  /** Requests per second, or null for no limit beyond the concurrency. */
  ratePerSecond: number | null;
  timeoutMs: number;
  maxAttempts: number;
}

export interface BatchRecord {
  id: string;
  createdAt: string;
  updatedAt: string;
  sourceName: string;
  sourceSha256: string;
  environment: EnvironmentName;
  baseUrl: string;
  /** The address that answered when it is not the environment's own (`dcdesk --base-url`). */
  customUrl: CustomUrl | null;
  /** Whose answers these are: `customUrl`, else the environment. */
  destination: Destination;
  settings: BatchSettings;
  state: BatchState;
  pauseReason: PauseReason | null;
  pauseMessage: string | null;
  total: number;
  startedAt: string | null;
  finishedAt: string | null;
  /** Its rows are still being stored (migration 0015): a runner waits for more, not finishing. */
  storing: boolean;
  /**
   * Recent answers (this many days) to reuse once its last row is stored, for a batch stored
   * slice by slice (migration 0017); null: none.
   */
  skipRecentDays: number | null;
  /**
   * Its deletion started and has not ended (`deletingMark`): some of its rows may be gone already.
   * No door shows, resumes or writes it out as whole; the next opening finishes the deletion.
   */
  deleting: boolean;
}

export type NewBatch = Pick<
  BatchRecord,
  'id' | 'sourceName' | 'sourceSha256' | 'environment' | 'baseUrl' | 'settings' | 'total'
> & { customUrl?: CustomUrl | null; storing?: boolean; skipRecentDays?: number };

interface BatchRow {
  id: string;
  created_at: string;
  updated_at: string;
  source_name: string;
  source_sha256: string;
  environment: EnvironmentName;
  base_url: string;
  custom_url: CustomUrl | null;
  destination: Destination;
  settings_json: string;
  state: BatchState;
  pause_reason: PauseReason | typeof deletingMark | null;
  pause_message: string | null;
  total: number;
  started_at: string | null;
  finished_at: string | null;
  storing: 0 | 1;
  skip_recent_days?: number | null;
}

function toRecord(row: BatchRow): BatchRecord {
  return {
    id: row.id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    sourceName: row.source_name,
    sourceSha256: row.source_sha256,
    environment: row.environment,
    baseUrl: row.base_url,
    customUrl: row.custom_url,
    destination: row.destination,
    settings: JSON.parse(row.settings_json) as BatchSettings,
    state: row.state,
    pauseReason: row.pause_reason === deletingMark ? null : row.pause_reason,
    pauseMessage: row.pause_message,
    total: row.total,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    storing: row.storing === 1,
    skipRecentDays: row.skip_recent_days ?? null,
    deleting: row.pause_reason === deletingMark,
  };
}

/**
 * Why a batch whose deletion started (`BatchRecord.deleting`) cannot be resumed, exported,
 * reported or reviewed: some of its rows may be gone, and the rest would read as the whole batch.
 */
export function deletingText(batchId: string): string {
  return `Batch ${batchId} is being deleted: its deletion started and has not ended (it may have been stopped), so some of its rows are gone already. The next opening of the history (the app's start or any dcdesk command) finishes the deletion once no other process is deleting it. It cannot be resumed, exported, reported or reviewed meanwhile.`;
}

/** A refusal for a batch being deleted (see `deletingText`), or null for any other batch. */
export function refuseDeleting(record: Pick<BatchRecord, 'id' | 'deleting'>): Result<never> | null {
  return record.deleting ? fail('deleting', deletingText(record.id)) : null;
}

/**
 * A batch asked for by id that is not in the history: a window may still show one another window
 * or a `dcdesk purge` deleted.
 */
export function noBatch(batchId: string): Result<never> {
  return fail(
    'no_batch',
    `There is no batch ${batchId} in this history: it was deleted (in another window, by dcdesk purge or by the retention), or never stored here.`,
  );
}

/** Why a batch cannot be changed or read as a whole (missing, or being deleted), or null. */
export function refuseUnusable(
  batchId: string,
  record: Pick<BatchRecord, 'id' | 'deleting'> | null,
): Result<never> | null {
  return record ? refuseDeleting(record) : noBatch(batchId);
}

/** The batches table: one record per imported file (or single lookup). */
export function batchesRepo(db: Db) {
  // Prepared at first use, once: the `storing` column is migration 0015's, and a runner waiting
  // for a batch's rows asks for it at every commit.
  const statement = statementCache(db);
  const insert = db.prepare(`
    INSERT INTO batches (id, created_at, updated_at, source_name, source_sha256, environment, base_url, custom_url, settings_json, state, total)
    VALUES (@id, @now, @now, @sourceName, @sourceSha256, @environment, @baseUrl, @customUrl, @settings, 'ready', @total)`);

  const byId = db.prepare<[string], BatchRow>('SELECT * FROM batches WHERE id = ?');
  const newestFirst = db.prepare<[number], BatchRow>(
    'SELECT * FROM batches ORDER BY created_at DESC, id DESC LIMIT ?',
  );
  const setState = db.prepare(`
    UPDATE batches SET state = @state, pause_reason = @reason, pause_message = @message, updated_at = @now,
      started_at = COALESCE(started_at, CASE WHEN @state = 'running' THEN @now END),
      finished_at = CASE WHEN @state = 'finished' THEN @now ELSE finished_at END
    WHERE id = @id`);

  const setTotal = db.prepare('UPDATE batches SET total = ? WHERE id = ?');
  // A null rate (unlimited) is stored as JSON null, as the batch's insert writes it.
  const setPace = db.prepare(
    "UPDATE batches SET settings_json = json_set(settings_json, '$.concurrency', @concurrency, '$.ratePerSecond', @ratePerSecond) WHERE id = @id",
  );

  return {
    insert(batch: NewBatch, now: string): void {
      insert.run({
        ...batch,
        customUrl: batch.customUrl ?? null,
        settings: JSON.stringify(batch.settings),
        now,
      });
      // Only a batch stored slice by slice says so (the column is migration 0015's).
      if (batch.storing)
        statement('UPDATE batches SET storing = 1 WHERE id = @id').run({ id: batch.id });
      // Likewise the reuse a batch stored slice by slice waits for (migration 0017's column).
      if (batch.skipRecentDays !== undefined)
        statement('UPDATE batches SET skip_recent_days = @days WHERE id = @id').run({
          days: batch.skipRecentDays,
          id: batch.id,
        });
    },
    /** Whether the batch's rows are still being stored (one row read: cheap while a run waits). */
    isStoring(id: string): boolean {
      const row = statement<{ storing: 0 | 1 }>('SELECT storing FROM batches WHERE id = @id').get({
        id,
      });
      return row?.storing === 1;
    },
    /** The batch's last rows are stored: its total is final. */
    storedAll(id: string, total: number): void {
      statement('UPDATE batches SET storing = 0, total = @total WHERE id = @id').run({ total, id });
    },
    /** The row count of a batch whose rows were counted as they were stored. */
    setTotal(id: string, total: number): void {
      setTotal.run(total, id);
    },
    get(id: string): BatchRecord | null {
      const row = byId.get(id);
      return row ? toRecord(row) : null;
    },
    list(limit = 1000): BatchRecord[] {
      return newestFirst.all(limit).map(toRecord);
    },
    /**
     * The concurrency and rate a resumed run uses instead of those the batch was stored with, kept
     * so every door (and the next resume) reads the values in use.
     */
    setPace(id: string, pace: Pick<BatchSettings, 'concurrency' | 'ratePerSecond'>): void {
      setPace.run({ id, concurrency: pace.concurrency, ratePerSecond: pace.ratePerSecond });
    },
    setState(
      id: string,
      state: BatchState,
      now: string,
      pause: { reason: PauseReason; message: string } | null = null,
    ): void {
      setState.run({
        id,
        state,
        now,
        reason: pause?.reason ?? null,
        message: pause?.message ?? null,
      });
    },
  };
}

export type BatchesRepo = ReturnType<typeof batchesRepo>;
