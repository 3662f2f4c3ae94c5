import type { Db } from './db';

/** The team database this workstation syncs with, and how far it got (migration 0014). */
export interface TeamLink {
  /** The connection URL without its password. */
  url: string;
  /** The sequence number of the last colleague's change pulled. */
  cursor: number;
  lastSyncAt: string | null;
  /** Why the last sync failed (a message without secrets), or null. */
  lastError: string | null;
  /** Per batch, how many of its answers the team database has: answers are pushed once. */
  answersPushed: Record<string, number>;
  /** The analysts who synced with the team database, as of the last sync. */
  colleagues: string[];
  /** The identity of the team database last synced with (its `team_identity`). */
  databaseId: string | null;
}

interface LinkColumns {
  url: string;
  cursor: number;
  last_sync_at: string | null;
  last_error: string | null;
  answers_pushed: string;
  colleagues: string;
  database_id: string | null;
}

export function teamLinkRepo(db: Db) {
  const read = db.prepare<[], LinkColumns>('SELECT * FROM team_link WHERE id = 1');
  return {
    get(): TeamLink | null {
      const row = read.get();
      if (!row) return null;
      return {
        url: row.url,
        cursor: row.cursor,
        lastSyncAt: row.last_sync_at,
        lastError: row.last_error,
        answersPushed: JSON.parse(row.answers_pushed) as Record<string, number>,
        colleagues: JSON.parse(row.colleagues) as string[],
        databaseId: row.database_id,
      };
    },
    /**
     * Links this workstation to a team database. Linking to another database than before starts
     * over: its colleagues' changes are pulled from the start, and every change made here is
     * pushed to it, as are the answers.
     */
    link: db.transaction((url: string): void => {
      const before = read.get();
      if (before?.url === url) return;
      db.prepare('DELETE FROM team_link').run();
      db.prepare('INSERT INTO team_link (id, url) VALUES (1, ?)').run(url);
      db.prepare("UPDATE outcome_changes SET pushed = 0 WHERE origin = 'here'").run();
      db.prepare('UPDATE uploads SET team_upload = NULL, team_answer_key = NULL').run();
    }),
    /** The linked team's URL in another spelling of the same address: nothing starts over. */
    respell(url: string): void {
      db.prepare('UPDATE team_link SET url = ? WHERE id = 1').run(url);
    },
    /**
     * The team database under the linked URL is `databaseId`. Another one than last time (the
     * database was recreated or restored) starts over: its changes pulled from the start, every
     * change, answer and upload of this workstation pushed to it again.
     */
    identify: db.transaction((databaseId: string): void => {
      const row = read.get();
      if (!row || row.database_id === databaseId) return;
      db.prepare(
        "UPDATE team_link SET database_id = ?, cursor = 0, answers_pushed = '{}' WHERE id = 1",
      ).run(databaseId);
      db.prepare("UPDATE outcome_changes SET pushed = 0 WHERE origin = 'here'").run();
      db.prepare('UPDATE uploads SET team_upload = NULL, team_answer_key = NULL').run();
    }),
    unlink(): void {
      db.prepare('DELETE FROM team_link').run();
    },
    /** Records a finished sync: its cursor, time and the colleagues seen, and no error. */
    synced(cursor: number, at: string, colleagues: readonly string[]): void {
      db.prepare(
        'UPDATE team_link SET cursor = ?, last_sync_at = ?, colleagues = ?, last_error = NULL WHERE id = 1',
      ).run(cursor, at, JSON.stringify(colleagues));
    },
    /** Moves the cursor as pulled changes are applied (in the transaction that applies them). */
    advance(cursor: number): void {
      db.prepare('UPDATE team_link SET cursor = ? WHERE id = 1').run(cursor);
    },
    failed(message: string): void {
      db.prepare('UPDATE team_link SET last_error = ? WHERE id = 1').run(message);
    },
    answersPushed(batchId: string, count: number): void {
      db.prepare(
        "UPDATE team_link SET answers_pushed = json_set(answers_pushed, '$.' || json_quote(?), ?) WHERE id = 1",
      ).run(batchId, count);
    },
  };
}

export type TeamLinkRepo = ReturnType<typeof teamLinkRepo>;
