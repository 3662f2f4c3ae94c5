import type { ClientBase } from 'pg';
import { inTransaction } from './pg-transaction';
import { guardsSql } from './team-guards';
import { loginExecuteSql } from './team-login-execute';
import { loginsSql } from './team-logins';
import { searchPathSql } from './team-search-path';
import { takeoverSql } from './team-takeover';

/**
 * The team database's schema (issue 17), versioned like the local history's. Each migration runs
 * in one transaction under an advisory lock, so two workstations connecting to a fresh database at
 * the same moment cannot both apply it. No table has a column for a CPF, an e-mail, a phone, a CEP,
 * a name of a customer, a password or a token: those never leave the workstation.
 */

export interface TeamMigration {
  version: number;
  name: string;
  sql: string;
}

export const teamMigrations: readonly TeamMigration[] = [
  {
    version: 1,
    name: 'answers-outcomes-uploads',
    sql: `
CREATE TABLE answers (
  environment text NOT NULL,
  external_id text NOT NULL,
  session_id text,
  device_id text,
  risk text,
  score double precision,
  insights jsonb NOT NULL DEFAULT '[]',
  alerts jsonb NOT NULL DEFAULT '[]',
  device_age_days integer,
  similar_devices integer,
  answered_at timestamptz NOT NULL,
  analyst text NOT NULL,
  seq bigserial UNIQUE,
  PRIMARY KEY (environment, external_id)
);
CREATE TABLE outcome_events (
  change_id uuid PRIMARY KEY,
  environment text NOT NULL,
  external_id text NOT NULL,
  outcome text,
  previous text,
  analyst text NOT NULL,
  at timestamptz NOT NULL,
  source text NOT NULL CHECK (source IN ('key', 'bulk', 'spreadsheet')),
  seq bigserial UNIQUE
);
CREATE INDEX outcome_events_transaction ON outcome_events (environment, external_id);
CREATE TABLE outcomes (
  environment text NOT NULL,
  external_id text NOT NULL,
  outcome text,
  change_id uuid NOT NULL REFERENCES outcome_events (change_id),
  analyst text NOT NULL,
  at timestamptz NOT NULL,
  PRIMARY KEY (environment, external_id)
);
CREATE TABLE uploads (
  environment text NOT NULL,
  external_id text NOT NULL,
  upload_id uuid NOT NULL,
  analyst text NOT NULL,
  at timestamptz NOT NULL,
  seq bigserial UNIQUE,
  PRIMARY KEY (environment, external_id)
);`,
  },
  {
    // A ledger line is written before the file goes out ('sending') and answered after, as the
    // local ledger is: a line that may have reached the service blocks a colleague's re-send.
    version: 2,
    name: 'upload-status',
    sql: `
ALTER TABLE uploads ADD COLUMN status text NOT NULL DEFAULT 'sent'
  CHECK (status IN ('sending', 'sent', 'failed'));
ALTER TABLE uploads ADD COLUMN error_code text;
CREATE INDEX uploads_upload ON uploads (upload_id);`,
  },
  {
    // An answer as the workstations share it: the alert count and the similar devices' IDs are
    // what the service answered; a transaction's device is what a colleague's file needs. The
    // analysts who synced, for "colleagues seen".
    version: 3,
    name: 'answer-details',
    sql: `
ALTER TABLE answers ADD COLUMN alert_quantity integer;
ALTER TABLE answers ADD COLUMN similar_device_ids jsonb NOT NULL DEFAULT '[]';
CREATE TABLE analysts (name text PRIMARY KEY, last_sync_at timestamptz NOT NULL);`,
  },
  {
    // Which database this is: a workstation that finds another identity under the same URL (a
    // database recreated or restored) starts over with it, pushing everything it has. Counts
    // the service may answer beyond 32 bits. Outcomes set before the trail existed ('history'); the outcome each ledger line sent, so a
    // correction can be told from a repeat.
    version: 4,
    name: 'identity-wide-counts',
    sql: `
CREATE TABLE team_identity (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), created_at timestamptz NOT NULL DEFAULT now());
INSERT INTO team_identity DEFAULT VALUES;
ALTER TABLE answers ALTER COLUMN device_age_days TYPE bigint, ALTER COLUMN alert_quantity TYPE bigint;
ALTER TABLE uploads ADD COLUMN outcome text;
ALTER TABLE outcome_events DROP CONSTRAINT outcome_events_source_check,
  ADD CONSTRAINT outcome_events_source_check CHECK (source IN ('key', 'bulk', 'spreadsheet', 'history'));`,
  },
  {
    // An analyst's login changes no more than the app does (team-guards.ts): the ledger's lines
    // answered once by the login that claimed them, outcomes only as the trail says, the trail
    // append-only, the analysts' UPDATE grants narrowed to the columns the app updates.
    version: 5,
    name: 'guards',
    sql: guardsSql,
  },
  {
    // Whose name a change carries (team-logins.ts): the login of each outcome change recorded,
    // each analyst's name bound to the login that first used it.
    version: 6,
    name: 'logins',
    sql: loginsSql,
  },
  {
    // Who may call analyst_login (team-login-execute.ts): not PUBLIC, as PostgreSQL lets every
    // function be called, but the roles that may write the rows whose triggers call it.
    version: 7,
    name: 'login-execute',
    sql: loginExecuteSql,
  },
  {
    // Where the schema's functions look names up (team-search-path.ts): never first in the
    // caller's temporary tables, nor among functions an analyst may create in public.
    version: 8,
    name: 'search-path',
    sql: searchPathSql,
  },
  {
    // A line left being sent by a sender who never comes back (team-takeover.ts): taken over
    // by a colleague's confirmed send an hour after its claim, with who took it from whom kept.
    version: 9,
    name: 'sending-takeover',
    sql: takeoverSql,
  },
];

/** The advisory lock key serialising schema changes (any constant every workstation shares). */
export const schemaLockKey = 170_001;

/**
 * Applies the migrations this database lacks; returns the versions applied now. A database that
 * is up to date is only read, so the analysts' role needs no CREATE (see team-grants.ts); one that
 * lacks migrations needs its owner, and a role that may not create tables is told so.
 */
export async function migrateTeamSchema(client: ClientBase): Promise<number[]> {
  return inTransaction(client, async () => {
    const applied: number[] = [];
    await client.query('SELECT pg_advisory_xact_lock($1)', [schemaLockKey]);
    const have = new Set<number>();
    if (await checkTeamDatabase(client)) {
      const { rows } = await client.query<{ version: number }>(
        'SELECT version FROM schema_migrations',
      );
      for (const row of rows) have.add(row.version);
    }
    judgeVersions(have);
    const pending = teamMigrations.filter((migration) => !have.has(migration.version));
    if (pending.length === 0) return applied;
    try {
      await client.query(
        'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
      );
      for (const migration of pending) {
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
          migration.version,
          migration.name,
        ]);
        applied.push(migration.version);
      }
    } catch (caught) {
      if ((caught as { code?: unknown }).code === '42501')
        throw new TeamSchemaOutdated(Math.max(0, ...have), teamMigrations.length);
      throw caught;
    }
    return applied;
  });
}

/**
 * Whether the database holds a team schema (true), or is empty, ready for one (false). Another
 * application's database throws `NotTeamDatabase`, before anything is written: its tables may
 * share the team's names (answers, outcomes), and migration 1 would fail on them, or worse,
 * find a `schema_migrations` of another tool's. Read only, so Test connection can ask it too.
 */
export async function checkTeamDatabase(client: ClientBase): Promise<boolean> {
  // Ours: a schema_migrations with a name column whose first migration is ours (another tool's
  // table of that name, Rails' or golang-migrate's, has no name column). Read from PostgreSQL's
  // catalog, which shows every table: information_schema hides the ones this role may not
  // read, and a login not yet granted the team's tables took the team's for another app's. Its
  // read of schema_migrations below then fails as a missing permission, said as one.
  const { rows: shape } = await client.query<{ ours: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_attribute a
       JOIN pg_catalog.pg_class c ON c.oid = a.attrelid
       WHERE c.relnamespace = current_schema()::regnamespace AND c.relname = 'schema_migrations'
         AND c.relkind IN ('r', 'p') AND a.attname = 'name' AND NOT a.attisdropped) AS ours`,
  );
  if (shape[0]?.ours) {
    const { rows } = await client.query<{ name: string }>(
      'SELECT name FROM schema_migrations WHERE version = 1',
    );
    if (rows[0]?.name === teamMigrations[0]?.name) return true;
  }
  const { rows: tables } = await client.query<{ name: string }>(
    'SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1',
  );
  if (tables.length > 0) throw new NotTeamDatabase(tables.map((table) => table.name));
  return false;
}

/** Throws `TeamSchemaNewer` when a newer app set this team database up: this one could misread it. */
export async function checkTeamVersion(client: ClientBase): Promise<void> {
  const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
  judgeVersions(new Set(rows.map((row) => row.version)));
}

/**
 * Throws when the schema's record (`have`, its versions) is not one this app can bring up to
 * date: set up by a newer app, or missing a version below the newest it holds. Such a version was
 * applied and its row lost (the record edited by hand): run again, it would fail on what it made,
 * or change it twice.
 */
function judgeVersions(have: ReadonlySet<number>): void {
  const newest = Math.max(0, ...have);
  if (newest > (teamMigrations.at(-1)?.version ?? 0)) throw new TeamSchemaNewer(newest);
  const lost = teamMigrations
    .map((migration) => migration.version)
    .filter((version) => version < newest && !have.has(version));
  if (lost.length > 0) throw new TeamSchemaGap(lost, newest);
}

/** The database holds another application's tables and no team schema. */
export class NotTeamDatabase extends Error {
  constructor(readonly tables: readonly string[]) {
    super(`The database holds other tables (${tables.slice(0, 5).join(', ')}).`);
  }
}

/** The schema lacks migrations and this role may not apply them. */
export class TeamSchemaOutdated extends Error {
  constructor(
    readonly version: number,
    readonly needed: number,
  ) {
    super(
      `The team database's schema is at version ${String(version)} and this app needs version ${String(needed)}; this user may not change it. Connect once as the database's owner (dcdesk team connect with the owner's URL) to bring it up to date.`,
    );
  }
}

/** The schema's record lacks versions below the newest it holds: it was edited by hand. */
export class TeamSchemaGap extends Error {
  constructor(
    readonly missing: number[],
    readonly newest: number,
  ) {
    const versions = missing.map(String).join(', ');
    super(
      `The team database's record of its schema (schema_migrations) lacks version ${versions}, though it holds version ${String(newest)}: it was changed by hand. Nothing was changed there. Ask the database's administrator to put the missing row back (docs/team-database.md), then try again.`,
    );
  }
}

/** The schema was brought further by a newer app: this one could misread it. */
export class TeamSchemaNewer extends Error {
  constructor(readonly version: number) {
    super(
      `The team database was set up by a newer version of Device Check Desk (schema ${String(version)}); this app knows up to ${String(teamMigrations.at(-1)?.version ?? 0)}. Update the app to sync with it.`,
    );
  }
}
