import type { ClientBase } from 'pg';
import { inTransaction } from './pg-transaction';

/**
 * Outcome changes between a workstation and the team database (issue 17): pushed as events that
 * keep the whole trail (who, when, the value before, from where), and pulled by a cursor.
 *
 * A push is idempotent: an event is keyed by its change ID, so a push repeated after a cut
 * connection stores nothing twice. The current outcome of a transaction is the latest change by
 * its time (ties broken by change ID, so every workstation agrees), whatever order pushes arrive
 * in. Pushes take one advisory lock, so events get their sequence numbers in commit order: a
 * colleague pulling "everything after N" can never miss an event that committed late with a
 * smaller number.
 */

import type { ChangeSource } from '../store/trail.repo';

export type { ChangeSource };

export interface OutcomeChange {
  /** A UUID made where the change was made. */
  changeId: string;
  environment: string;
  externalId: string;
  /** The outcome set, or null when it was cleared. */
  outcome: string | null;
  previous: string | null;
  analyst: string;
  at: Date;
  source: ChangeSource;
}

/** The first key of the outcome push lock (the ledger's is 170_002). */
export const pushLockKey = 170_003;

/** A clock ahead of the team database's by no more than this is taken as right. */
const aheadDoubtMs = 1_000;

/**
 * How far this workstation's clock runs ahead of the team database's, at least, in milliseconds;
 * 0 when it is not ahead beyond doubt. The server reads its clock after `before` was taken, so
 * `before - server` can only be less than the true lead, never more.
 */
export async function clockAhead(client: ClientBase, now: () => number): Promise<number> {
  const before = now();
  const { rows } = await client.query<{ at: Date }>('SELECT clock_timestamp() AS at');
  const server = rows[0]?.at.getTime();
  if (server === undefined) return 0;
  const ahead = before - server;
  return ahead > aheadDoubtMs ? ahead : 0;
}

/**
 * Stores the changes a workstation made; returns how many the database did not have. A clock
 * running ahead dates changes later than they were made, so a change made offline would beat a
 * colleague's made after it: each is dated back by `ahead`, what this clock is ahead of the
 * database's (`clockAhead`, measured once per sync). A clock set right between the change and the
 * push cannot be told; the database's cap below still keeps such a change from being dated after
 * the push.
 */
export async function pushOutcomeChanges(
  client: ClientBase,
  changes: readonly OutcomeChange[],
  ahead = 0,
): Promise<number> {
  if (changes.length === 0) return 0;
  return inTransaction(client, async () => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [pushLockKey]);
    const stored = await client.query(
      `INSERT INTO outcome_events (change_id, environment, external_id, outcome, previous, analyst, at, source)
       SELECT c.change_id, c.environment, c.external_id, c.outcome, c.previous, c.analyst,
         -- A workstation whose clock runs ahead cannot make its changes win until that time.
         -- The database's own trigger (team-guards.ts) dates every insert so, the app's or not.
         -- In whole milliseconds, as workstations keep times: they order changes as it does.
         LEAST(c.at, date_trunc('milliseconds', now())), c.source
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[], $8::text[])
         AS c(change_id, environment, external_id, outcome, previous, analyst, at, source)
       ON CONFLICT (change_id) DO NOTHING
       RETURNING change_id`,
      [
        changes.map((change) => change.changeId),
        changes.map((change) => change.environment),
        changes.map((change) => change.externalId),
        changes.map((change) => change.outcome),
        changes.map((change) => change.previous),
        changes.map((change) => change.analyst),
        changes.map((change) => new Date(change.at.getTime() - ahead)),
        changes.map((change) => change.source),
      ],
    );
    // The latest change of each transaction becomes its outcome, unless a later one is there.
    await client.query(
      `INSERT INTO outcomes (environment, external_id, outcome, change_id, analyst, at)
       SELECT DISTINCT ON (environment, external_id) environment, external_id, outcome, change_id, analyst, at
       FROM outcome_events WHERE change_id = ANY($1::uuid[])
       ORDER BY environment, external_id, at DESC, change_id DESC
       ON CONFLICT (environment, external_id) DO UPDATE SET outcome = excluded.outcome,
         change_id = excluded.change_id, analyst = excluded.analyst, at = excluded.at
       WHERE (excluded.at, excluded.change_id) > (outcomes.at, outcomes.change_id)`,
      [changes.map((change) => change.changeId)],
    );
    return stored.rowCount ?? 0;
  });
}

/** A change as pulled: `future` when its time was later than the server's clock then. */
export interface PulledChange extends OutcomeChange {
  future?: boolean;
}

/**
 * The times the team database stored for these changes (ISO 8601), which may be earlier than
 * the workstation's own: the push dates no change after the server's clock. Read after the push,
 * so a change stored by an earlier push that was cut before it was marked is answered too.
 */
export async function storedTimes(
  client: ClientBase,
  changeIds: readonly string[],
): Promise<Map<string, string>> {
  if (changeIds.length === 0) return new Map();
  const { rows } = await client.query<{ change_id: string; at: Date }>(
    'SELECT change_id, at FROM outcome_events WHERE change_id = ANY($1::uuid[])',
    [changeIds],
  );
  return new Map(rows.map((row) => [row.change_id, row.at.toISOString()]));
}

export interface PulledChanges {
  changes: PulledChange[];
  /** The cursor to pull from next time: the last event's sequence number, or the one given. */
  cursor: number;
}

/** The changes stored after `cursor`, in the order they were stored, at most `limit`. */
export async function pullOutcomeChanges(
  client: ClientBase,
  cursor: number,
  limit = 5000,
): Promise<PulledChanges> {
  const { rows } = await client.query<{
    seq: string;
    change_id: string;
    environment: string;
    external_id: string;
    outcome: string | null;
    previous: string | null;
    analyst: string;
    at: Date;
    source: ChangeSource;
    future: boolean;
  }>(
    // Since migration 5 the server dates no change later than its clock (team-guards.ts), the
    // app's push never did (LEAST above): a change dated after it was stored before migration 5,
    // by hand. The server's clock decides, not this one.
    `SELECT seq, change_id, environment, external_id, outcome, previous, analyst, at, source,
       at > now() AS future
     FROM outcome_events WHERE seq > $1 ORDER BY seq LIMIT $2`,
    [cursor, limit],
  );
  return {
    changes: rows.map((row) => ({
      changeId: row.change_id,
      environment: row.environment,
      externalId: row.external_id,
      outcome: row.outcome,
      previous: row.previous,
      analyst: row.analyst,
      at: row.at,
      source: row.source,
      future: row.future,
    })),
    cursor: rows.length > 0 ? Number(rows.at(-1)?.seq) : cursor,
  };
}
