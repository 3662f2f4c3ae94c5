import { createHash } from 'node:crypto';
import type { ClientBase } from 'pg';
import { mayHaveArrivedCodes } from '../store/uploads.repo';
import { cleanName } from './analyst';
import { inTransaction } from './pg-transaction';
import { staleSendingMinutes } from './team-takeover';

/**
 * The team's upload ledger and its re-send guard (issue 17). Before a file goes to the service,
 * its transactions are claimed in one transaction under an advisory lock per environment: two
 * analysts sending the same transactions at the same moment cannot both claim them; one goes, the
 * other is told who sent them and when. A claim is a ledger line marked `sending`; the answer
 * then marks it `sent` or `failed`, as the local ledger does. A line that may have reached the
 * service (sent, still sending, or failed by a timeout or mid-send) blocks; a refused or
 * unreachable upload does not, and the next claim takes its place.
 */

/** The first key of the ledger's advisory locks; the second is the environment's hash. */
export const ledgerLockKey = 170_002;

export interface UploadClaim {
  environment: string;
  externalIds: readonly string[];
  /** The upload's own ID (a UUID), shared by its lines. */
  uploadId: string;
  analyst: string;
  at: Date;
  /** The outcome the file sends for each transaction. */
  outcomes?: Readonly<Record<string, string>>;
  /**
   * The analyst confirmed sending again: a line is taken over when it is not being sent right
   * now and it is this analyst's own, or sent another outcome (a correction). A colleague's
   * line with the same outcome always blocks: the team never sends it twice. A line still being
   * sent an hour after its claim (`stale`) counts as not being sent: its sender is gone.
   */
  takeOver?: boolean;
  /**
   * A secret only this workstation knows, kept in memory until the upload's answer: the line
   * holds its SHA-256, and the database lets only whoever gives the secret answer the claim
   * (team-guards.ts), so a colleague sharing the login cannot mark it failed to send it again.
   */
  answerKey?: string;
}

/** A transaction a colleague's upload already holds. */
export interface SentBefore {
  externalId: string;
  analyst: string;
  at: Date;
  status: 'sending' | 'sent' | 'failed';
  outcome: string | null;
  /**
   * Set on a line still `sending` longer than `staleSendingMinutes` after the database stored
   * its claim: its sender is gone (team-takeover.ts), and it may have arrived.
   */
  stale?: true;
}

export type ClaimAnswer = { ok: true } | { ok: false; sentBefore: SentBefore[] };

/**
 * The one rule of which ledger lines block a re-send, as SQL on the line `line` with the error
 * codes of a failed upload that may have arrived in parameter `codes`: every line but a failed
 * one that surely never reached the service, and that took the place of none that may have (the
 * database keeps `sent_before`, team-guards.ts). A failed line without an error code (written by
 * hand) does not block, here and wherever the rule is used.
 */
const blocks = (line: string, codes: string) =>
  `(${line}.status <> 'failed' OR coalesce(${line}.error_code, '') = ANY(${codes}::text[]) OR ${line}.sent_before)`;

/** What the line keeps of a claim's answer key: its SHA-256, in hex. */
function answerHash(key: string | undefined): string | null {
  return key === undefined ? null : createHash('sha256').update(key, 'utf8').digest('hex');
}
const mayHaveArrived = [...mayHaveArrivedCodes];

/** Takes the ledger's lock of an environment, until the transaction ends. */
async function lockLedger(client: ClientBase, environment: string): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [
    ledgerLockKey,
    environment,
  ]);
}

/** Claims the transactions of an upload, or says which a colleague's upload already holds. */
export async function claimUpload(client: ClientBase, claim: UploadClaim): Promise<ClaimAnswer> {
  const ids = [...new Set(claim.externalIds)];
  return inTransaction(client, async (): Promise<ClaimAnswer> => {
    await lockLedger(client, claim.environment);
    // Locked until this claim commits: a sender answering its line meanwhile waits, then finds
    // it taken over, and its answer goes to the takeover's row (recordUploadAnswer).
    const held = (await heldTransactions(client, claim.environment, ids, true)).filter(
      (line) =>
        !claim.takeOver ||
        (line.status === 'sending' && !line.stale) ||
        (line.analyst !== claim.analyst && line.outcome === claim.outcomes?.[line.externalId]),
    );
    // Held: nothing is written, and the transaction only releases the lock.
    if (held.length > 0) return { ok: false, sentBefore: held };
    await client.query(
      `INSERT INTO uploads (environment, external_id, upload_id, analyst, at, status, error_code, outcome, answer_hash)
       SELECT $1, line.id, $3, $4, $5, 'sending', NULL, line.outcome, $7
       FROM unnest($2::text[], $6::text[]) AS line(id, outcome)
       ON CONFLICT (environment, external_id) DO UPDATE SET upload_id = excluded.upload_id,
         analyst = excluded.analyst, at = excluded.at, status = 'sending', error_code = NULL,
         outcome = excluded.outcome, answer_hash = excluded.answer_hash`,
      [
        claim.environment,
        ids,
        claim.uploadId,
        claim.analyst,
        claim.at,
        ids.map((id) => claim.outcomes?.[id] ?? null),
        answerHash(claim.answerKey),
      ],
    );
    return { ok: true };
  });
}

/**
 * Records the service's answer on an upload's lines: sent, or failed with its error code.
 * `answerKey`: the claim's (the database checks it and never stores it). Lines a colleague took
 * over meanwhile (the send outlived the bound, team-takeover.ts) stay theirs: the answer is kept
 * in the takeover's row instead, so the ledger says both who holds the line and what this send
 * answered.
 */
export async function recordUploadAnswer(
  client: ClientBase,
  uploadId: string,
  answer: { status: 'sent' } | { status: 'failed'; errorCode: string },
  answerKey?: string,
): Promise<void> {
  const errorCode = answer.status === 'failed' ? answer.errorCode : null;
  await inTransaction(client, async () => {
    await client.query(
      `UPDATE uploads SET status = $2, error_code = $3, answer_key = $4
       WHERE upload_id = $1 AND status = 'sending'`,
      [uploadId, answer.status, errorCode, answerKey],
    );
    await client.query('SELECT overtaken_answer($1, $2, $3, $4)', [
      uploadId,
      answer.status,
      errorCode,
      answerKey ?? null,
    ]);
  });
}

/**
 * Of these transactions, those an upload in the team's ledger holds (sent, or may have been).
 * `lock`: inside a claim's transaction, the lines are locked until it ends.
 */
export async function heldTransactions(
  client: ClientBase,
  environment: string,
  externalIds: readonly string[],
  lock = false,
): Promise<SentBefore[]> {
  if (externalIds.length === 0) return [];
  const { rows } = await client.query<{
    external_id: string;
    analyst: string;
    at: Date;
    status: SentBefore['status'];
    outcome: string | null;
    stale: boolean;
  }>(
    `SELECT external_id, analyst, at, status, outcome,
       status = 'sending' AND claimed_at <= now() - make_interval(mins => $4) AS stale
     FROM uploads
     WHERE environment = $1 AND external_id = ANY($2::text[])
       AND ${blocks('uploads', '$3')}
     ORDER BY external_id${lock ? ' FOR UPDATE' : ''}`,
    [environment, [...new Set(externalIds)], mayHaveArrived, staleSendingMinutes],
  );
  return rows.map((row) => ({
    externalId: row.external_id,
    // Shown to the analyst: a name written by hand cannot forge a line or reverse the text.
    analyst: cleanName(row.analyst),
    // A time that is not one (a row written by hand) is shown as the epoch, never a crash.
    at: Number.isFinite(new Date(row.at).getTime()) ? new Date(row.at) : new Date(0),
    status: row.status,
    outcome: row.outcome,
    ...(row.stale ? { stale: true as const } : {}),
  }));
}

/**
 * Writes an upload made outside the team's guard (before the team was connected, or while it
 * could not be reached) into the team's ledger, so a colleague's guard sees it. It takes the
 * place of a line that does not block (a send the service refused): the service has this one. A
 * line that blocks is kept, the first one sent. Under the ledger's lock, so a claim checked at
 * the same moment cannot overwrite it.
 */
export async function recordPastUpload(
  client: ClientBase,
  upload: {
    environment: string;
    externalIds: readonly string[];
    /** The outcome the file sent for each transaction, when known. */
    outcomes?: Readonly<Record<string, string | null>>;
    uploadId: string;
    analyst: string;
    at: Date;
  },
): Promise<void> {
  const ids = [...new Set(upload.externalIds)];
  await inTransaction(client, async () => {
    await lockLedger(client, upload.environment);
    await client.query(
      `INSERT INTO uploads (environment, external_id, upload_id, analyst, at, status, error_code, outcome)
       SELECT $1, line.id, $3, $4, $5, 'sent', NULL, line.outcome
       FROM unnest($2::text[], $6::text[]) AS line(id, outcome)
       ON CONFLICT (environment, external_id) DO UPDATE SET upload_id = excluded.upload_id,
         analyst = excluded.analyst, at = excluded.at, status = 'sent', error_code = NULL,
         outcome = excluded.outcome, answer_hash = NULL
       WHERE NOT ${blocks('uploads', '$7')}`,
      [
        upload.environment,
        ids,
        upload.uploadId,
        upload.analyst,
        upload.at,
        ids.map((id) => upload.outcomes?.[id] ?? null),
        mayHaveArrived,
      ],
    );
  });
}

/**
 * Frees an upload's claim whose file was never sent (the claim's answer was lost on the way, or
 * the send was given up before the service was called).
 */
export async function releaseClaim(
  client: ClientBase,
  uploadId: string,
  answerKey?: string,
): Promise<void> {
  await recordUploadAnswer(
    client,
    uploadId,
    { status: 'failed', errorCode: 'not_sent' },
    answerKey,
  );
}
