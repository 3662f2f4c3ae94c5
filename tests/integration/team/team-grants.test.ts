import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewService } from '../../../electron/core/review/review-service';
import { analystGrants } from '../../../electron/core/team/team-grants';
import { openTeamClient } from '../../../electron/core/team/team-client';
import { claimUpload } from '../../../electron/core/team/team-ledger';
import { parseTeamUrl } from '../../../electron/core/team/team-url';
import { teamService } from '../../../electron/core/team/team-service';
import { startSandbox, type SandboxHandle } from '../../../electron/sandbox';
import { sourceRows, startBatch } from '../../support/bulk';
import { tempHistory } from '../../support/history';
import { postgresMissing } from '../../support/postgres';
import { noTeamPassword, teamDatabase } from '../../support/team-database';

const missing = postgresMissing();
if (missing) console.warn(`Skipping the team grants tests: ${missing}`);

// Skipped only where Debian's PostgreSQL is not installed (the reason is printed above); CI installs
// it, so they run there. On a machine that skips them, nothing about the team database is proven.
describe.skipIf(missing)("the analysts' role needs only the grants it uses", () => {
  const team = teamDatabase();
  let sandbox: SandboxHandle;
  const role = 'fraud analysts';
  beforeAll(async () => {
    sandbox = await startSandbox();
    const owner = await team.workstation();
    await owner.query(`CREATE ROLE "${role}" LOGIN`);
    await owner.query(analystGrants(role, team.cluster().connection.database));
  });
  afterAll(() => sandbox.close());

  async function asAnalyst(): Promise<pg.Client> {
    const client = new pg.Client({ ...team.cluster().connection, user: role });
    client.on('error', () => undefined);
    await client.connect();
    return client;
  }

  it('syncs, shares answers and claims uploads with them', async () => {
    const history = await tempHistory();
    try {
      const { batch, run } = startBatch(history.db, sandbox, sourceRows(8), { concurrency: 2 });
      await run.ended;
      reviewService(history.db, () => 'Ana').set([{ batchId: batch.id, seq: 2 }], 'Suspeito');
      const { port, database } = team.cluster().connection;
      const service = teamService(history.db, noTeamPassword, {
        analystSetting: () => 'Ana',
        env: {
          DCDESK_TEAM_URL: `postgresql://${encodeURIComponent(role)}@127.0.0.1:${String(port)}/${database}`,
        },
      });
      const synced = await service.sync();
      expect(synced, JSON.stringify(synced)).toMatchObject({ ok: true, value: { pushed: 1 } });
      const client = await asAnalyst();
      const claim = await claimUpload(client, {
        environment: 'sandbox',
        externalIds: ['order-000001'],
        uploadId: '00000000-0000-4000-8000-000000000001',
        analyst: 'Ana',
        at: new Date(),
      });
      expect(claim).toEqual({ ok: true });
      await client.end();
    } finally {
      history.close();
    }
  });

  it('cannot rewrite the trail, change the schema or drop anything', async () => {
    const client = await asAnalyst();
    for (const statement of [
      "UPDATE outcome_events SET analyst = 'someone else'",
      'DELETE FROM outcome_events',
      'DELETE FROM uploads',
      'CREATE TABLE notes (text text)',
      'DROP TABLE answers',
      'TRUNCATE outcomes',
    ])
      await expect(client.query(statement), statement).rejects.toThrow(
        /permission denied|must be owner/,
      );
    await client.end();
  });

  it('tells an analyst whose database has no schema yet to connect once as its owner', async () => {
    const owner = await team.workstation();
    await owner.query('CREATE DATABASE empty_team');
    const { port } = team.cluster().connection;
    const url = parseTeamUrl(
      `postgresql://${encodeURIComponent(role)}@127.0.0.1:${String(port)}/empty_team`,
    );
    if (!url.ok) throw new Error(url.message);
    const opened = await openTeamClient(url.url, undefined);
    expect(opened).toMatchObject({ ok: false, error: { code: 'team' } });
    if (!opened.ok)
      expect(opened.error.message).toMatch(
        /schema is at version 0 and this app needs version \d+.*as the database's owner/,
      );
  });

  it('are the grants the guide gives', () => {
    const guide = readFileSync(new URL('../../../docs/team-database.md', import.meta.url), 'utf8');
    const lines = new Set(guide.split('\n').map((line) => line.trim()));
    for (const grant of analystGrants('dcdesk_analyst', 'fraudteam').split('\n'))
      expect(lines, grant).toContain(grant);
  });
});
