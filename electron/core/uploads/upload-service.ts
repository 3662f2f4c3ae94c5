import { randomBytes, randomUUID } from 'node:crypto';
import type { UploadCheck, UploadOutcome, UploadView } from '../../../shared/contract/outcomes';
import type { Destination } from '../../../shared/environment';
import { fail, ok, type Result } from '../../../shared/result';
import type { ServiceClient } from '../service/client';
import type { Db } from '../store/db';
import type { ClaimAnswer } from '../team/team-ledger';
import { uploadsRepo } from '../store/uploads.repo';
import { uploadSendersRepo } from '../store/upload-senders.repo';
import { withInFlight } from './in-flight';
import { heldMessage, ledgerOf } from './upload-answers';
import { uploadGuard, type UploadFileInput } from './upload-guard';
import { prepareUpload, type PrepareUpload } from './upload-prepare';

export type { UploadFileInput } from './upload-guard';

/** Where and how to send: the environment's client, and whether the analyst confirmed a repeat. */
export interface UploadTarget {
  client: ServiceClient;
  environment: Destination;
  /** True once the analyst has seen the guard's findings and still wants to send. */
  confirmed: boolean;
  /** True when the analyst said explicitly to send DeviceIds the history has never seen. */
  allowUnseenDevices?: boolean;
  /** The ledger line this send repeats (set by `resend`). */
  resentFrom?: number;
  /** The team's ledger (issue 17), when this workstation belongs to a team. */
  team?: TeamGate;
  /** Who sends it, for the ledger. */
  analyst?: string;
}

/**
 * The team's upload ledger as a send sees it: a claim of the file's transactions before the
 * file goes, the service's answer after. Both come back as Results: an unreachable team database
 * stops the send (the team's re-send guard could not look), it never lets it through unchecked.
 */
export interface TeamGate {
  /**
   * `answerKey`: a secret the local ledger keeps until the answer is recorded there; the team
   * database keeps only its hash, and lets only whoever gives it answer the claim.
   */
  claim(
    environment: string,
    rows: ReadonlyArray<{ transactionId: string; outcome: string }>,
    uploadId: string,
    takeOver: boolean,
    answerKey: string,
  ): Promise<Result<ClaimAnswer>>;
  /** Frees a claim whose file was not sent. */
  release(uploadId: string, answerKey: string): Promise<Result<void>>;
  record(
    uploadId: string,
    answer: { status: 'sent' } | { status: 'failed'; errorCode: string },
    answerKey: string,
  ): Promise<Result<void>>;
}

/** The upload ledger and the re-send guard. */
export interface UploadService {
  /** Reads the file and runs the re-send guard against `environment`; sends nothing. */
  check(file: UploadFileInput, environment: Destination): Promise<UploadCheck>;
  /**
   * Sends a file and records it, whatever the answer. A file with problems is refused with
   * `validation` (the problems as details), nothing sent or stored. When not `confirmed` and
   * `environment` already accepted the same bytes or some of the same transactions, or some of
   * its rows no longer match the history's outcomes, nothing is sent and the answer is `confirm`
   * with the guard's findings. Otherwise the answer is `done`
   * with the ledger line: `sent`, `refused` (400, the service's messages) or `failed` (anything
   * else, a network failure included); each is still an `ok` result.
   */
  send(file: UploadFileInput, target: UploadTarget): Promise<Result<UploadOutcome>>;
  /** Sends a stored file again, recording which upload it repeats; the guard applies. */
  resend(
    uploadId: number,
    target: Omit<UploadTarget, 'resentFrom'>,
  ): Promise<Result<UploadOutcome>>;
  /** The ledger, newest first; a line whose request is out in a running process is `sending`. */
  list(): UploadView[];
  get(uploadId: number): UploadView | null;
  /** A stored file, to save a copy or send again. */
  file(uploadId: number): { fileName: string; kind: 'csv' | 'zip'; bytes: Uint8Array } | null;
}

/** How the upload service is run. */
export interface UploadServiceOptions {
  /** The file's rows whose DeviceIds are looked up at a time (see `uploadGuard`). */
  sliceRows?: number;
  /**
   * The reading, checks and ledger line of a send (`prepareUpload`): on the history task thread
   * when the core has one (a million rows read back are seconds), else here.
   */
  prepare?: PrepareUpload;
}

const inProcess =
  (db: Db, sliceRows: number): PrepareUpload =>
  (file, target) =>
    prepareUpload(db, file, target, sliceRows);

/**
 * The upload service over the history; the network goes through the client it is given.
 * `sliceRows`: the file's rows whose DeviceIds are looked up at a time, with a turn of the event
 * loop between, so a file of hundreds of thousands of rows does not hold the main process.
 */
export function uploadService(
  db: Db,
  { sliceRows = 16_384, prepare = inProcess(db, sliceRows) }: UploadServiceOptions = {},
): UploadService {
  const repo = uploadsRepo(db);
  const senders = uploadSendersRepo(db);

  async function send(file: UploadFileInput, target: UploadTarget): Promise<Result<UploadOutcome>> {
    const prepared = await prepare(file, {
      environment: target.environment,
      confirmed: target.confirmed,
      allowUnseenDevices: target.allowUnseenDevices === true,
      resentFrom: target.resentFrom ?? null,
      analyst: target.analyst ?? null,
      withRows: target.team !== undefined,
    });
    if (!prepared.ok) return prepared;
    if (prepared.value.kind === 'confirm')
      return ok({ status: 'confirm', check: prepared.value.check });
    const { id, check, rows } = prepared.value;
    try {
      return await deliver(id, check, rows, file, target);
    } finally {
      // The send has ended: its answer is written (a line the connection dropped under is kept
      // `sending`, may have arrived), or whatever stopped it after the line was stored left the
      // request maybe gone. Either way the line is no longer in flight: it is left as a dead
      // process leaves it, never held as "on its way" while this process lives.
      senders.forget(id);
    }
  }

  /** The team's claim, the request and its answer, for a line stored `sending`. */
  async function deliver(
    id: number,
    check: UploadCheck,
    rows: Array<{ transactionId: string; outcome: string }>,
    file: UploadFileInput,
    target: UploadTarget,
  ): Promise<Result<UploadOutcome>> {
    const teamUpload = randomUUID();
    const answerKey = randomBytes(32).toString('hex');
    if (target.team) {
      // Kept before the claim is made: a send stopped from here on leaves the claim answerable
      // from this ledger at the next sync (settle-claims.ts), not `sending` for good.
      repo.claimedInTeam(id, teamUpload, answerKey);
      const claimed = await target.team.claim(
        target.environment,
        rows,
        teamUpload,
        target.confirmed,
        answerKey,
      );
      if (!claimed.ok || !claimed.value.ok) repo.discard(id);
      // The claim may have been stored before the answer was lost: nothing was sent, so it is
      // freed (best effort; the team keeps blocking only if the server is gone too).
      if (!claimed.ok) await target.team.release(teamUpload, answerKey);
      if (!claimed.ok)
        return fail(
          'team',
          `${check.fileName} was not sent: the team's re-send guard could not check it. ${claimed.error.message}`,
        );
      if (!claimed.value.ok) {
        const { message, details } = heldMessage(check.fileName, claimed.value.sentBefore);
        return fail('sent_by_team', message, { details });
      }
    }
    const answer = await target.client.uploadResponseVariables({
      name: check.fileName,
      bytes: file.bytes,
    });
    const line = ledgerOf(answer);
    repo.record(id, line);
    // A team line left 'sending' (the team database went away meanwhile) keeps blocking until
    // the next sync records this answer there (settle-claims.ts); the analyst is told.
    const recorded = await target.team?.record(
      teamUpload,
      line.status === 'sent'
        ? { status: 'sent' }
        : { status: 'failed', errorCode: line.errorCode ?? 'failed' },
      answerKey,
    );
    if (recorded?.ok) repo.answeredInTeam(id);
    const upload = repo.get(id);
    if (!upload) throw new Error(`Upload ${String(id)} was stored but cannot be read back.`);
    return ok({
      status: 'done',
      upload,
      error: answer.ok ? null : answer.error,
      teamNotUpdated: recorded !== undefined && !recorded.ok,
    });
  }

  return {
    check: async (file, environment) =>
      (await uploadGuard(db, { sliceRows }).inspect(file, environment)).check,
    send,
    async resend(uploadId, target) {
      const stored = repo.file(uploadId);
      const line = repo.get(uploadId);
      if (!stored || !line) return fail('validation', `There is no upload ${String(uploadId)}.`);
      // Its rows name devices that environment's answers gave: they mean nothing elsewhere.
      if (line.environment !== target.environment)
        return fail(
          'validation',
          `Upload #${String(uploadId)} went to the ${line.environment} environment; it can be sent again only there. Build a new file for ${target.environment}.`,
        );
      return send(stored, { ...target, resentFrom: uploadId });
    },
    list: () => withInFlight(senders, repo.list()),
    get: (uploadId) => {
      const line = repo.get(uploadId);
      return line && (withInFlight(senders, [line])[0] ?? line);
    },
    file: (uploadId) => repo.file(uploadId),
  };
}
