import type { ClientBase } from 'pg';
import { maxDeviceIdChars } from '../../../shared/domain/insight';
import { hasUnsafeCharacters } from '../../../shared/domain/text';
import type { SharedAnswer } from '../store/team-answers.repo';

/**
 * Answers in the team database (issue 17): the newest answer of each transaction per
 * environment, by whichever analyst looked it up. A push is an upsert, so pushing the same
 * answers again stores nothing twice; an older answer never replaces a newer one. A clock
 * running ahead has its answers dated back by its lead (`ahead`, from `clockAhead`), as its
 * outcome changes are (outcome-sync.ts).
 */
export async function pushAnswers(
  client: ClientBase,
  environment: string,
  analyst: string,
  answers: readonly SharedAnswer[],
  ahead = 0,
): Promise<void> {
  if (answers.length === 0) return;
  // One answer per transaction in a statement: ON CONFLICT cannot touch a row twice.
  const newest = new Map<string, SharedAnswer>();
  for (const answer of answers) {
    const before = newest.get(answer.externalId);
    if (!before || before.answeredAt <= answer.answeredAt) newest.set(answer.externalId, answer);
  }
  // PostgreSQL text holds no NUL: one in an answer would stop every sync of this workstation.
  const rows = [...newest.values()].map((row) => ({
    ...row,
    sessionId: withoutNul(row.sessionId),
    deviceId: withoutNul(row.deviceId),
    risk: withoutNul(row.risk),
    insights: row.insights.map((code) => code.replaceAll('\u0000', '')),
    similarDevices: row.similarDevices.map((id) => id.replaceAll('\u0000', '')),
  }));
  await client.query(
    `INSERT INTO answers (environment, external_id, session_id, device_id, risk, score, insights,
       alert_quantity, device_age_days, similar_device_ids, similar_devices, answered_at, analyst)
     SELECT $1, a.external_id, a.session_id, a.device_id, a.risk, a.score, a.insights::jsonb,
       a.alert_quantity, a.device_age, a.similar_ids::jsonb, jsonb_array_length(a.similar_ids::jsonb),
       a.answered_at, $2
     FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::float8[], $8::text[],
       $9::bigint[], $10::bigint[], $11::text[], $12::timestamptz[])
       AS a(external_id, session_id, device_id, risk, score, insights, alert_quantity, device_age, similar_ids, answered_at)
     ON CONFLICT (environment, external_id) DO UPDATE SET session_id = excluded.session_id,
       device_id = excluded.device_id, risk = excluded.risk, score = excluded.score,
       insights = excluded.insights, alert_quantity = excluded.alert_quantity,
       device_age_days = excluded.device_age_days, similar_device_ids = excluded.similar_device_ids,
       similar_devices = excluded.similar_devices, answered_at = excluded.answered_at,
       analyst = excluded.analyst
     WHERE excluded.answered_at > answers.answered_at`,
    [
      environment,
      analyst,
      rows.map((row) => row.externalId),
      rows.map((row) => row.sessionId),
      rows.map((row) => row.deviceId),
      rows.map((row) => row.risk),
      rows.map((row) => row.score),
      rows.map((row) => JSON.stringify(row.insights)),
      rows.map((row) => row.alertQuantity),
      rows.map((row) => row.deviceAge),
      rows.map((row) => JSON.stringify(row.similarDevices)),
      rows.map((row) => datedBack(row.answeredAt, ahead)),
    ],
  );
}

/** The devices the team's answers name for these transactions of an environment. */
export async function teamDevices(
  client: ClientBase,
  environment: string,
  externalIds: readonly string[],
): Promise<Map<string, string>> {
  if (externalIds.length === 0) return new Map();
  const { rows } = await client.query<{ external_id: string; device_id: string }>(
    `SELECT external_id, device_id FROM answers
     WHERE environment = $1 AND external_id = ANY($2::text[]) AND device_id IS NOT NULL`,
    [environment, externalIds],
  );
  // A device written by hand may hold a line break or a direction override: it would go into
  // this workstation's outcomes and then into every response file. Such an answer is not used.
  return new Map(
    rows
      // Nor one longer than an answer's device ID may be: it could be neither searched for nor
      // opened here.
      .filter((row) => safeIdentifier(row.device_id) && row.device_id.length <= maxDeviceIdChars)
      .map((row) => [row.external_id, row.device_id]),
  );
}

/** Longest transaction or device ID taken from the team database. */
const maxIdentifierLength = 200;

/** Whether an ID read from the team database may be stored here: short, nothing hidden in it. */
export function safeIdentifier(text: string): boolean {
  return text.length > 0 && text.length <= maxIdentifierLength && !hasUnsafeCharacters(text);
}

function withoutNul(text: string | null): string | null {
  return text === null ? null : text.replaceAll('\u0000', '');
}

/** An answer's time moved back by a clock's lead; as stored when there is none to take. */
function datedBack(answeredAt: string, ahead: number): string {
  const time = Date.parse(answeredAt);
  return ahead === 0 || !Number.isFinite(time) ? answeredAt : new Date(time - ahead).toISOString();
}
