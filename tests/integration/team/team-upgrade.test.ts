/**
 * A team database made before migration 5 (the guards, team-guards.ts): its analysts are told to
 * have the owner connect once, and are not let in meanwhile; once the owner has, the analysts'
 * old table-wide UPDATE grants are narrowed to the columns the app updates, the lines written
 * before keep working, and the guards hold.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trailRepo } from '../../../electron/core/store/trail.repo';
import { openTeamClient } from '../../../electron/core/team/team-client';
import { recordUploadAnswer } from '../../../electron/core/team/team-ledger';
import { migrateTeamSchema, teamMigrations } from '../../../electron/core/team/team-schema';
import { teamService } from '../../../electron/core/team/team-service';
import { parseTeamUrl } from '../../../electron/core/team/team-url';
import { tempHistory } from '../../support/history';
import { postgresMissing, startCluster, type Cluster } from '../../support/postgres';
import { noTeamPassword } from '../../support/team-database';

const missing = postgresMissing();
if (missing) console.warn(`Skipping the team upgrade tests: ${missing}`);

/** The grants the guide gave before migration 5, word for word. */
const oldGrants = `
GRANT CONNECT ON DATABASE "postgres" TO "old analyst";
GRANT USAGE ON SCHEMA public TO "old analyst";
GRANT SELECT ON schema_migrations, team_identity TO "old analyst";
GRANT SELECT, INSERT, UPDATE ON answers, outcomes, uploads, analysts TO "old analyst";
GRANT SELECT, INSERT ON outcome_events TO "old analyst";
GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO "old analyst";`;

// Skipped only where Debian's PostgreSQL is not installed (the reason is printed above); CI installs
// it, so they run there. On a machine that skips them, nothing about the team database is proven.
// Skips only where PostgreSQL's server binaries (Debian's packages, which .ci/run installs) are
// absent: the tests need a real throwaway cluster, and without one the upgrade of a version-4 team database and its narrowed grants is not proven.
describe.skipIf(missing)('a team database made before the guards', () => {
  let cluster: Cluster | undefined;
  let owner: pg.Client;
  const upload = randomUUID();
  beforeAll(async () => {
    cluster = await startCluster();
    owner = new pg.Client(cluster.connection);
    await owner.connect();
    // Version 4, as an older app left it, with a line still being sent.
    await owner.query(
      'CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    for (const migration of teamMigrations.filter((step) => step.version <= 4)) {
      await owner.query(migration.sql);
      await owner.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
    }
    await owner.query('CREATE ROLE "old analyst" LOGIN');
    await owner.query(oldGrants);
    await owner.query(
      `INSERT INTO uploads (environment, external_id, upload_id, analyst, at, status, outcome)
       VALUES ('sandbox', 'OLD-1', $1, 'Ana', now(), 'sending', 'Suspeito')`,
      [upload],
    );
  });
  afterAll(async () => {
    await owner.end();
    await cluster?.destroy();
  });

  function analystUrl() {
    if (!cluster) throw new Error('The cluster did not start.');
    const parsed = parseTeamUrl(
      `postgresql://old%20analyst@127.0.0.1:${String(cluster.port)}/postgres`,
    );
    if (!parsed.ok) throw new Error(parsed.message);
    return parsed.url;
  }

  it("tells an analyst to have the owner connect once, and lets the owner's connection migrate it", async () => {
    const refused = await openTeamClient(analystUrl(), undefined);
    expect(refused).toMatchObject({ ok: false, error: { code: 'team' } });
    if (!refused.ok)
      expect(refused.error.message).toBe(
        `The team database's schema is at version 4 and this app needs version ${String(teamMigrations.length)}; this user may not change it. Connect once as the database's owner (dcdesk team connect with the owner's URL) to bring it up to date.`,
      );
    expect(await migrateTeamSchema(owner)).toEqual(
      teamMigrations.map((step) => step.version).filter((version) => version >= 5),
    );

    const opened = await openTeamClient(analystUrl(), undefined);
    if (!opened.ok) throw new Error(opened.error.message);
    const analyst = opened.value;
    try {
      const may = async (table: string, column: string) =>
        (
          await owner.query<{ may: boolean }>(
            "SELECT has_column_privilege('old analyst', $1, $2, 'UPDATE') AS may",
            [table, column],
          )
        ).rows[0]?.may;
      expect(await may('uploads', 'status')).toBe(true);
      expect(await may('uploads', 'environment')).toBe(false);
      expect(await may('answers', 'external_id')).toBe(false);
      expect(await may('analysts', 'name')).toBe(false);
      // The line claimed before the upgrade (no login recorded) is answered as before; once.
      await recordUploadAnswer(analyst, upload, { status: 'sent' });
      await expect(
        analyst.query(
          "UPDATE uploads SET status = 'failed', error_code = 'x' WHERE external_id = 'OLD-1'",
        ),
      ).rejects.toMatchObject({ code: 'DCD01' });
      const { rows } = await owner.query("SELECT status FROM uploads WHERE external_id = 'OLD-1'");
      expect(rows).toEqual([{ status: 'sent' }]);
    } finally {
      await analyst.end();
    }
  });

  it("lets the analyst's app sync and send through the narrowed grants", async () => {
    const history = await tempHistory();
    try {
      trailRepo(history.db).recordHere({
        environment: 'sandbox',
        externalId: 'OLD-2',
        outcome: 'Suspeito',
        previous: null,
        analyst: 'Ana',
        at: new Date().toISOString(),
        source: 'key',
      });
      const service = teamService(history.db, noTeamPassword, {
        analystSetting: () => 'Ana',
        env: { DCDESK_TEAM_URL: analystUrl().stored },
      });
      expect(await service.sync()).toMatchObject({ ok: true, value: { pushed: 1 } });
      const gate = service.gate();
      if (!gate) throw new Error('No team gate.');
      const upload = randomUUID();
      const rows = [{ transactionId: 'OLD-2', outcome: 'Suspeito' }];
      expect(await gate.claim('sandbox', rows, upload, false, 'key of the claim')).toEqual({
        ok: true,
        value: { ok: true },
      });
      expect(await gate.record(upload, { status: 'sent' }, 'key of the claim')).toMatchObject({
        ok: true,
      });
      const { rows: lines } = await owner.query(
        "SELECT status, login FROM uploads WHERE external_id = 'OLD-2'",
      );
      expect(lines).toEqual([{ status: 'sent', login: 'old analyst' }]);
    } finally {
      history.close();
    }
  });
});
