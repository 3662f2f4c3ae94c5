import type { ClientBase } from 'pg';
import type { Db } from '../store/db';
import { outcomesRepo } from '../store/outcomes.repo';
import { teamAnswersRepo } from '../store/team-answers.repo';
import { teamLinkRepo } from '../store/team-link.repo';
import { trailRepo, type TrailChange } from '../store/trail.repo';
import type { ReviewOutcome } from '../../../shared/domain/types';
import type { Destination } from '../../../shared/environment';
import { pullOutcomeChanges, pushOutcomeChanges, type OutcomeChange } from './outcome-sync';
import { pushAnswers, teamDevices } from './shared-answers';

/** What one sync did. */
export interface SyncReport {
  /** Changes made here that the team database stored now. */
  pushed: number;
  /** Answers of this workstation's batches shared now. */
  answers: number;
  /**
   * Colleagues' changes new here (this workstation's own, coming back, are not counted), and how
   * many of them changed an outcome here.
   */
  pulled: number;
  applied: number;
  /** Where the next sync starts pulling. */
  cursor: number;
}

const pushPage = 1_000;
const answersPage = 5_000;
const pullPage = 2_000;

/**
 * One sync with the team database: push the changes made here (the outbox), share the answers of
 * batches that are not running, then pull colleagues' changes since the cursor and apply them.
 *
 * Every step is safe to cut at any point. A push is idempotent (change IDs, upserts) and a
 * change is marked pushed only after the team database committed it: cut between the two, it is
 * pushed again and stored once. Pulled changes are applied page by page, each page in one local
 * transaction that also moves the cursor: cut mid-page, the page is pulled again and the trail's
 * change IDs keep every change once.
 */
export async function syncTeam(
  db: Db,
  client: ClientBase,
  analyst: string,
  now: () => Date = () => new Date(),
): Promise<SyncReport> {
  const link = teamLinkRepo(db);
  const current = link.get();
  if (!current) throw new Error('This workstation is not linked to a team database.');
  const report: SyncReport = { pushed: 0, answers: 0, pulled: 0, applied: 0, cursor: 0 };
  report.pushed = await pushOutbox(db, client);
  report.answers = await shareAnswers(db, client, analyst, current.answersPushed);
  let cursor = current.cursor;
  for (;;) {
    const page = await pullOutcomeChanges(client, cursor, pullPage);
    if (page.changes.length === 0) break;
    const { accepted, applied } = await applyPulled(db, client, page.changes, page.cursor);
    report.pulled += accepted;
    report.applied += applied;
    cursor = page.cursor;
  }
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
  link.synced(
    cursor,
    at.toISOString(),
    seen.rows.map((row) => row.name),
  );
  return report;
}

async function pushOutbox(db: Db, client: ClientBase): Promise<number> {
  const trail = trailRepo(db);
  let pushed = 0;
  for (;;) {
    const waiting = trail.waiting(pushPage);
    if (waiting.length === 0) return pushed;
    pushed += await pushOutcomeChanges(client, waiting.map(toTeamChange));
    trail.markPushed(waiting.map((change) => change.changeId));
  }
}

const toTeamChange = (change: TrailChange): OutcomeChange => ({
  ...change,
  at: new Date(change.at),
});

async function shareAnswers(
  db: Db,
  client: ClientBase,
  analyst: string,
  pushedBefore: Record<string, number>,
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
      await pushAnswers(client, batch.environment, analyst, page.answers);
      shared += page.answers.length;
      after = page.last;
    }
    link.answersPushed(batch.batchId, batch.answered);
  }
  return shared;
}

/**
 * Applies a page of colleagues' changes here, in one transaction with the cursor. A change
 * already in the trail (one made here, or pulled before) is skipped; a change older than one
 * known here is only kept in the trail. An outcome needs the device its transaction's answer
 * named: the newest answer here, else the team's.
 */
async function applyPulled(
  db: Db,
  client: ClientBase,
  changes: readonly OutcomeChange[],
  cursor: number,
): Promise<{ accepted: number; applied: number }> {
  const devices = new Map<string, Map<string, string>>();
  for (const environment of new Set(changes.map((change) => change.environment))) {
    const ids = changes
      .filter((change) => change.environment === environment && change.outcome !== null)
      .map((change) => change.externalId);
    devices.set(environment, await teamDevices(client, environment, ids));
  }
  const trail = trailRepo(db);
  const outcomes = outcomesRepo(db);
  const link = teamLinkRepo(db);
  return db
    .transaction(() => {
      let applied = 0;
      let accepted = 0;
      for (const change of changes) {
        const line: TrailChange = { ...change, at: change.at.toISOString() };
        if (!trail.recordPulled(line)) continue;
        accepted += 1;
        if (trail.latest(change.externalId, change.environment)?.changeId !== change.changeId)
          continue;
        const here = outcomes.current(change.externalId);
        // The local outcome of a transaction is one, whatever the environment: one set for
        // another environment is not the colleague's to change.
        if (here?.environment && here.environment !== change.environment) continue;
        if (change.outcome === null) {
          applied += outcomes.clear(change.externalId);
          continue;
        }
        const known = outcomes.known(change.externalId, change.environment as Destination).device;
        const deviceId = known?.deviceId ?? devices.get(change.environment)?.get(change.externalId);
        if (deviceId === undefined) continue;
        applied += outcomes.put(
          change.externalId,
          deviceId,
          change.outcome as ReviewOutcome,
          known?.batchId ?? null,
          line.at,
          { environment: change.environment, setBy: change.analyst },
        );
      }
      link.advance(cursor);
      return { accepted, applied };
    })
    .immediate();
}
