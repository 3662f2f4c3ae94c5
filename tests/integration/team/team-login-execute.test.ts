/**
 * Who may call `analyst_login` (migration 7, team-login-execute.ts). It runs as the owner
 * (SECURITY DEFINER) and binds a name to whoever calls it; PostgreSQL lets PUBLIC execute every
 * new function, so before migration 7 any login that could connect, analyst of the team or not,
 * could call it by hand and take an unbound analyst's name. Only the analysts' roles may now, and
 * an existing database's analysts keep the privilege without their administrator granting it.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushOutcomeChanges } from '../../../electron/core/team/outcome-sync';
import { analystGrants } from '../../../electron/core/team/team-grants';
import { migrateTeamSchema, teamMigrations } from '../../../electron/core/team/team-schema';
import { postgresMissing, startCluster, type Cluster } from '../../support/postgres';
import { teamDatabase } from '../../support/team-database';

const missing = postgresMissing();
if (missing) console.warn(`Skipping the analyst_login privilege tests: ${missing}`);

const denied = { code: '42501', message: 'permission denied for function analyst_login' };

const change = (analyst: string) => ({
  changeId: randomUUID(),
  environment: 'sandbox',
  externalId: `T-${randomUUID()}`,
  outcome: 'Suspeito',
  previous: null,
  analyst,
  at: new Date(Date.now() - 1_000),
  source: 'key' as const,
});

/**
 * The team's roles as docs/team-database.md sets them up: the grants on a NOLOGIN group, a login
 * per analyst in it; one analyst's login granted directly, as a shared login is; and a login of
 * the same cluster that is no analyst of the team (PostgreSQL lets every login connect).
 */
async function createRoles(owner: pg.Client, database: string, grants: string): Promise<void> {
  await owner.query('CREATE ROLE dcdesk_analyst NOLOGIN');
  await owner.query(grants.replaceAll('"dcdesk_analyst"', 'dcdesk_analyst'));
  await owner.query('CREATE ROLE ana LOGIN IN ROLE dcdesk_analyst');
  await owner.query('CREATE ROLE shared LOGIN');
  // The same grants as the group's, as they stood at the version under test.
  await owner.query(grants.replaceAll('"dcdesk_analyst"', 'shared'));
  await owner.query('CREATE ROLE stranger LOGIN');
}

async function bindingOf(owner: pg.Client, name: string): Promise<string | null | undefined> {
  const { rows } = await owner.query<{ login: string | null }>(
    'SELECT login FROM analysts WHERE name = $1',
    [name],
  );
  return rows[0]?.login;
}

// Skipped only where Debian's PostgreSQL is not installed (the reason is printed above); CI installs
// it, so they run there. On a machine that skips them, nothing about the team database is proven.
describe.skipIf(missing)('analyst_login, on a team database set up now', () => {
  const team = teamDatabase();
  const clients: pg.Client[] = [];
  let owner: pg.Client;
  beforeAll(async () => {
    owner = await team.workstation();
    const { database } = team.cluster().connection;
    await createRoles(owner, database, analystGrants('dcdesk_analyst', database));
  });
  afterAll(async () => {
    for (const client of clients) await client.end();
  });

  async function as(login: string): Promise<pg.Client> {
    const client = new pg.Client({ ...team.cluster().connection, user: login });
    client.on('error', () => undefined);
    await client.connect();
    clients.push(client);
    return client;
  }

  it('refuses a login outside the analysts’ group that calls it by hand', async () => {
    const stranger = await as('stranger');
    await expect(stranger.query("SELECT public.analyst_login('Ana Souza')")).rejects.toMatchObject(
      denied,
    );
    expect(await bindingOf(owner, 'Ana Souza')).toBeUndefined();
  });

  it('still binds an analyst’s name through a change, from the group or a direct grant', async () => {
    expect(await pushOutcomeChanges(await as('ana'), [change('Ana Souza')])).toBe(1);
    expect(await bindingOf(owner, 'Ana Souza')).toBe('ana');
    expect(await pushOutcomeChanges(await as('shared'), [change('Caio')])).toBe(1);
    expect(await bindingOf(owner, 'Caio')).toBe('shared');
  });

  it('leaves no SECURITY DEFINER function to PUBLIC, nor its search path to the caller', async () => {
    const { rows } = await owner.query<{ name: string; public: boolean; pinned: boolean }>(
      `SELECT p.proname AS name,
         p.proacl IS NULL OR EXISTS (SELECT 1 FROM aclexplode(p.proacl) a WHERE a.grantee = 0) AS public,
         EXISTS (SELECT 1 FROM unnest(p.proconfig) s WHERE s LIKE 'search\\_path=%') AS pinned
       FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace AND p.prosecdef`,
    );
    expect(rows.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'analyst_login', public: false, pinned: true },
      { name: 'overtaken_answer', public: false, pinned: true },
      { name: 'uploads_taken_over', public: false, pinned: true },
    ]);
  });
});

// Skipped, as the tests above, only where PostgreSQL is not installed (the reason is printed at
// the top): then the upgrade of a version-6 team database is not proven on that machine.
describe.skipIf(missing)('a team database made before migration 7 (version 6)', () => {
  let cluster: Cluster | undefined;
  let owner: pg.Client;
  const clients: pg.Client[] = [];
  beforeAll(async () => {
    cluster = await startCluster();
    owner = new pg.Client(cluster.connection);
    await owner.connect();
    await owner.query(
      'CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    for (const migration of teamMigrations.filter((step) => step.version <= 6)) {
      await owner.query(migration.sql);
      await owner.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
    }
    // The grants the guide gave at version 6: today's, without the EXECUTE migrations 7 and 9
    // need (migration 9 creates its function).
    const { database } = cluster.connection;
    const version6Grants = analystGrants('dcdesk_analyst', database)
      .split('\n')
      .filter((line) => !line.includes('analyst_login') && !line.includes('overtaken_answer'))
      .join('\n');
    await createRoles(owner, database, version6Grants);
  });
  afterAll(async () => {
    for (const client of clients) await client.end();
    await owner.end();
    await cluster?.destroy();
  });

  async function as(login: string): Promise<pg.Client> {
    const client = new pg.Client({ ...cluster?.connection, user: login });
    client.on('error', () => undefined);
    await client.connect();
    clients.push(client);
    return client;
  }

  it('takes EXECUTE from PUBLIC and keeps it for the roles that write, with no grant given again', async () => {
    const stranger = await as('stranger');
    // The defect, at version 6: a stranger takes a name no analyst has used yet.
    await stranger.query("SELECT public.analyst_login('Squatted')");
    expect(await bindingOf(owner, 'Squatted')).toBe('stranger');

    expect(await migrateTeamSchema(owner)).toEqual([7, 8, 9]);
    await expect(stranger.query("SELECT public.analyst_login('Bia Lima')")).rejects.toMatchObject(
      denied,
    );
    expect(await bindingOf(owner, 'Bia Lima')).toBeUndefined();
    expect(await pushOutcomeChanges(await as('ana'), [change('Bia Lima')])).toBe(1);
    expect(await bindingOf(owner, 'Bia Lima')).toBe('ana');
    expect(await pushOutcomeChanges(await as('shared'), [change('Caio')])).toBe(1);
    expect(await bindingOf(owner, 'Caio')).toBe('shared');
  });
});
