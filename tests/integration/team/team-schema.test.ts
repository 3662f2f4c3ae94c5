import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTeamSchema, teamMigrations } from '../../../electron/core/team/team-schema';
import { postgresMissing, startCluster, type Cluster } from '../../support/postgres';

const missing = postgresMissing();
if (missing) console.warn(`Skipping the team database tests: ${missing}`);

// Skipped only where Debian's PostgreSQL is not installed (the reason is printed above); CI installs
// it, so they run there. On a machine that skips them, nothing about the team database is proven.
describe.skipIf(missing)('team schema migrations', () => {
  let cluster: Cluster | undefined;
  beforeAll(async () => {
    cluster = await startCluster();
  });
  afterAll(() => cluster?.destroy());

  it('two workstations migrating at once apply each migration exactly once', async () => {
    if (!cluster) throw new Error('The cluster did not start.');
    const first = new pg.Client(cluster.connection);
    const clients = [first, new pg.Client(cluster.connection)];
    await Promise.all(clients.map((client) => client.connect()));
    try {
      const applied = await Promise.all(clients.map((client) => migrateTeamSchema(client)));
      expect(applied.flat().sort()).toEqual(teamMigrations.map((migration) => migration.version));
      expect(await migrateTeamSchema(first)).toEqual([]);
      const { rows } = await first.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
      );
      expect(rows.map((row) => row.table_name)).toEqual([
        'analysts',
        'answers',
        'outcome_events',
        'outcomes',
        'schema_migrations',
        'team_identity',
        'upload_takeovers',
        'uploads',
      ]);
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }
  });
});
