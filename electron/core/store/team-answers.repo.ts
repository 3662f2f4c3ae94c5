import { batchKeyOf } from './batch-key';
import type { Db } from './db';
import { notDeleting } from './deleting-batches';

/**
 * The answers a team shares (issue 17), read from the history: what the service said of a
 * transaction, never who the customer is. No CPF, e-mail, phone, CEP or name is selected here.
 */
export interface SharedAnswer {
  externalId: string;
  sessionId: string | null;
  deviceId: string | null;
  risk: string | null;
  score: number | null;
  insights: string[];
  alertQuantity: number | null;
  deviceAge: number | null;
  similarDevices: string[];
  answeredAt: string;
}

interface AnswerColumns {
  seq: number;
  external_id: string;
  session_id: string | null;
  device_id: string | null;
  device_risk: string | null;
  score: number | null;
  insights: string | null;
  alert_quantity: number | null;
  device_age: number | null;
  similar: string | null;
  looked_up_at: string;
}

/** A batch whose answers may be shared: its destination and how many `ok` answers it has. */
export interface ShareableBatch {
  batchId: string;
  environment: string;
  answered: number;
}

export function teamAnswersRepo(db: Db) {
  const batches = db.prepare<[], ShareableBatch>(
    `SELECT b.id AS batchId, b.destination AS environment,
       (SELECT COUNT(*) FROM result_index ri WHERE ri.batch_key = b.key AND ri.status = 'ok') AS answered
     FROM batches b WHERE b.state <> 'running' AND ${notDeleting('b.key')} ORDER BY b.created_at`,
  );
  const page = db.prepare<[string, number, number], AnswerColumns>(
    `SELECT l.seq, r.external_id, r.session_id, l.device_id, l.device_risk, l.score, l.insights,
       l.alert_quantity, l.device_age, l.looked_up_at,
       json_extract(l.result_json, '$.similarityResult.similarDevices') AS similar
     FROM lookups l JOIN batch_rows r ON r.batch_key = l.batch_key AND r.seq = l.seq
     WHERE l.batch_key = ${batchKeyOf('?')} AND l.seq > ? AND l.status = 'ok' AND r.external_id IS NOT NULL
     ORDER BY l.seq LIMIT ?`,
  );
  return {
    /** Batches not running now, with their count of `ok` answers. */
    batches: () => batches.all(),
    /** The `ok` answers of a batch after row `afterSeq`, in row order; `last` is where to go on. */
    page(batchId: string, afterSeq: number, limit: number) {
      const rows = page.all(batchId, afterSeq, limit);
      return {
        answers: rows.map((row): SharedAnswer => ({
          externalId: row.external_id,
          sessionId: row.session_id,
          deviceId: row.device_id,
          risk: row.device_risk,
          score: row.score,
          insights: row.insights ? row.insights.split(' ').filter(Boolean) : [],
          alertQuantity: row.alert_quantity,
          deviceAge: row.device_age,
          similarDevices: similarOf(row.similar),
          answeredAt: row.looked_up_at,
        })),
        last: rows.at(-1)?.seq ?? null,
      };
    },
  };
}

function similarOf(json: string | null): string[] {
  if (!json) return [];
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}
