import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import type { CredentialStore } from '../../electron/core/credentials/keychain';
import { migrateTeamSchema } from '../../electron/core/team/team-schema';
import { startCluster, type Cluster } from './postgres';

/**
 * A throwaway team database for one describe block: a cluster started and migrated before its
 * tests, stopped after them. `workstation()` opens a connection of its own, as each analyst's
 * workstation has; every connection is closed at the end.
 */
export function teamDatabase(): {
  workstation: () => Promise<pg.Client>;
  cluster: () => Cluster;
} {
  let cluster: Cluster | undefined;
  const clients: pg.Client[] = [];
  async function workstation(): Promise<pg.Client> {
    if (!cluster) throw new Error('The cluster did not start.');
    const client = new pg.Client(cluster.connection);
    // A test that kills the server ends these connections; the next query on one says so.
    client.on('error', () => undefined);
    await client.connect();
    clients.push(client);
    return client;
  }
  beforeAll(async () => {
    cluster = await startCluster();
    await migrateTeamSchema(await workstation());
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end()));
    await cluster?.destroy();
  });
  return {
    workstation,
    cluster: () => {
      if (!cluster) throw new Error('The cluster did not start.');
      return cluster;
    },
  };
}

/**
 * A keychain with no team password saved: the test clusters trust loopback, so none is asked
 * for (tests/integration/team/team-password.test.ts uses the real Secret Service).
 */
export const noTeamPassword = {
  teamPassword: {
    read: () => Promise.resolve({ ok: true, value: null }),
    save: () => Promise.resolve({ ok: true, value: undefined }),
    remove: () => Promise.resolve({ ok: true, value: false }),
  },
} as unknown as CredentialStore;
