import type { ClientBase } from 'pg';
import { reviewOutcomes, type ReviewOutcome } from '../../../shared/domain/types';
import {
  baseUrlProblem,
  environmentNames,
  isCustomUrl,
  normaliseBaseUrl,
  type Destination,
} from '../../../shared/environment';
import type { Db } from '../store/db';
import { outcomesRepo } from '../store/outcomes.repo';
import { teamLinkRepo } from '../store/team-link.repo';
import { trailRepo, type TrailChange } from '../store/trail.repo';
import { pulledName } from './analyst';
import type { PulledChange } from './outcome-sync';
import { safeIdentifier, teamDevices } from './shared-answers';

const sources = new Set(['key', 'bulk', 'spreadsheet', 'history']);
const outcomeNames = new Set<string>(reviewOutcomes);

/** An environment's name, or a custom address the app would send to. */
function knownDestination(environment: string): boolean {
  if ((environmentNames as readonly string[]).includes(environment)) return true;
  return (
    isCustomUrl(environment as Destination) &&
    safeIdentifier(environment) &&
    baseUrlProblem(environment) === null &&
    normaliseBaseUrl(environment) === environment
  );
}

/**
 * A colleague's change as this workstation can trust it, or null. The app writes only known
 * outcomes (before and after), valid times no later than the server's clock, known sources and
 * destinations, and IDs without control or direction characters; a row that breaks one of
 * these was written by hand or by a newer app. Every workstation decides the same from the row
 * and the server's clock, so none applies what another passes over. Such a change is passed
 * over (the cursor moves on, it is counted), so one bad row never stops every sync.
 */
function trusted(change: PulledChange): TrailChange | null {
  if (change.outcome !== null && !outcomeNames.has(change.outcome)) return null;
  if (change.previous !== null && !outcomeNames.has(change.previous)) return null;
  if (!(change.at instanceof Date) || !Number.isFinite(change.at.getTime())) return null;
  if (change.future === true) return null;
  if (!sources.has(change.source)) return null;
  if (!knownDestination(change.environment) || !safeIdentifier(change.externalId)) return null;
  return { ...change, analyst: pulledName(change.analyst), at: change.at.toISOString() };
}

/** The devices the team's answers name, per environment, for these changes' transactions. */
async function devicesFor(client: ClientBase, changes: readonly TrailChange[]) {
  const devices = new Map<string, Map<string, string>>();
  for (const environment of new Set(changes.map((change) => change.environment))) {
    const ids = changes
      .filter((change) => change.environment === environment && change.outcome !== null)
      .map((change) => change.externalId);
    devices.set(environment, await teamDevices(client, environment, ids));
  }
  return devices;
}

/**
 * Applies colleagues' changes here, in one local transaction (with `cursor` moved, for a page
 * pulled). A change already in the trail (made here, or pulled before) is skipped; one older
 * than a change known here only joins the trail. An outcome needs the device its transaction's
 * answer named, the newest here, else the team's: without one the change waits in the trail
 * (`unapplied`) and is tried again at each sync, when a colleague's answers may have come.
 * `guard` throws when the workstation was linked elsewhere meanwhile: nothing is written then.
 * `changed` names the transactions whose outcome changed here (`transactionKey`): several changes
 * of one transaction in a page change it once for the analyst, who is told of transactions.
 */
export async function applyPulled(
  db: Db,
  client: ClientBase,
  pulled: readonly PulledChange[],
  cursor: number | null,
  guard: () => void,
): Promise<{ accepted: number; changed: Set<string>; passedOver: number }> {
  const changes = pulled.map(trusted).filter((change) => change !== null);
  const passedOver = pulled.length - changes.length;
  const devices = await devicesFor(client, changes);
  const trail = trailRepo(db);
  const outcomes = outcomesRepo(db);
  const link = teamLinkRepo(db);
  return db
    .transaction(() => {
      guard();
      let accepted = 0;
      const changed = new Set<string>();
      const mark = (count: number, change: TrailChange) => {
        if (count > 0) changed.add(transactionKey(change.environment, change.externalId));
      };
      for (const change of changes) {
        const retry = cursor === null;
        if (!retry) {
          if (!trail.recordPulled(change)) continue;
          accepted += 1;
        }
        if (trail.latest(change.externalId, change.environment)?.changeId !== change.changeId) {
          if (retry) trail.markApplied(change.changeId);
          continue;
        }
        // An outcome is of a transaction in one environment, here as in the team database: a
        // colleague's change touches that environment's only.
        if (change.outcome === null) {
          mark(outcomes.clear(change.externalId, change.environment), change);
          trail.markApplied(change.changeId);
          continue;
        }
        const known = outcomes.known(change.externalId, change.environment as Destination).device;
        const deviceId = known?.deviceId ?? devices.get(change.environment)?.get(change.externalId);
        if (deviceId === undefined) {
          trail.markUnapplied(change.changeId);
          continue;
        }
        mark(
          outcomes.put(
            change.externalId,
            deviceId,
            change.outcome as ReviewOutcome,
            known?.batchId ?? null,
            change.at,
            { environment: change.environment, setBy: change.analyst },
          ),
          change,
        );
        trail.markApplied(change.changeId);
      }
      if (cursor !== null) link.advance(cursor);
      return { accepted, changed, passedOver };
    })
    .immediate();
}

/** A transaction of an environment, as one key (an ID holds no control character). */
export function transactionKey(environment: string, externalId: string): string {
  return `${environment}\u0000${externalId}`;
}

/** How many waiting changes are tried at once, and for how long a sync goes on trying them. */
const waitingPage = 2_000;
const waitingBudgetMs = 20_000;

/**
 * The changes that waited for a device, tried again page by page through all of them (oldest
 * first, by a keyset), so changes that can never apply do not keep a later one from its turn;
 * the transactions whose outcome changed now (`transactionKey`). A sync spends at most `budgetMs` on them, so a huge backlog cannot hold
 * it; a page started is finished.
 */
export async function applyWaiting(
  db: Db,
  client: ClientBase,
  guard: () => void,
  budgetMs = waitingBudgetMs,
): Promise<Set<string>> {
  const trail = trailRepo(db);
  // A clock that never goes back: the budget is of time spent, whatever the wall clock does.
  const started = performance.now();
  let after: { at: string; changeId: string } | null = null;
  const changed = new Set<string>();
  do {
    const waiting = trail.unapplied(waitingPage, after);
    const last = waiting.at(-1);
    if (!last) break;
    const changes = waiting.map((change) => ({ ...change, at: new Date(change.at) }));
    for (const key of (await applyPulled(db, client, changes, null, guard)).changed)
      changed.add(key);
    after = { at: last.at, changeId: last.changeId };
  } while (performance.now() - started < budgetMs);
  return changed;
}
