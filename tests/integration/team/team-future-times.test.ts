/**
 * A change written into the trail by hand, dated a little ahead of the team database's clock
 * (or numbered out of turn), must be judged alike by every workstation, whenever each pulls. The
 * server dates it and numbers it (migration 5, team-guards.ts), as the app's own push does: a
 * workstation that pulls before the date and one that pulls after see the same change.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullOutcomeChanges, pushOutcomeChanges } from '../../../electron/core/team/outcome-sync';
import { analystGrants } from '../../../electron/core/team/team-grants';
import { teamService } from '../../../electron/core/team/team-service';
import { tempHistory } from '../../support/history';
import { postgresMissing } from '../../support/postgres';
import { noTeamPassword, teamDatabase } from '../../support/team-database';

const missing = postgresMissing();
if (missing) console.warn(`Skipping the team future-time tests: ${missing}`);

const insertEvent = `INSERT INTO outcome_events (change_id, environment, external_id, outcome, previous, analyst, at, source)`;

// Skipped only where Debian's PostgreSQL is not installed (the reason is printed above); CI installs
// it, so they run there. On a machine that skips them, nothing about the team database is proven.
// Skips only where PostgreSQL's server binaries (Debian's packages, which .ci/run installs) are
// absent: the tests need a real throwaway cluster, and without one the server-side cap on future-dated changes is not proven.
describe.skipIf(missing)('a change dated ahead of the team database, written by hand', () => {
  const team = teamDatabase();
  const histories: Array<Awaited<ReturnType<typeof tempHistory>>> = [];
  let mallory: pg.Client;
  beforeAll(async () => {
    const owner = await team.workstation();
    await owner.query('CREATE ROLE mallory LOGIN');
    await owner.query(analystGrants('mallory', team.cluster().connection.database));
    mallory = new pg.Client({ ...team.cluster().connection, user: 'mallory' });
    mallory.on('error', () => undefined);
    await mallory.connect();
  });
  afterAll(async () => {
    histories.forEach((history) => history.close());
    await mallory.end();
  });

  async function workstation(name: string) {
    const history = await tempHistory();
    histories.push(history);
    const { user, port, database } = team.cluster().connection;
    const service = teamService(history.db, noTeamPassword, { analystSetting: () => name });
    const url = `postgresql://${user}@127.0.0.1:${String(port)}/${database}`;
    expect(await service.connect(url)).toMatchObject({ ok: true });
    return { db: history.db, service };
  }
  const change = (externalId: string) => ({
    changeId: randomUUID(),
    environment: 'sandbox',
    externalId,
    outcome: 'Suspeito',
    previous: null,
    analyst: 'Ana',
    at: new Date(),
    source: 'key' as const,
  });

  it('is stored dated no later than the server clock', async () => {
    await mallory.query(
      `${insertEvent} VALUES (gen_random_uuid(), 'sandbox', 'FT-1', 'Legítima', NULL, 'Mallory',
         now() + interval '30 seconds', 'key')`,
    );
    const { rows } = await mallory.query<{ ahead: boolean }>(
      "SELECT at > now() AS ahead FROM outcome_events WHERE external_id = 'FT-1'",
    );
    expect(rows).toEqual([{ ahead: false }]);
  });

  it('is judged alike by a workstation pulling before its date and one pulling after', async () => {
    const bruno = await workstation('Bruno');
    const carla = await workstation('Carla');
    await mallory.query(
      `${insertEvent} VALUES (gen_random_uuid(), 'sandbox', 'FT-2', 'Legítima', NULL, 'Mallory',
         now() + interval '2 seconds', 'key')`,
    );
    const before = await bruno.service.sync();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const after = await carla.service.sync();
    expect(before).toMatchObject({ ok: true, value: { passedOver: 0 } });
    expect(after).toMatchObject({ ok: true, value: { passedOver: 0 } });
    const trail = (db: typeof bruno.db) =>
      db.prepare("SELECT change_id, at FROM outcome_changes WHERE external_id = 'FT-2'").all();
    expect(trail(bruno.db)).toHaveLength(1);
    expect(trail(bruno.db)).toEqual(trail(carla.db));
  });

  it('takes its place in the order the server gives, not the one written', async () => {
    const reader = await team.workstation();
    const start = (await pullOutcomeChanges(reader, 0, 1_000_000)).cursor;
    // Numbered far ahead: a workstation pulling it would skip every change after it.
    await mallory.query(
      `INSERT INTO outcome_events (change_id, environment, external_id, outcome, previous, analyst, at, source, seq)
       VALUES (gen_random_uuid(), 'sandbox', 'FT-3', 'Legítima', NULL, 'Mallory', now(), 'key', 900000000000000)`,
    );
    const first = await pullOutcomeChanges(reader, start);
    await pushOutcomeChanges(reader, [change('FT-4')]);
    const second = await pullOutcomeChanges(reader, first.cursor);
    expect(first.changes.map((one) => one.externalId)).toEqual(['FT-3']);
    expect(second.changes.map((one) => one.externalId)).toEqual(['FT-4']);
  });

  it('is numbered when it commits, even written without the push lock and committed late', async () => {
    const reader = await team.workstation();
    const pusher = await team.workstation();
    let cursor = (await pullOutcomeChanges(reader, 0, 1_000_000)).cursor;
    const seen: string[] = [];
    const pull = async () => {
      const page = await pullOutcomeChanges(reader, cursor);
      seen.push(...page.changes.map((one) => one.externalId));
      cursor = page.cursor;
    };
    await mallory.query('BEGIN');
    await mallory.query(
      `${insertEvent} VALUES (gen_random_uuid(), 'sandbox', 'FT-5', 'Legítima', NULL, 'Mallory', now(), 'key')`,
    );
    // A colleague pushes meanwhile, and a workstation pulls before Mallory commits.
    const pushed = pushOutcomeChanges(pusher, [change('FT-6')]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await pull();
    await mallory.query('COMMIT');
    await pushed;
    await pull();
    expect(seen.sort()).toEqual(['FT-5', 'FT-6']);
  });

  it('answers dated ahead are stored dated no later than the server clock', async () => {
    await mallory.query(
      `INSERT INTO answers (environment, external_id, device_id, answered_at, analyst)
       VALUES ('sandbox', 'FT-7', 'dev-forged', '2099-01-01T00:00:00Z', 'Mallory')`,
    );
    const { rows } = await mallory.query<{ ahead: boolean }>(
      "SELECT answered_at > now() AS ahead FROM answers WHERE external_id = 'FT-7'",
    );
    expect(rows).toEqual([{ ahead: false }]);
  });
});
