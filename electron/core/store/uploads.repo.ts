import type { UploadStatus, UploadView } from '../../../shared/contract/outcomes';
import type { ResponseVariableRow } from '../../../shared/domain/types';
import type { EnvironmentName } from '../../../shared/environment';
import type { Db } from './db';

/** A ledger line to store: the file's bytes and rows, and what the service answered. */
export interface NewUpload {
  createdAt: string;
  fileName: string;
  kind: 'csv' | 'zip';
  sha256: string;
  environment: EnvironmentName;
  status: UploadStatus;
  httpStatus: number | null;
  messages: string[];
  answer: unknown;
  resentFrom: number | null;
  bytes: Uint8Array;
  rows: ResponseVariableRow[];
}

interface UploadColumns {
  id: number;
  created_at: string;
  file_name: string;
  kind: 'csv' | 'zip';
  rows: number;
  sha256: string;
  environment: EnvironmentName;
  status: UploadStatus;
  http_status: number | null;
  messages_json: string | null;
  answer_json: string | null;
  resent_from: number | null;
}

/** Every column but the file. */
const columns = `id, created_at, file_name, kind, rows, sha256, environment, status, http_status,
  messages_json, answer_json, resent_from`;

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
  };
}

/** The upload ledger (`uploads`, with the rows of each file in `upload_transactions`). */
export function uploadsRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO uploads (created_at, file_name, kind, rows, sha256, environment, status, http_status,
       answer_json, file, resent_from, messages_json)
     VALUES (@createdAt, @fileName, @kind, @rows, @sha256, @environment, @status, @httpStatus,
       @answer, @file, @resentFrom, @messages)`,
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
  const sameFile = db.prepare<[string, EnvironmentName], UploadColumns>(
    `SELECT ${columns} FROM uploads WHERE sha256 = ? AND environment = ? AND status = 'sent'
     ORDER BY id DESC`,
  );
  // The ids go in as one JSON list; `upload_transactions_external` finds each.
  const accepted = `FROM upload_transactions ut JOIN uploads u ON u.id = ut.upload_id
    WHERE u.status = 'sent' AND u.environment = @environment
      AND ut.external_id IN (SELECT value FROM json_each(@ids))`;
  const repeatedCount = db.prepare<[{ environment: EnvironmentName; ids: string }], { n: number }>(
    `SELECT COUNT(DISTINCT ut.external_id) AS n ${accepted}`,
  );
  const repeatedIn = db.prepare<[{ environment: EnvironmentName; ids: string }], UploadColumns>(
    `SELECT ${columns} FROM uploads WHERE id IN (SELECT ut.upload_id ${accepted}) ORDER BY id DESC`,
  );

  return {
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
      for (const row of upload.rows)
        insertTransaction.run(id, row.transactionId, row.deviceId, row.outcome);
      return id;
    }),
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
    /** Earlier uploads of these bytes that `environment` accepted, newest first. */
    sameFile(sha256: string, environment: EnvironmentName): UploadView[] {
      return sameFile.all(sha256, environment).map(toView);
    },
    /** How many of these transaction ids `environment` already accepted, and in which uploads. */
    repeated(
      environment: EnvironmentName,
      transactionIds: string[],
    ): { count: number; uploads: UploadView[] } {
      const params = { environment, ids: JSON.stringify(transactionIds) };
      const count = repeatedCount.get(params)?.n ?? 0;
      return { count, uploads: count === 0 ? [] : repeatedIn.all(params).map(toView) };
    },
  };
}

export type UploadsRepo = ReturnType<typeof uploadsRepo>;
