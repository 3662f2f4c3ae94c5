import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresMissing, startCluster, type Cluster } from '../../support/postgres';

const missing = postgresMissing();
if (missing) console.warn(`Skipping the team database tests: ${missing}`);

// Skipped only where Debian's PostgreSQL is not installed (the reason is printed above); CI installs
// it, so they run there. On a machine that skips them, nothing about the team database is proven.
describe.skipIf(missing)('throwaway PostgreSQL cluster', () => {
  let cluster: Cluster | undefined;
  beforeAll(async () => {
    cluster = await startCluster();
  });
  afterAll(() => cluster?.destroy());

  it('serves queries on loopback and survives being killed and restarted', async () => {
    if (!cluster) throw new Error('The cluster did not start.');
    const first = new pg.Client(cluster.connection);
    await first.connect();
    await first.query('CREATE TABLE kept (n int)');
    await first.query('INSERT INTO kept VALUES (1)');
    await first.query('BEGIN');
    await first.query('INSERT INTO kept VALUES (2)');
    first.on('error', () => undefined);
    await cluster.kill();
    await expect(first.query('COMMIT')).rejects.toThrow();
    await first.end().catch(() => undefined);

    await cluster.start();
    const second = new pg.Client(cluster.connection);
    await second.connect();
    const { rows } = await second.query<{ n: number }>('SELECT n FROM kept ORDER BY n');
    await second.end();
    // The committed row survived the crash; the open transaction did not.
    expect(rows.map((row) => row.n)).toEqual([1]);
  });
});
