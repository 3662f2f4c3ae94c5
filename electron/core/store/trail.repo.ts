import type { Db } from './db';
import { newChangeId } from './change-id';

/** Where an outcome change was made: a key in the review queue, a bulk action, a spreadsheet. */
export type ChangeSource = 'key' | 'bulk' | 'spreadsheet' | 'history';

/** One line of the outcome trail: who changed which transaction's outcome, when, from what. */
export interface TrailChange {
  changeId: string;
  environment: string;
  externalId: string;
  /** The outcome set, or null when it was cleared. */
  outcome: string | null;
  previous: string | null;
  analyst: string;
  /** ISO 8601, UTC. */
  at: string;
  source: ChangeSource;
}

interface ChangeColumns {
  change_id: string;
  environment: string;
  external_id: string;
  outcome: string | null;
  previous: string | null;
  analyst: string;
  at: string;
  source: ChangeSource;
  origin: 'here' | 'team';
}

const toChange = (row: ChangeColumns): TrailChange & { origin: 'here' | 'team' } => ({
  changeId: row.change_id,
  environment: row.environment,
  externalId: row.external_id,
  outcome: row.outcome,
  previous: row.previous,
  analyst: row.analyst,
  at: row.at,
  source: row.source,
  origin: row.origin,
});

/** The oldest changes waiting to be pushed, a page of them. */
export const waitingSql =
  'SELECT * FROM outcome_changes WHERE pushed = 0 ORDER BY at, change_id LIMIT ?';

/** Pulled changes waiting for a device, a page after a keyset `(at, change_id)`. */
export const unappliedSql = `SELECT * FROM outcome_changes WHERE unapplied = 1 AND (at, change_id) > (?, ?)
  ORDER BY at, change_id LIMIT ?`;

/** The outcome trail and the team's outbox (migration 0014). */
export function trailRepo(db: Db) {
  const insert = db.prepare(
    `INSERT OR IGNORE INTO outcome_changes
       (change_id, environment, external_id, outcome, previous, analyst, at, source, origin, pushed)
     VALUES (@changeId, @environment, @externalId, @outcome, @previous, @analyst, @at, @source, @origin, @pushed)`,
  );
  const waiting = db.prepare<[number], ChangeColumns>(waitingSql);
  const waitingCount = db.prepare<[], { n: number }>(
    'SELECT COUNT(*) AS n FROM outcome_changes WHERE pushed = 0',
  );
  const markPushed = db.prepare<[string]>(
    'UPDATE outcome_changes SET pushed = 1 WHERE change_id = ?',
  );
  const latest = db.prepare<[string, string], ChangeColumns>(
    `SELECT * FROM outcome_changes WHERE external_id = ? AND environment = ?
     ORDER BY at DESC, change_id DESC LIMIT 1`,
  );
  const unapplied = db.prepare<[string, string, number], ChangeColumns>(unappliedSql);
  const setUnapplied = db.prepare<[number, string]>(
    'UPDATE outcome_changes SET unapplied = ? WHERE change_id = ?',
  );
  const retime = db.prepare<[string, string]>(
    'UPDATE outcome_changes SET at = ? WHERE change_id = ?',
  );
  const ofTransaction = db.prepare<[string], ChangeColumns>(
    'SELECT * FROM outcome_changes WHERE external_id = ? ORDER BY at, change_id',
  );

  return {
    /** Records a change made here, waiting to be pushed; returns it. */
    recordHere(change: Omit<TrailChange, 'changeId'>): TrailChange {
      const made = { ...change, changeId: newChangeId() };
      insert.run({ ...made, origin: 'here', pushed: 0 });
      return made;
    },
    /** Records a colleague's change pulled from the team; false when it was already here. */
    recordPulled(change: TrailChange): boolean {
      return insert.run({ ...change, origin: 'team', pushed: 1 }).changes === 1;
    },
    /** The oldest changes made here that the team database does not have yet. */
    waiting(limit: number): TrailChange[] {
      return waiting.all(limit).map(toChange);
    },
    waitingCount: () => waitingCount.get()?.n ?? 0,
    /** Marks changes as stored in the team database. */
    markPushed: db.transaction((changeIds: readonly string[]) => {
      for (const id of changeIds) markPushed.run(id);
    }),
    /** Every change pushed again: for a team database that has never seen this workstation. */
    markAllWaiting(): void {
      db.prepare("UPDATE outcome_changes SET pushed = 0 WHERE origin = 'here'").run();
    },
    /** The latest change known here of a transaction in an environment (by time, then ID). */
    latest(externalId: string, environment: string) {
      const row = latest.get(externalId, environment);
      return row ? toChange(row) : null;
    },
    /**
     * Dates a change made here as the team database stored it, so this workstation orders it as
     * every colleague does.
     */
    retime: (changeId: string, at: string) => void retime.run(at, changeId),
    /**
     * A change that could not be applied yet (a colleague's, no device known for it), or whose
     * transaction's outcome must be resolved again.
     */
    markUnapplied: (changeId: string) => void setUnapplied.run(1, changeId),
    markApplied: (changeId: string) => void setUnapplied.run(0, changeId),
    /**
     * Changes waiting to be applied, oldest first, after `after` (a page's last): a keyset, so
     * a caller can page through every one of them, not the oldest ones over and over.
     */
    unapplied: (limit: number, after: { at: string; changeId: string } | null = null) =>
      unapplied.all(after?.at ?? '', after?.changeId ?? '', limit).map(toChange),
    /** Forgets every line about these transactions (a data-subject request: `forgetCpf`). */
    forget(externalIds: readonly string[]): void {
      const remove = db.prepare('DELETE FROM outcome_changes WHERE external_id = ?');
      for (const id of externalIds) remove.run(id);
    },
    /** A transaction's whole trail, oldest first. */
    ofTransaction: (externalId: string) => ofTransaction.all(externalId).map(toChange),
  };
}

export type TrailRepo = ReturnType<typeof trailRepo>;
