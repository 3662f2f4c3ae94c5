import type { ClientBase } from 'pg';
import type { Db } from '../store/db';
import { teamAnswersRepo } from '../store/team-answers.repo';
import { teamLinkRepo } from '../store/team-link.repo';
import { trailRepo } from '../store/trail.repo';
import { clockAhead, pullOutcomeChanges, pushOutcomeChanges, storedTimes } from './outcome-sync';
import { pushAnswers } from './shared-answers';
import { applyPulled, applyWaiting } from './pulled-changes';
import { cleanName } from './analyst';
import { recordPastUpload } from './team-ledger';
import { settleOwnClaims } from './settle-claims';
import { uploadsRepo } from '../store/uploads.repo';
import { randomUUID } from 'node:crypto';

/** What one sync did. */
export interface SyncReport {
  /** Changes made here that the team database stored now. */
  pushed: number;
  /** Answers of this workstation's batches shared now. */
  answers: number;
  /** Colleagues' changes new here (this workstation's own, coming back, are not counted). */
  pulled: number;
  /**
   * The transactions whose outcome those changes (or ones that waited for a device) changed
   * here: each once, however many of its changes came.
   */
  applied: number;
  /** Colleagues' changes passed over: rows this app cannot trust (written by hand, say). */
  passedOver: number;
  /** Where the next sync starts pulling. */
  cursor: number;
}

const pushPage = 1_000;
const answersPage = 5_000;
const pullPage = 2_000;

/** The workstation was linked to another team database while a sync ran: it stops. */
export class LinkChanged extends Error {
  constructor() {
    super('The team database was changed while a sync ran; nothing more was written. Sync again.');
  }
}

/**
 * One sync with the team database: share the answers of batches that are not running (first, so
 * a colleague applying the outcomes finds their devices), push the changes made here (the
 * outbox) and the uploads the team's ledger lacks, then pull colleagues' changes since the
 * cursor and apply them, and try again those that waited for a device.
 *
 * Every step is safe to cut at any point. A push is idempotent (change IDs, upserts) and a
 * change is marked pushed only after the team database committed it: cut between the two, it is
 * pushed again and stored once. Pulled changes are applied page by page, each page in one local
 * transaction that also moves the cursor: cut mid-page, the page is pulled again and the trail's
 * change IDs keep every change once. Nothing is written here once the workstation is linked
 * elsewhere (`LinkChanged`); a database recreated under the same URL is started over with.
 */
export async function syncTeam(
  db: Db,
  client: ClientBase,
  analyst: string,
  now: () => Date = () => new Date(),
): Promise<SyncReport> {
  const link = teamLinkRepo(db);
  const started = link.get();
  if (!started) throw new Error('This workstation is not linked to a team database.');
  const guard = () => {
    if (link.get()?.url !== started.url) throw new LinkChanged();
  };
  const identity = await client.query<{ id: string }>('SELECT id::text FROM team_identity LIMIT 1');
  const databaseId = identity.rows[0]?.id;
  if (databaseId) {
    guard();
    link.identify(databaseId);
  }
  const current = link.get() ?? started;
  const report: SyncReport = {
    pushed: 0,
    answers: 0,
    pulled: 0,
    applied: 0,
    passedOver: 0,
    cursor: 0,
  };
  // How far this clock runs ahead of the team database's: measured once, for every push below.
  const ahead = await clockAhead(client, Date.now);
  report.answers = await shareAnswers(db, client, analyst, current.answersPushed, guard, ahead);
  report.pushed = await pushOutbox(db, client, analyst, guard, ahead);
  guard();
  await settleOwnClaims(db, client);
  await pushPastUploads(db, client, analyst, guard);
  let cursor = current.cursor;
  const changed = new Set<string>();
  for (;;) {
    const page = await pullOutcomeChanges(client, cursor, pullPage);
    if (page.changes.length === 0) break;
    const pulled = await applyPulled(db, client, page.changes, page.cursor, guard);
    report.pulled += pulled.accepted;
    for (const key of pulled.changed) changed.add(key);
    report.passedOver += pulled.passedOver;
    cursor = page.cursor;
  }
  for (const key of await applyWaiting(db, client, guard)) changed.add(key);
  report.applied = changed.size;
  report.cursor = cursor;
  const at = now();
  await client.query(
    `INSERT INTO analysts (name, last_sync_at) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET last_sync_at = excluded.last_sync_at`,
    [analyst, at],
  );
  const seen = await client.query<{ name: string }>(
    'SELECT name FROM analysts ORDER BY last_sync_at DESC LIMIT 100',
  );
  guard();
  link.synced(
    cursor,
    at.toISOString(),
    seen.rows.map((row) => cleanName(row.name)),
  );
  return report;
}

/** Uploads sent outside the team's guard, written into its ledger. */
async function pushPastUploads(
  db: Db,
  client: ClientBase,
  analyst: string,
  guard: () => void,
): Promise<void> {
  const uploads = uploadsRepo(db);
  for (;;) {
    const past = uploads.notInTeam(50);
    if (past.length === 0) return;
    for (const upload of past) {
      const teamUpload = randomUUID();
      await recordPastUpload(client, {
        environment: upload.environment,
        externalIds: upload.lines.map((line) => line.externalId),
        outcomes: Object.fromEntries(upload.lines.map((line) => [line.externalId, line.outcome])),
        uploadId: teamUpload,
        analyst: upload.analyst ?? analyst,
        at: new Date(upload.created_at),
      });
      guard();
      uploads.inTeam(upload.id, teamUpload);
    }
  }
}

async function pushOutbox(
  db: Db,
  client: ClientBase,
  analyst: string,
  guard: () => void,
  ahead: number,
): Promise<number> {
  const trail = trailRepo(db);
  let pushed = 0;
  for (;;) {
    const waiting = trail.waiting(pushPage);
    if (waiting.length === 0) return pushed;
    // Outcomes set before the trail existed carry no name: whoever syncs this workstation.
    const changes = waiting.map((change) => ({
      ...change,
      analyst: change.analyst || analyst,
      at: new Date(change.at),
    }));
    pushed += await pushOutcomeChanges(client, changes, ahead);
    const ids = waiting.map((change) => change.changeId);
    const stored = await storedTimes(client, ids);
    guard();
    db.transaction(() => {
      for (const change of waiting) {
        const at = stored.get(change.changeId);
        if (at === undefined) continue;
        // A clock that runs ahead: the team dated the change earlier. Kept here as the team
        // has it.
        if (at !== change.at) trail.retime(change.changeId, at);
        // When the change is not the transaction's latest here (re-dated, or dated before a
        // colleague's change it replaced, as earlier versions did on a clock that ran slow),
        // the outcome is resolved again (applyWaiting): the latest change wins here as it does
        // in the team database and on every other workstation.
        const latest = trail.latest(change.externalId, change.environment);
        if (latest && latest.changeId !== change.changeId) trail.markUnapplied(latest.changeId);
      }
      trail.markPushed(ids);
    }).immediate();
  }
}

async function shareAnswers(
  db: Db,
  client: ClientBase,
  analyst: string,
  pushedBefore: Record<string, number>,
  guard: () => void,
  ahead: number,
): Promise<number> {
  const answers = teamAnswersRepo(db);
  const link = teamLinkRepo(db);
  let shared = 0;
  for (const batch of answers.batches()) {
    if (batch.answered === (pushedBefore[batch.batchId] ?? 0)) continue;
    let after = 0;
    for (;;) {
      const page = answers.page(batch.batchId, after, answersPage);
      if (page.last === null) break;
      await pushAnswers(client, batch.environment, analyst, page.answers, ahead);
      shared += page.answers.length;
      after = page.last;
    }
    guard();
    link.answersPushed(batch.batchId, batch.answered);
  }
  return shared;
}
