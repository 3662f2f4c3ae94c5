/**
 * Whose name a change carries (migration 6, team-logins.ts): the team database records the login
 * that wrote each outcome change, and binds an analyst's name to the login that first used it, so
 * an analyst cannot write in a colleague's name (by the app's analystName or by hand) nor touch a
 * colleague's row of "Analysts seen". A login shared by several analysts keeps every name it used;
 * the owner may rebind a name.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushOutcomeChanges } from '../../../electron/core/team/outcome-sync';
import { pushAnswers } from '../../../electron/core/team/shared-answers';
import { analystGrants } from '../../../electron/core/team/team-grants';
import { claimUpload } from '../../../electron/core/team/team-ledger';
import { migrateTeamSchema, teamMigrations } from '../../../electron/core/team/team-schema';
import { teamService } from '../../../electron/core/team/team-service';
import type { SharedAnswer } from '../../../electron/core/store/team-answers.repo';
import { trailRepo } from '../../../electron/core/store/trail.repo';
import { tempHistory } from '../../support/history';
import { postgresMissing, startCluster, type Cluster } from '../../support/postgres';
import { noTeamPassword, teamDatabase } from '../../support/team-database';

const missing = postgresMissing();
if (missing) console.warn(`Skipping the team login tests: ${missing}`);

const refused = { code: 'DCD01' };

// Skipped only where Debian's PostgreSQL is not installed (the reason is printed above); CI installs
// it, so they run there. On a machine that skips them, nothing about the team database is proven.
describe.skipIf(missing)("an analyst's name bound to a login", () => {
  const team = teamDatabase();
  const clients: pg.Client[] = [];
  let owner: pg.Client;
  beforeAll(async () => {
    owner = await team.workstation();
    for (const login of ['ana', 'bia', 'shared']) {
      await owner.query(`CREATE ROLE ${login} LOGIN`);
      await owner.query(analystGrants(login, team.cluster().connection.database));
    }
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
  const change = (analyst: string, externalId = `T-${randomUUID()}`) => ({
    changeId: randomUUID(),
    environment: 'sandbox',
    externalId,
    outcome: 'Suspeito',
    previous: null,
    analyst,
    at: new Date(Date.now() - 1_000),
    source: 'key' as const,
  });
  async function loginOf(changeId: string) {
    const { rows } = await owner.query<{ login: string | null }>(
      'SELECT login FROM outcome_events WHERE change_id = $1',
      [changeId],
    );
    return rows[0]?.login;
  }

  it('records the login of each change, and refuses a change in a colleague’s name', async () => {
    const [ana, bia] = [await as('ana'), await as('bia')];
    const mine = change('Ana');
    expect(await pushOutcomeChanges(ana, [mine])).toBe(1);
    expect(await loginOf(mine.changeId)).toBe('ana');
    const hers = change('Bia Lima');
    expect(await pushOutcomeChanges(bia, [hers])).toBe(1);

    // The app told another name (analystName "Bia Lima" on Ana's workstation), or psql.
    await expect(pushOutcomeChanges(ana, [change('Bia Lima')])).rejects.toMatchObject(refused);
    await expect(
      ana.query(
        `INSERT INTO outcome_events (change_id, environment, external_id, outcome, analyst, at, source, login)
         VALUES ($1, 'sandbox', 'T-psql', 'Suspeito', 'Bia Lima', now(), 'key', 'bia')`,
        [randomUUID()],
      ),
    ).rejects.toMatchObject(refused);
    // A login written by hand is the database's own.
    const forged = randomUUID();
    await ana.query(
      `INSERT INTO outcome_events (change_id, environment, external_id, outcome, analyst, at, source, login)
       VALUES ($1, 'sandbox', 'T-psql', 'Suspeito', 'Ana', now(), 'key', 'bia')`,
      [forged],
    );
    expect(await loginOf(forged)).toBe('ana');

    // Answers and ledger lines in her name too.
    const answer: SharedAnswer = {
      externalId: 'T-answer',
      sessionId: 's',
      deviceId: 'd',
      risk: 'LOW',
      score: 1,
      insights: [],
      alertQuantity: 0,
      deviceAge: 1,
      similarDevices: [],
      answeredAt: new Date(Date.now() - 1_000).toISOString(),
    };
    await expect(pushAnswers(ana, 'sandbox', 'Bia Lima', [answer])).rejects.toMatchObject(refused);
    await expect(
      claimUpload(ana, {
        environment: 'sandbox',
        externalIds: ['T-upload'],
        uploadId: randomUUID(),
        analyst: 'Bia Lima',
        at: new Date(),
      }),
    ).rejects.toMatchObject(refused);
  });

  it('lets an analyst update only their own row of analysts', async () => {
    const [ana, bia] = [await as('ana'), await as('bia')];
    await pushOutcomeChanges(ana, [change('Ana')]);
    await pushOutcomeChanges(bia, [change('Bia Lima')]);
    await ana.query("UPDATE analysts SET last_sync_at = now() WHERE name = 'Ana'");
    await expect(
      ana.query("UPDATE analysts SET last_sync_at = now() WHERE name = 'Bia Lima'"),
    ).rejects.toMatchObject(refused);
    await expect(ana.query('UPDATE analysts SET last_sync_at = now()')).rejects.toMatchObject(
      refused,
    );
    // The binding is not the analyst's to change.
    await expect(
      ana.query("UPDATE analysts SET login = 'ana' WHERE name = 'Bia Lima'"),
    ).rejects.toMatchObject({ code: '42501' });
  });

  it('keeps every name a shared login used allowed for it, and lets the owner rebind one', async () => {
    const shared = await as('shared');
    for (const name of ['Caio', 'Duda', 'Caio'])
      expect(await pushOutcomeChanges(shared, [change(name)])).toBe(1);
    await shared.query(
      `INSERT INTO analysts (name, last_sync_at) VALUES ('Duda', now())
       ON CONFLICT (name) DO UPDATE SET last_sync_at = excluded.last_sync_at`,
    );
    // Caio gets a login of his own: the owner moves his name to it.
    const ana = await as('ana');
    await expect(pushOutcomeChanges(ana, [change('Caio')])).rejects.toMatchObject(refused);
    await owner.query("UPDATE analysts SET login = 'ana' WHERE name = 'Caio'");
    expect(await pushOutcomeChanges(ana, [change('Caio')])).toBe(1);
    await expect(pushOutcomeChanges(shared, [change('Caio')])).rejects.toMatchObject(refused);
  });

  it("says so when a workstation's analyst name is a colleague's, and keeps the changes waiting", async () => {
    const history = await tempHistory();
    try {
      trailRepo(history.db).recordHere({
        environment: 'sandbox',
        externalId: 'T-window',
        outcome: 'Suspeito',
        previous: null,
        analyst: 'Bia Lima',
        at: new Date().toISOString(),
        source: 'key',
      });
      const { port, database } = team.cluster().connection;
      const service = teamService(history.db, noTeamPassword, {
        analystSetting: () => 'Bia Lima',
        surface: 'cli',
      });
      const connected = await service.connect(
        `postgresql://ana@127.0.0.1:${String(port)}/${database}`,
      );
      expect(connected).toMatchObject({ ok: true });
      const status = service.status();
      expect(status.lastError).toMatch(
        /refused a change: The name Bia Lima belongs to another login/,
      );
      expect(status.waiting).toBe(1);
    } finally {
      history.close();
    }
  });
});

// Skipped, as the tests above, only where PostgreSQL is not installed (the reason is printed at
// the top): then the upgrade of a version-5 team database is not proven on that machine.
describe.skipIf(missing)('a team database made before the logins (version 5)', () => {
  let cluster: Cluster | undefined;
  let owner: pg.Client;
  afterAll(async () => {
    await owner.end();
    await cluster?.destroy();
  });

  it('binds each name the ledger tells one login of, and leaves the others to their first use', async () => {
    cluster = await startCluster();
    owner = new pg.Client(cluster.connection);
    await owner.connect();
    await owner.query(
      'CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    for (const migration of teamMigrations.filter((step) => step.version <= 5)) {
      await owner.query(migration.sql);
      await owner.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
    }
    const logins = ['ana', 'bia', 'shared'];
    for (const login of logins) await owner.query(`CREATE ROLE ${login} LOGIN`);
    // The grants of version 5: today's but analyst_login's, which migration 6 creates (and
    // migration 7 grants to these roles itself, so none is given again after the upgrade).
    for (const login of logins)
      await owner.query(
        analystGrants(login, cluster.connection.database)
          .split('\n')
          .filter((line) => !line.includes('analyst_login') && !line.includes('overtaken_answer'))
          .join('\n'),
      );
    const as = async (login: string) => {
      const client = new pg.Client({ ...cluster?.connection, user: login });
      await client.connect();
      return client;
    };
    // Version 5: Ana's ledger lines from her login; Duda's from two (a shared login once, then
    // her own); Caio only synced.
    for (const [login, analyst, id] of [
      ['ana', 'Ana', 'L-1'],
      ['shared', 'Duda', 'L-2'],
      ['bia', 'Duda', 'L-3'],
    ] as const) {
      const client = await as(login);
      // As the app of version 5 claimed it (today's reads a column of version 9).
      await client.query(
        `INSERT INTO uploads (environment, external_id, upload_id, analyst, at, status)
         VALUES ('sandbox', $1, $2, $3, now(), 'sending')`,
        [id, randomUUID(), analyst],
      );
      await client.query(
        'INSERT INTO analysts (name, last_sync_at) VALUES ($1, now()) ON CONFLICT DO NOTHING',
        [analyst],
      );
      await client.end();
    }
    await owner.query("INSERT INTO analysts (name, last_sync_at) VALUES ('Caio', now())");

    expect(await migrateTeamSchema(owner)).toEqual([6, 7, 8, 9]);
    const { rows } = await owner.query<{ name: string; login: string | null }>(
      'SELECT name, login FROM analysts ORDER BY name',
    );
    expect(rows).toEqual([
      { name: 'Ana', login: 'ana' },
      { name: 'Caio', login: null },
      { name: 'Duda', login: null },
    ]);
    // Ana's name is hers already; Caio's goes to whoever uses it first.
    const bia = await as('bia');
    try {
      await expect(
        pushOutcomeChanges(bia, [
          {
            changeId: randomUUID(),
            environment: 'sandbox',
            externalId: 'L-4',
            outcome: 'Suspeito',
            previous: null,
            analyst: 'Ana',
            at: new Date(),
            source: 'key',
          },
        ]),
      ).rejects.toMatchObject(refused);
      await bia.query(
        "INSERT INTO analysts (name, last_sync_at) VALUES ('Caio', now()) ON CONFLICT (name) DO UPDATE SET last_sync_at = excluded.last_sync_at",
      );
      const caio = await owner.query("SELECT login FROM analysts WHERE name = 'Caio'");
      expect(caio.rows).toEqual([{ login: 'bia' }]);
    } finally {
      await bia.end();
    }
  });
});
