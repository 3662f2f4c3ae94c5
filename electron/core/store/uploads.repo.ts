import type { UploadStatus, UploadView } from '../../../shared/contract/outcomes';
import type { ResponseVariableRow } from '../../../shared/domain/types';
import type { Destination } from '../../../shared/environment';
import { gatewayStatuses } from '../../../shared/result';
import type { Db } from './db';
import { statementCache } from './statement-cache';
import { sameId } from './exact-id';
import { notDeleting } from './deleting-batches';

/** A ledger line to store: the file's bytes and rows, and what the service answered. */
export interface NewUpload {
  createdAt: string;
  fileName: string;
  kind: 'csv' | 'zip';
  sha256: string;
  environment: Destination;
  status: UploadStatus;
  httpStatus: number | null;
  messages: string[];
  answer: unknown;
  resentFrom: number | null;
  /** `sending` while the request is out; the error code of a failed upload. */
  errorCode: string | null;
  bytes: Uint8Array;
  rows: ResponseVariableRow[];
  /** Who sent it (issue 17): the analyst's name at the time. */
  analyst: string | null;
  /** The service's trace id of a refused or failed upload, when its answer gave one. */
  traceId: string | null;
}

/** What the service answered, recorded on a line written before the request went out. */
export type UploadAnswerRecord = Pick<
  NewUpload,
  'status' | 'httpStatus' | 'messages' | 'answer' | 'errorCode' | 'traceId'
>;

/**
 * Error codes of a failed upload that may still have reached the service: the app stopped while
 * it was out (`sending`), or the answer did not come in time. The team's ledger blocks a re-send
 * by the same rule (team-ledger.ts), so a workstation and its team never disagree on it.
 */
export const mayHaveArrivedCodes: readonly string[] = ['sending', 'timeout'];

/**
 * Lines the service accepted, or may have received. A refused connection never delivered
 * anything. A gateway's 502 or 504 is recorded `sending` now; a line kept before then has its
 * error code `unavailable` and is known by its status.
 */
export const possiblyReceived = `(u.status = 'sent' OR (u.status = 'failed'
  AND (u.error_code IN (${mayHaveArrivedCodes.map((code) => `'${code}'`).join(', ')})
    OR u.http_status IN (${gatewayStatuses.join(', ')}))))`;

interface UploadColumns {
  id: number;
  created_at: string;
  file_name: string;
  kind: 'csv' | 'zip';
  rows: number;
  sha256: string;
  environment: Destination;
  status: UploadStatus;
  http_status: number | null;
  messages_json: string | null;
  answer_json: string | null;
  resent_from: number | null;
  analyst: string | null;
  trace_id: string | null;
  error_code: string | null;
}

/** Every column but the file. */
const columns = `id, created_at, file_name, kind, rows, sha256, environment, status, http_status,
  messages_json, answer_json, resent_from, analyst, trace_id, error_code`;

function toView(row: UploadColumns): UploadView {
  return {
    id: row.id,
    createdAt: row.created_at,
    fileName: row.file_name,
    kind: row.kind,
    rows: row.rows,
    sha256: row.sha256,
    environment: row.environment,
    status: row.status,
    httpStatus: row.http_status,
    messages: row.messages_json === null ? [] : (JSON.parse(row.messages_json) as string[]),
    answer: row.answer_json === null ? null : (JSON.parse(row.answer_json) as unknown),
    resentFrom: row.resent_from,
    analyst: row.analyst,
    traceId: row.trace_id,
    mayHaveArrived:
      row.status === 'failed' &&
      ((row.error_code !== null && mayHaveArrivedCodes.includes(row.error_code)) ||
        (row.http_status !== null && gatewayStatuses.includes(row.http_status))),
  };
}

/** The upload ledger (`uploads`, with the rows of each file in `upload_transactions`). */
export function uploadsRepo(db: Db) {
  const statement = statementCache(db);
  const insert = db.prepare(
    `INSERT INTO uploads (created_at, file_name, kind, rows, sha256, environment, status, http_status,
       answer_json, file, resent_from, messages_json, error_code, analyst, trace_id)
     VALUES (@createdAt, @fileName, @kind, @rows, @sha256, @environment, @status, @httpStatus,
       @answer, @file, @resentFrom, @messages, @errorCode, @analyst, @traceId)`,
  );
  const record = db.prepare(
    `UPDATE uploads SET status = @status, http_status = @httpStatus, answer_json = @answer,
       messages_json = @messages, error_code = @errorCode, trace_id = @traceId
     WHERE id = @id`,
  );
  const insertTransaction = db.prepare(
    `INSERT INTO upload_transactions (upload_id, external_id, device_id, outcome)
     VALUES (?, ?, ?, ?)`,
  );
  const newestFirst = db.prepare<[], UploadColumns>(
    `SELECT ${columns} FROM uploads ORDER BY id DESC`,
  );
  const byId = db.prepare<[number], UploadColumns>(`SELECT ${columns} FROM uploads WHERE id = ?`);
  const file = db.prepare<[number], { file_name: string; kind: 'csv' | 'zip'; file: Buffer }>(
    'SELECT file_name, kind, file FROM uploads WHERE id = ?',
  );
  const sameFile = db.prepare<[string, Destination], UploadColumns>(
    `SELECT ${columns} FROM uploads u WHERE sha256 = ? AND environment = ? AND ${possiblyReceived}
     ORDER BY id DESC`,
  );
  // The ids go in as one JSON list; `upload_transactions_external` finds each.
  const accepted = `FROM upload_transactions ut JOIN uploads u ON u.id = ut.upload_id
    WHERE ${possiblyReceived} AND u.environment = @environment
      AND ut.external_id IN (SELECT value FROM json_each(@ids))`;
  const matches = db
    .prepare<[{ rows: string; environment: Destination }], number>(outcomeMatchSql)
    .pluck();
  const anySent = db
    .prepare<[Destination], number>(
      `SELECT EXISTS (SELECT 1 FROM uploads u WHERE u.environment = ? AND ${possiblyReceived})`,
    )
    .pluck();
  const repeatedCount = db.prepare<[{ environment: Destination; ids: string }], { n: number }>(
    `SELECT COUNT(DISTINCT ut.external_id) AS n ${accepted}`,
  );
  // Of a file's [transaction, outcome] pairs: those sent before, never with this outcome.
  const sentWith = (outcome: string) => `SELECT 1 FROM upload_transactions ut
    JOIN uploads u ON u.id = ut.upload_id
    WHERE ${possiblyReceived} AND u.environment = @environment AND ut.external_id = p.id${outcome}`;
  const correctedCount = (pairs: string) =>
    db
      .prepare<[{ environment: Destination; ids: string }], number>(
        `SELECT COUNT(DISTINCT p.id) FROM (${pairs}) p
         WHERE EXISTS (${sentWith('')}) AND NOT EXISTS (${sentWith(' AND ut.outcome IS p.outcome')})`,
      )
      .pluck();
  const correctedOfPairs = correctedCount(
    `SELECT value ->> 0 AS id, value ->> 1 AS outcome FROM json_each(@ids)`,
  );
  // A file built here carries the history's outcomes as they stand (built-check.ts).
  const correctedOfIds = correctedCount(
    `SELECT j.value AS id, o.outcome FROM json_each(@ids) j
     LEFT JOIN outcomes o ON o.external_id = j.value AND o.environment = @environment`,
  );
  const repeatedIn = db.prepare<[{ environment: Destination; ids: string }], UploadColumns>(
    `SELECT ${columns} FROM uploads WHERE id IN (SELECT ut.upload_id ${accepted}) ORDER BY id DESC`,
  );

  // Where the history met each DeviceId: answers of a destination's batches, its uploads, or a
  // colleague's outcome pulled from the team (whose answers of that destination named it).
  const origins = db.prepare<[{ ids: string }], { device_id: string; destination: Destination }>(
    `SELECT d.value ->> '$.d' AS device_id, b.destination
     FROM json_each(@ids) d
     JOIN lookups l ON ${sameId('l.device_id', "d.value ->> '$.d'")} AND l.status = 'ok'
     JOIN batches b ON b.key = l.batch_key AND ${notDeleting('b.key')}
     UNION
     SELECT d.value ->> '$.d', u.environment
     FROM json_each(@ids) d
     JOIN upload_transactions ut ON ut.external_id = d.value ->> '$.t' AND ut.device_id = d.value ->> '$.d'
     JOIN uploads u ON u.id = ut.upload_id
     WHERE ${possiblyReceived}
     UNION
     SELECT d.value ->> '$.d', o.environment
     FROM json_each(@ids) d
     JOIN outcomes o ON o.external_id = d.value ->> '$.t' AND o.device_id = d.value ->> '$.d'
     WHERE o.set_by IS NOT NULL`,
  );

  const unknownIn = db.prepare<[{ devices: string; destination: Destination }], string>(
    unknownDevicesSql,
  );
  unknownIn.pluck();

  return {
    /** Of these DeviceIds (each once), those no answer of a `destination` batch named. */
    unknownIn(destination: Destination, devices: string[]): string[] {
      return unknownIn.all({ devices: JSON.stringify(devices), destination });
    },
    /**
     * The destinations whose answers named each of these DeviceIds, or to which a file carried
     * it with the same transaction; a DeviceId the history never met is absent.
     */
    deviceOrigins(rows: Array<{ transactionId: string; deviceId: string }>) {
      const ids = JSON.stringify(rows.map((row) => ({ t: row.transactionId, d: row.deviceId })));
      const known = new Map<string, Destination[]>();
      for (const { device_id, destination } of origins.all({ ids })) {
        const list = known.get(device_id) ?? [];
        if (!list.includes(destination)) list.push(destination);
        known.set(device_id, list);
      }
      return known;
    },
    /** Stores a ledger line and its rows in one transaction; returns its id. */
    insert: db.transaction((upload: NewUpload): number => {
      const { lastInsertRowid } = insert.run({
        ...upload,
        rows: upload.rows.length,
        file: Buffer.from(upload.bytes),
        answer: upload.answer == null ? null : JSON.stringify(upload.answer),
        messages: upload.messages.length > 0 ? JSON.stringify(upload.messages) : null,
      });
      const id = Number(lastInsertRowid);
      // Trimmed as before; a file sent now has no spaces around its cells (`edge_spaces`), so
      // what is stored is exactly what was sent.
      for (const row of upload.rows)
        insertTransaction.run(id, row.transactionId.trim(), row.deviceId.trim(), row.outcome);
      return id;
    }),
    /** Writes the service's answer on a line stored before the request went out. */
    /**
     * Uploads that reached (or may have reached) the service and are not in the team's ledger
     * yet: sent before a team was connected, or while it could not be reached.
     */
    notInTeam(limit: number) {
      return statement<{
        id: number;
        environment: string;
        created_at: string;
        analyst: string | null;
      }>(
        `SELECT u.id, u.environment, u.created_at, u.analyst FROM uploads u
         WHERE u.team_upload IS NULL AND ${possiblyReceived} ORDER BY u.id LIMIT @limit`,
      )
        .all({ limit })
        .map((row) => ({
          ...row,
          lines: statement<{ external_id: string; outcome: string | null }>(
            'SELECT external_id, outcome FROM upload_transactions WHERE upload_id = @id',
          )
            .all({ id: row.id })
            .map((line) => ({ externalId: line.external_id, outcome: line.outcome })),
        }));
    },
    /** The upload's lines are in the team's ledger under `teamUpload`. */
    inTeam(id: number, teamUpload: string): void {
      statement('UPDATE uploads SET team_upload = @teamUpload WHERE id = @id').run({
        id,
        teamUpload,
      });
    },
    /**
     * The upload's claim in the team's ledger, under `teamUpload`, answerable with `answerKey`
     * until its answer is recorded there (`answeredInTeam`).
     */
    claimedInTeam(id: number, teamUpload: string, answerKey: string): void {
      statement(
        'UPDATE uploads SET team_upload = @teamUpload, team_answer_key = @answerKey WHERE id = @id',
      ).run({ id, teamUpload, answerKey });
    },
    /** The team's ledger holds the upload's answer: its claim's key is no longer needed. */
    answeredInTeam(id: number): void {
      statement('UPDATE uploads SET team_answer_key = NULL WHERE id = @id').run({ id });
    },
    /** Uploads whose claim in the team's ledger has no answer there yet. */
    unansweredInTeam() {
      return statement<{
        id: number;
        team_upload: string;
        team_answer_key: string;
        status: UploadStatus;
        error_code: string | null;
      }>(
        `SELECT id, team_upload, team_answer_key, status, error_code FROM uploads
         WHERE team_answer_key IS NOT NULL AND team_upload IS NOT NULL ORDER BY id`,
      ).all({});
    },
    /** Removes a line whose file never left (the team's ledger refused it); its rows go too. */
    discard(id: number): void {
      statement('DELETE FROM uploads WHERE id = @id').run({ id });
    },
    record(id: number, answer: UploadAnswerRecord): void {
      record.run({
        id,
        ...answer,
        answer: answer.answer == null ? null : JSON.stringify(answer.answer),
        messages: answer.messages.length > 0 ? JSON.stringify(answer.messages) : null,
      });
    },
    /** The ledger, newest first, without the files. */
    list(): UploadView[] {
      return newestFirst.all().map(toView);
    },
    get(id: number): UploadView | null {
      const row = byId.get(id);
      return row ? toView(row) : null;
    },
    /** A stored file, or null when there is no such upload. */
    file(id: number): { fileName: string; kind: 'csv' | 'zip'; bytes: Uint8Array } | null {
      const row = file.get(id);
      return row
        ? { fileName: row.file_name, kind: row.kind, bytes: new Uint8Array(row.file) }
        : null;
    },
    /** Earlier uploads of these bytes that `environment` accepted or may have received. */
    sameFile(sha256: string, environment: Destination): UploadView[] {
      return sameFile.all(sha256, environment).map(toView);
    },
    /**
     * Of these rows (`[transaction, device, outcome]`, the transaction trimmed): how many the
     * history of `environment` no longer holds as they are, and the places of those whose
     * transaction's outcome there names their DeviceId (see `outcomeMatchSql`).
     */
    outcomeMatches(
      environment: Destination,
      rows: Array<[string, string, string]>,
    ): { changed: number; paired: number[] } {
      let changed = 0;
      const paired: number[] = [];
      for (const mark of matches.all({ rows: JSON.stringify(rows), environment })) {
        changed += mark & 1;
        if ((mark & 2) !== 0) paired.push(mark >> 2);
      }
      return { changed, paired };
    },
    /**
     * Of a file's transactions sent to `environment` before, how many it carries with an outcome
     * none of those uploads had (a correction, not the same report twice): its rows as
     * `[transaction, outcome]` pairs, or its ids as JSON text when it was built from the history's
     * outcomes as they stand.
     */
    corrected(environment: Destination, rows: Array<[string, string]> | { json: string }): number {
      if ('json' in rows) return correctedOfIds.get({ environment, ids: rows.json }) ?? 0;
      return correctedOfPairs.get({ environment, ids: JSON.stringify(rows) }) ?? 0;
    },
    /** True once `environment` accepted or may have received a file: before, nothing repeats. */
    anySent: (environment: Destination): boolean => anySent.get(environment) === 1,
    /**
     * How many of these ids `environment` accepted or may have received, and in which uploads;
     * the ids as a list, or as its JSON text.
     */
    repeated(
      environment: Destination,
      transactionIds: string[] | { json: string },
    ): { count: number; uploads: UploadView[] } {
      // Before the first send to a destination there is nothing to repeat: a million IDs are not
      // written out and read back to find that.
      if (anySent.get(environment) === 0) return { count: 0, uploads: [] };
      const ids = 'json' in transactionIds ? transactionIds.json : JSON.stringify(transactionIds);
      const params = { environment, ids };
      const count = repeatedCount.get(params)?.n ?? 0;
      return { count, uploads: count === 0 ? [] : repeatedIn.all(params).map(toView) };
    },
  };
}

export type UploadsRepo = ReturnType<typeof uploadsRepo>;

/**
 * The DeviceIds (a JSON list, each once) no stored answer of a `destination` batch named: the
 * only ones whose origins the guard must ask about (most of a file built here are known there).
 * Answered from `lookups_device_nocase` alone (migration 19).
 */
export const unknownDevicesSql = `SELECT d.value FROM json_each(@devices) d
  WHERE NOT EXISTS (SELECT 1 FROM lookups l JOIN batches b ON b.key = l.batch_key
    WHERE ${sameId('l.device_id', 'd.value')} AND l.status = 'ok'
      AND b.destination = @destination AND ${notDeleting('b.key')})`;

/**
 * Each of a file's rows (a JSON list of `[transaction, device, outcome]`) against the history of
 * `@environment`, as one number: its place times 4, plus 1 when the history holds it otherwise now
 * (the transaction's outcome there differs, or names another device, or it had one and its latest
 * change in the trail cleared it; a transaction never reviewed there, a file made elsewhere, is
 * unknown, not changed), plus 2 when the outcome names the row's DeviceId: an outcome is set on
 * an answer of its environment and keeps that answer's device (or is a colleague's, which the
 * pair check vouches for too), so the row's pairing needs no other look. Not one whose batch is
 * gone with its answer (`batch_id` null, in no file): its pair is asked of the history as it is. Each row is found by the outcomes'
 * key `(external_id, environment)` and, when it has none, by the trail's `(external_id, at)`
 * index: a million rows are a million seeks, never a scan.
 */
export const outcomeMatchSql = `SELECT r.key * 4
  + COALESCE(CASE WHEN o.id IS NULL
    THEN (SELECT c.outcome IS NULL FROM outcome_changes c
      WHERE c.external_id = r.value ->> 0 AND c.environment = @environment
      ORDER BY c.at DESC, c.rowid DESC LIMIT 1)
    ELSE o.outcome IS NOT r.value ->> 2 OR o.device_id IS NOT r.value ->> 1 END, 0)
  + 2 * (o.device_id IS NOT NULL AND o.device_id = r.value ->> 1
    AND (o.batch_id IS NOT NULL OR o.set_by IS NOT NULL))
  FROM json_each(@rows) r
  LEFT JOIN outcomes o ON o.external_id = r.value ->> 0 AND o.environment = @environment`;
