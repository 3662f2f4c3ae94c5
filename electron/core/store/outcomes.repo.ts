import type { ResultFilter } from '../../../shared/contract/results';
import { outcomes } from '../../../shared/domain/types';
import type { Outcome, ResponseVariableRow, ReviewOutcome } from '../../../shared/domain/types';
import type { Destination } from '../../../shared/environment';
import { batchKeyOf } from './batch-key';
import type { Db } from './db';
import { idIn, sameId } from './exact-id';
import { filterSql } from './result-filter';
import { keptUntilChange } from './count-cache';
import { statementCache } from './statement-cache';
import { notDeleting } from './deleting-batches';

/** A row as review sees it: its transaction id and the device its answer named, if any. */
export interface ReviewedRow {
  batchId: string;
  seq: number;
  externalId: string | null;
  /** The device of an `ok` answer; null for a 204, a failure or a row not answered yet. */
  deviceId: string | null;
}

/** Where a slice of file rows ended: the last outcome's time and row id. */
export interface FileRowsCursor {
  setAt: string;
  id: number;
}

/** Where an id of an outcomes spreadsheet stands in the history. */
export interface KnownTransaction {
  /** The device of the most recent `ok` lookup with this id, and its batch. */
  device: { deviceId: string; batchId: string } | null;
  /** True when some stored row carries the id (answered or not). */
  seen: boolean;
  /** The outcome already stored for the id. */
  current: ReviewOutcome | null;
  /** The device that stored outcome names (an older lookup's, perhaps), or null. */
  currentDevice: string | null;
}

interface RowColumns {
  batch_id: string;
  seq: number;
  external_id: string | null;
  device_id: string | null;
}

const toReviewed = (row: RowColumns): ReviewedRow => ({
  batchId: row.batch_id,
  seq: row.seq,
  externalId: row.external_id,
  deviceId: row.device_id,
});

/** The device column of a row: only an answered (`ok`) lookup names one. */
const answeredDevice = "CASE WHEN l.status = 'ok' THEN l.device_id END AS device_id";

/**
 * Accepted by `environment`: the same transaction, device and outcome in a `sent` upload. CROSS
 * JOIN keeps SQLite on the transaction's index first (without ANALYZE it would walk every upload).
 */
const sentTo = `EXISTS (SELECT 1 FROM upload_transactions ut CROSS JOIN uploads u ON u.id = ut.upload_id
  WHERE ut.external_id = o.external_id AND ut.device_id = o.device_id AND ut.outcome = o.outcome
    AND u.status = 'sent' AND u.environment = @environment)`;

/**
 * "In the batch" is asked per outcome (EXISTS along the external-id index), never as the set of a
 * batch's ids: a million-row batch would build that set, a second and more, for a few outcomes.
 *
 * Outcomes whose device an answer of `@environment` named (a sandbox device never goes to
 * production), of the transaction ids of one batch or of all.
 */
/**
 * The outcome's transaction is one of the batch `@batchId`'s: set on a row of that batch (most of
 * them, found without a lookup), or set elsewhere on a transaction the batch also holds whose
 * answer there named the reviewed device (asked along the external-id index, then the answer's
 * key). A row whose answer named another device shows no outcome (`outcomeJoin`), so it is not
 * counted or sent with the batch either. The first is asked first: over a million outcomes the
 * lookup is most of a second. An outcome of another environment is never the batch's, even of
 * the same device (the sandbox answers the test environment's lookups with the same devices).
 */
const inBatch = `(o.batch_id = @batchId OR (o.environment = (SELECT destination FROM batches
    WHERE id = @batchId) AND EXISTS (SELECT 1 FROM batch_rows r
  CROSS JOIN lookups l ON l.batch_key = r.batch_key AND l.seq = r.seq
  WHERE ${sameId('r.external_id', 'o.external_id')} AND r.batch_key = ${batchKeyOf('@batchId')}
    AND l.device_id = o.device_id)))`;

const scopeOf = (batchId: string | undefined) => {
  // `Legítima` is a local review state: never in a file, never counted as waiting to be sent.
  // An outcome's environment is the destination of the batch it was set on, or, for a colleague's
  // on a transaction no batch here holds, theirs (`put`); one set here whose batch is gone is in
  // no file.
  const own =
    "o.environment = @environment AND o.outcome <> 'Legítima' AND o.device_id IS NOT NULL AND (o.batch_id IS NOT NULL OR o.set_by IS NOT NULL)";
  return batchId === undefined ? own : `${own} AND ${inBatch}`;
};

/**
 * `scopeOf`, for a file's rows: the same rows, asked first whether the outcome was set on a row
 * of the batch, itself one of `@environment`'s (asked once, not per outcome). That is most of a
 * batch's outcomes, which then skip the rest: over a million, a tenth of a second of reading.
 */
const fileScopeOf = (batchId: string | undefined) =>
  batchId === undefined
    ? scopeOf(batchId)
    : `((o.outcome <> 'Legítima' AND o.device_id IS NOT NULL AND o.batch_id = @batchId
         AND EXISTS (SELECT 1 FROM batches WHERE id = @batchId AND destination = @environment))
       OR (${scopeOf(batchId)}))`;

/**
 * The `outcomes` table: one outcome per transaction id and environment (the destination of the
 * batch it was set on; migration 0020), with the device it names.
 */
/** The key of a file's measures: its destination, batch (or all) and scope. */
const fileKey = (environment: Destination, batchId: string | undefined, unsentOnly: boolean) =>
  `${environment}\u0000${batchId ?? ''}\u0000${unsentOnly ? 'unsent' : 'all'}`;

/** Reviewed transactions of one destination and outcome, and how many were not sent. */
interface DestinationCount {
  destination: Destination;
  outcome: ReviewOutcome;
  n: number;
  unsent: number;
}

export function outcomesRepo(db: Db) {
  const statement = statementCache(db);
  const summaries = keptUntilChange<DestinationCount[]>(db, 8);
  const measures = keptUntilChange<{ count: number; valueBytes: number }>(db, 8);
  const counts = keptUntilChange<number>(db, 8);
  const row = db.prepare<[string, number], RowColumns>(
    `SELECT b.id AS batch_id, r.seq, r.external_id, ${answeredDevice}
     FROM batches b JOIN batch_rows r ON r.batch_key = b.key
     LEFT JOIN lookups l ON l.batch_key = r.batch_key AND l.seq = r.seq
     WHERE b.id = ? AND r.seq = ?`,
  );
  const put = db.prepare(
    `INSERT INTO outcomes (external_id, device_id, outcome, batch_id, set_at, environment, set_by)
     VALUES (@externalId, @deviceId, @outcome, @batchId, @now,
       coalesce((SELECT destination FROM batches WHERE id = @batchId), @environment), @setBy)
     ON CONFLICT (external_id, environment) DO UPDATE SET device_id = excluded.device_id,
       outcome = excluded.outcome, batch_id = excluded.batch_id, set_at = excluded.set_at,
       set_by = excluded.set_by
     WHERE outcome IS NOT excluded.outcome OR device_id IS NOT excluded.device_id
       OR set_by IS NOT excluded.set_by`,
  );
  const destination = db
    .prepare<[string], Destination>('SELECT destination FROM batches WHERE id = ?')
    .pluck();
  const clear = db.prepare<[string, string]>(
    'DELETE FROM outcomes WHERE external_id = ? AND environment = ?',
  );
  const current = db.prepare<[string, string], { outcome: ReviewOutcome }>(
    'SELECT outcome FROM outcomes WHERE external_id = ? AND environment = ?',
  );
  const currentWithDevice = db.prepare<
    [string, string],
    { outcome: ReviewOutcome; device_id: string | null }
  >('SELECT outcome, device_id FROM outcomes WHERE external_id = ? AND environment = ?');
  const latestDevice = db.prepare<
    [{ id: string; destination: Destination }],
    { device_id: string; batch_id: string }
  >(
    `SELECT l.device_id, b.id AS batch_id
     FROM batch_rows r
     JOIN lookups l ON l.batch_key = r.batch_key AND l.seq = r.seq
     JOIN batches b ON b.key = r.batch_key
     WHERE ${sameId('r.external_id', '@id')} AND b.destination = @destination AND l.status = 'ok' AND l.device_id IS NOT NULL
       AND ${notDeleting('b.key')}
     ORDER BY l.looked_up_at DESC, b.created_at DESC, r.seq DESC LIMIT 1`,
  );
  const seen = db.prepare<[{ id: string; destination: Destination }], 1>(
    `SELECT 1 FROM batch_rows r JOIN batches b ON b.key = r.batch_key
     WHERE ${sameId('r.external_id', '@id')} AND b.destination = @destination
       AND ${notDeleting('b.key')} LIMIT 1`,
  );

  return {
    /** One row of one batch, or null when the batch has no such row. */
    row(batchId: string, seq: number): ReviewedRow | null {
      const found = row.get(batchId, seq);
      return found ? toReviewed(found) : null;
    },
    /**
     * The rows of a batch that match a results filter, in input order; with `slice`, at most
     * `limit` of them after row `after` (a slice of a large batch, read along the primary key).
     */
    filtered(
      batchId: string,
      filter: ResultFilter,
      slice?: { after: number; limit: number },
    ): ReviewedRow[] {
      const { where, params } = filterSql(batchId, filter);
      const range = slice ? ' AND ri.seq > @sliceAfter' : '';
      const limit = slice ? ' LIMIT @sliceLimit' : '';
      // Read whole (numbers and ids only): writes cannot run while a statement iterates. CROSS
      // JOIN keeps the results index outside, walked in `seq` order: driven by batch_rows (as
      // SQLite picks for an outcome filter), each slice sorted every remaining row again.
      return statement<RowColumns>(
        `SELECT @batchId AS batch_id, r.seq, r.external_id, ${answeredDevice}
         FROM result_index ri
         CROSS JOIN batch_rows r ON r.batch_key = ri.batch_key AND r.seq = ri.seq
         LEFT JOIN lookups l ON l.batch_key = r.batch_key AND l.seq = r.seq
         WHERE ${where}${range} ORDER BY ri.seq${limit}`,
      )
        .all(slice ? { ...params, sliceAfter: slice.after, sliceLimit: slice.limit } : params)
        .map(toReviewed);
    },
    /** How many rows of a batch match a results filter, and the batch's last `seq`. */
    filteredCount(batchId: string, filter: ResultFilter): { count: number; lastSeq: number } {
      const { where, params } = filterSql(batchId, filter);
      const count =
        statement<{ n: number }>(`SELECT COUNT(*) AS n FROM result_index ri WHERE ${where}`).get(
          params,
        )?.n ?? 0;
      const lastSeq =
        statement<{ seq: number | null }>(
          `SELECT max(seq) AS seq FROM result_index WHERE batch_key = ${batchKeyOf('@batchId')}`,
        ).get({ batchId })?.seq ?? 0;
      return { count, lastSeq };
    },
    /**
     * Stores an outcome for a transaction id in the environment of the batch `batchId` (the
     * destination it was looked up in); returns 1 when something changed (a new outcome,
     * another outcome or another device), 0 when it was already stored so (its time is kept).
     * `from` is for a colleague's change pulled from the team: its environment (used when no
     * batch here holds the transaction; a batch given must be of that environment) and who made it.
     */
    put(
      externalId: string,
      deviceId: string,
      outcome: ReviewOutcome,
      batchId: string | null,
      now: string,
      from: { environment: string; setBy: string } | null = null,
    ) {
      return put.run({
        externalId,
        deviceId,
        outcome,
        batchId,
        now,
        environment: from?.environment ?? null,
        setBy: from?.setBy ?? null,
      }).changes;
    },
    /** The destination of a batch, the environment of the outcomes set on its rows; or null. */
    destinationOf(batchId: string): Destination | null {
      return destination.get(batchId) ?? null;
    },
    /** The stored outcome of a transaction id in an environment, or undefined. */
    current(externalId: string, environment: string) {
      return current.get(externalId, environment);
    },
    /** Removes a transaction id's outcome in an environment; returns 1 when there was one. */
    clear(externalId: string, environment: string): number {
      return clear.run(externalId, environment).changes;
    },
    /**
     * Where an id stands in `environment`'s batches: its newest device, whether any row has it;
     * and its outcome stored there.
     */
    known(externalId: string, environment: Destination): KnownTransaction {
      const params = { id: externalId, destination: environment };
      const device = latestDevice.get(params);
      const stored = currentWithDevice.get(externalId, environment);
      return {
        device: device ? { deviceId: device.device_id, batchId: device.batch_id } : null,
        seen: device !== undefined || seen.get(params) !== undefined,
        current: stored?.outcome ?? null,
        currentDevice: stored?.device_id ?? null,
      };
    },
    /** Reviewed transactions per outcome, and how many of them `environment` has not accepted. */
    /**
     * The outcomes of a batch's transactions (or of all), by the destination they count for and
     * outcome, with how many of each `environment` has not been sent: in one pass over the
     * outcomes, what `counts` and `reviewedBy` tell together (a million outcomes are a second of
     * reading each).
     */
    byDestination(environment: Destination, batchId?: string): readonly DestinationCount[] {
      const batchOnly = batchId === undefined ? '' : ` AND ${inBatch}`;
      const read = () =>
        statement<DestinationCount>(
          `SELECT o.environment AS destination, o.outcome,
             COUNT(*) AS n, SUM(NOT ${sentTo}) AS unsent
           FROM outcomes o
           WHERE o.device_id IS NOT NULL AND (o.batch_id IS NOT NULL OR o.set_by IS NOT NULL)${batchOnly}
           GROUP BY 1, 2`,
        ).all(batchId === undefined ? { environment } : { environment, batchId });
      // One pass over a million outcomes is about 0.8 s of the core's thread, and the window asks
      // again each time the review or sending screen comes back: kept until the history changes.
      return db
        .transaction(() => summaries(`${environment}\u0000${batchId ?? ''}`, read))
        .deferred();
    },
    counts(environment: Destination, batchId?: string) {
      return statement<{ outcome: Outcome; n: number; unsent: number }>(
        `SELECT o.outcome, COUNT(*) AS n, SUM(NOT ${sentTo}) AS unsent
         FROM outcomes o WHERE ${scopeOf(batchId)} GROUP BY o.outcome`,
      ).all(batchId === undefined ? { environment } : { environment, batchId });
    },
    /** How many of these transaction ids only batches of other destinations carry. */
    seenElsewhere(ids: string[], destination: Destination): number {
      return (
        statement<{ n: number }>(
          `SELECT COUNT(DISTINCT r.external_id) AS n FROM batch_rows r
           JOIN batches b ON b.key = r.batch_key
           WHERE ${idIn('r.external_id', '(SELECT value FROM json_each(@ids))')}
             AND b.destination <> @destination AND ${notDeleting('b.key')}`,
        ).get({ ids: JSON.stringify(ids), destination })?.n ?? 0
      );
    },
    /**
     * Reviewed transactions per environment (the destination of the batch they were set on),
     * with an outcome a file carries: Legítima, never sent, would say a file lacks rows it never
     * holds.
     */
    reviewedBy(batchId?: string): Array<{ destination: Destination; count: number }> {
      const batchOnly = batchId === undefined ? '' : ` AND ${inBatch}`;
      // A colleague's outcome on a transaction no batch here holds has only its environment.
      return statement<{ destination: Destination; count: number }>(
        `SELECT o.environment AS destination, COUNT(*) AS count
         FROM outcomes o
         WHERE o.outcome <> 'Legítima' AND o.device_id IS NOT NULL
           AND (o.batch_id IS NOT NULL OR o.set_by IS NOT NULL)${batchOnly}
         GROUP BY 1 ORDER BY count DESC`,
      ).all(batchId === undefined ? {} : { batchId });
    },
    /**
     * How many rows `fileRows` gives, and the UTF-8 bytes of their three values, in the same pass
     * (the summary asks far more of each row): a file's progress total, and a CSV's size before a
     * row is read.
     */
    fileMeasure(
      environment: Destination,
      batchId: string | undefined,
      unsentOnly: boolean,
    ): { count: number; valueBytes: number } {
      const unsent = unsentOnly ? ` AND NOT ${sentTo}` : '';
      const bytes = (column: string) => `length(CAST(${column} AS BLOB))`;
      const read = () => {
        const found = statement<{ n: number; bytes: number }>(
          `SELECT COUNT(*) AS n,
             COALESCE(SUM(${bytes('o.external_id')} + ${bytes('o.device_id')} + ${bytes('o.outcome')}), 0) AS bytes
           FROM outcomes o WHERE ${fileScopeOf(batchId)}${unsent}`,
        ).get(batchId === undefined ? { environment } : { environment, batchId });
        return { count: found?.n ?? 0, valueBytes: found?.bytes ?? 0 };
      };
      const key = fileKey(environment, batchId, unsentOnly);
      return db.transaction(() => measures(key, read)).deferred();
    },
    /**
     * How many rows `fileRows` gives: `fileMeasure`'s count alone, or the count it kept (the
     * sending screen measures the CSV first, then builds the zip: a million outcomes are a third
     * of a second to count again).
     */
    fileCount(environment: Destination, batchId: string | undefined, unsentOnly: boolean): number {
      const unsent = unsentOnly ? ` AND NOT ${sentTo}` : '';
      const key = fileKey(environment, batchId, unsentOnly);
      const read = () =>
        measures.peek(key)?.count ??
        statement<{ n: number }>(
          `SELECT COUNT(*) AS n FROM outcomes o WHERE ${fileScopeOf(batchId)}${unsent}`,
        ).get(batchId === undefined ? { environment } : { environment, batchId })?.n ??
        0;
      return db.transaction(() => counts(key, read)).deferred();
    },
    /**
     * Reviewed transactions as file rows, oldest outcome first; only unsent ones if asked. At
     * most `limit` of them, those after the outcome `after` (the `next` of the previous slice):
     * a million are read a slice at a time along the `set_at` index.
     *
     * Each row comes out of SQLite as one text: its outcome's digit, its transaction ID, U+001F,
     * its device. One value a row instead of an array of five: a million rows were 1.6 s and more
     * of reading, most of it the collector's. A value holding U+001F itself (a control character,
     * which the file's checks refuse) cannot be told apart, so such a slice is read again as
     * arrays, as is one with an outcome that is not a file's.
     */
    fileRows(
      environment: Destination,
      batchId: string | undefined,
      unsentOnly: boolean,
      slice: { after: FileRowsCursor | null; limit: number },
    ): { rows: ResponseVariableRow[]; next: FileRowsCursor | null } {
      const params: Record<string, string | number> = { environment, limit: slice.limit };
      if (batchId !== undefined) params.batchId = batchId;
      if (slice.after)
        Object.assign(params, { afterAt: slice.after.setAt, afterId: slice.after.id });
      const sql = (columns: FileRowColumns) =>
        fileRowsSql(columns, batchId, unsentOnly, slice.after !== null);
      // The slice and where it ended, read at one moment (a write between them would move it).
      return db
        .transaction(() => {
          const lines = statement<string>(sql(lineColumns)).pluck(true).all(params);
          const rows =
            splitLines(lines) ?? arrayRows(statement<unknown>(sql(arrayColumns)), params);
          const last = rows.at(-1);
          if (!last || rows.length < slice.limit) return { rows, next: null };
          // The external ID is unique in an environment: the last row's place, by one lookup.
          const next = statement<FileRowsCursor>(
            'SELECT set_at AS setAt, id FROM outcomes WHERE external_id = @id AND environment = @environment',
          ).get({ id: last.transactionId, environment });
          // Read in this transaction, it is there: were it not, the file would end short.
          if (!next) throw new Error('The last outcome of a slice of file rows was not found.');
          return { rows, next };
        })
        .deferred();
    },
  };
}

/** The digit `fileRows` reads for each outcome a file carries (its place in `outcomes`). */
const outcomeDigit = `CASE o.outcome ${outcomes
  .map((outcome, digit) => `WHEN '${outcome}' THEN '${String(digit)}'`)
  .join(' ')} ELSE '-' END`;

/** A file row's columns as `fileRowsSql` reads them: each as SQL, and the name it is given. */
type FileRowColumns = Array<[sql: string, name: string]>;

/**
 * The SQL of a slice of `fileRows`: the outcomes of the file's scope in `set_at, id` order, those
 * after the cursor `(@afterAt, @afterId)` when `after`. The cursor is two seeks, not a row value:
 * SQLite reads `(set_at, id) > (?, ?)` as `set_at >= ?` and filters the ids, so where a bulk
 * outcome gave a million rows one `set_at`, each slice walked every row before it (8 s of a
 * million-row zip). `set_at = ? AND id > ?` seeks the cursor's place in the index; `set_at > ?`
 * starts past its time; each is cut at the slice and the two are ordered again (at most twice
 * the slice, never the table).
 */
export function fileRowsSql(
  columns: FileRowColumns,
  batchId: string | undefined,
  unsentOnly: boolean,
  after: boolean,
): string {
  const unsent = unsentOnly ? ` AND NOT ${sentTo}` : '';
  const scope = `FROM outcomes o WHERE ${fileScopeOf(batchId)}${unsent}`;
  const order = 'ORDER BY o.set_at, o.id LIMIT @limit';
  const values = columns.map(([value, name]) => `${value} AS ${name}`).join(', ');
  if (!after) return `SELECT ${values} ${scope} ${order}`;
  const part = (where: string) =>
    `SELECT * FROM (SELECT ${values}, o.set_at AS cursor_at, o.id AS cursor_id ${scope} AND ${where} ${order})`;
  return `SELECT ${columns.map(([, name]) => name).join(', ')} FROM (
    ${part('o.set_at = @afterAt AND o.id > @afterId')}
    UNION ALL ${part('o.set_at > @afterAt')})
    ORDER BY cursor_at, cursor_id LIMIT @limit`;
}

/** Each row as one text (see `fileRows`). */
const lineColumns: FileRowColumns = [
  [`${outcomeDigit} || o.external_id || char(31) || o.device_id`, 'line'],
];

/** Each row as its three values: for a slice whose values hold U+001F. */
const arrayColumns: FileRowColumns = [
  ['o.external_id', 'external_id'],
  ['o.device_id', 'device_id'],
  ['o.outcome', 'outcome'],
];

/** The rows of `fileRows`' texts, or null when one is not a digit, an ID, U+001F and a device. */
function splitLines(lines: Array<string | null>): ResponseVariableRow[] | null {
  const rows = new Array<ResponseVariableRow>(lines.length);
  for (let at = 0; at < lines.length; at += 1) {
    const line = lines[at] ?? '';
    const outcome = outcomes[line.charCodeAt(0) - 48];
    const separator = line.indexOf('\u001f', 1);
    if (outcome === undefined || separator < 0 || line.includes('\u001f', separator + 1))
      return null;
    rows[at] = {
      transactionId: line.slice(1, separator),
      deviceId: line.slice(separator + 1),
      outcome,
    };
  }
  return rows;
}

/** The same rows, read as arrays: for a slice whose values hold U+001F. */
function arrayRows(
  query: ReturnType<ReturnType<typeof statementCache>>,
  params: Record<string, string | number>,
): ResponseVariableRow[] {
  const found = query.raw(true).all(params) as Array<[string, string, Outcome]>;
  return found.map(([transactionId, deviceId, outcome]) => ({ transactionId, deviceId, outcome }));
}

export type OutcomesRepo = ReturnType<typeof outcomesRepo>;
