/**
 * A ledger line left `sending` by a sender whose process died, and who never syncs again (team
 * migration 9, team-takeover.ts). Past the bound, a colleague's confirmed send takes it over as
 * it would the line the sender's own sync would have left (failed, may have arrived): a
 * correction goes, the same outcome from a colleague never does. The database records who took
 * it over from whom, and the sender's answer if it ever comes. A line younger than the bound
 * (its sender may still be sending) is never taken over, by the app or by hand. Each analyst
 * has a login of their own, as the guide advises.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analystGrants } from '../../../electron/core/team/team-grants';
import {
  claimUpload,
  heldTransactions,
  recordUploadAnswer,
} from '../../../electron/core/team/team-ledger';
import { migrateTeamSchema, teamMigrations } from '../../../electron/core/team/team-schema';
import { staleSendingMinutes } from '../../../electron/core/team/team-takeover';
import { postgresMissing, startCluster, type Cluster } from '../../support/postgres';
import { teamDatabase } from '../../support/team-database';

const missing = postgresMissing();
if (missing) console.warn(`Skipping the team takeover tests: ${missing}`);

/** A claim of one transaction, with its answer key. */
const claim = (id: string, analyst: string, outcome: string, takeOver = false) => ({
  environment: 'sandbox',
  externalIds: [id],
  outcomes: { [id]: outcome },
  uploadId: randomUUID(),
  analyst,
  at: new Date(),
  takeOver,
  answerKey: randomUUID(),
});

// Skipped only where Debian's PostgreSQL is not installed (the reason is printed above); CI installs
// it, so they run there. On a machine that skips them, nothing about the team database is proven.
describe.skipIf(missing)('a dead sending line in the team ledger', () => {
  const team = teamDatabase();
  let owner: pg.Client;
  beforeAll(async () => {
    owner = await team.workstation();
    for (const login of ['ana_login', 'bruno_login', 'caio_login']) {
      await owner.query(`CREATE ROLE ${login} LOGIN`);
      await owner.query(analystGrants(login, team.cluster().connection.database));
    }
  });

  async function as(login: string): Promise<pg.Client> {
    const client = new pg.Client({ ...team.cluster().connection, user: login });
    client.on('error', () => undefined);
    await client.connect();
    return client;
  }
  /** Dates a line's claim `minutes` back, as time passing would (the owner lifts the guard). */
  async function age(id: string, minutes: number): Promise<void> {
    await owner.query('ALTER TABLE uploads DISABLE TRIGGER USER');
    try {
      await owner.query(
        `UPDATE uploads SET claimed_at = now() - make_interval(mins => $2) WHERE external_id = $1`,
        [id, minutes],
      );
    } finally {
      await owner.query('ALTER TABLE uploads ENABLE TRIGGER USER');
    }
  }
  const line = async (id: string) =>
    (
      await owner.query<{ analyst: string; status: string; outcome: string; sent_before: boolean }>(
        'SELECT analyst, status, outcome, sent_before FROM uploads WHERE external_id = $1',
        [id],
      )
    ).rows[0];
  const takeovers = async (id: string) =>
    (
      await owner.query<Record<string, string | null>>(
        `SELECT from_analyst, from_login, analyst, login, from_status, from_error_code
         FROM upload_takeovers WHERE external_id = $1 ORDER BY seq`,
        [id],
      )
    ).rows;

  it("lets a colleague's confirmed correction take over a line older than the bound", async () => {
    const [ana, bruno, caio] = [
      await as('ana_login'),
      await as('bruno_login'),
      await as('caio_login'),
    ];
    try {
      const sending = claim('DEAD-1', 'Ana', 'Fraude Confirmada');
      expect(await claimUpload(ana, sending)).toEqual({ ok: true });
      // Its sender may still be sending: nobody takes it over, confirmed or not.
      await age('DEAD-1', staleSendingMinutes - 1);
      expect(await claimUpload(bruno, claim('DEAD-1', 'Bruno', 'Suspeito', true))).toMatchObject({
        ok: false,
        sentBefore: [{ analyst: 'Ana', status: 'sending' }],
      });
      await age('DEAD-1', staleSendingMinutes + 1);
      // Not confirmed: the analyst is told first, as for any line that may have arrived.
      expect(await claimUpload(bruno, claim('DEAD-1', 'Bruno', 'Suspeito'))).toMatchObject({
        ok: false,
      });
      // The same outcome from a colleague: the service may have it, the team never sends it twice.
      expect(
        await claimUpload(caio, claim('DEAD-1', 'Caio', 'Fraude Confirmada', true)),
      ).toMatchObject({ ok: false });
      const correction = claim('DEAD-1', 'Bruno', 'Suspeito', true);
      expect(await claimUpload(bruno, correction)).toEqual({ ok: true });
      expect(await line('DEAD-1')).toEqual({
        analyst: 'Bruno',
        status: 'sending',
        outcome: 'Suspeito',
        // Ana's file may have reached the service: the line keeps blocking as hers did.
        sent_before: true,
      });
      expect(await takeovers('DEAD-1')).toEqual([
        {
          from_analyst: 'Ana',
          from_login: 'ana_login',
          analyst: 'Bruno',
          login: 'bruno_login',
          from_status: null,
          from_error_code: null,
        },
      ]);

      // Ana's process comes back and answers late: the line stays Bruno's, the trail keeps hers.
      await recordUploadAnswer(ana, sending.uploadId, { status: 'sent' }, sending.answerKey);
      expect(await line('DEAD-1')).toMatchObject({ analyst: 'Bruno', status: 'sending' });
      expect(await takeovers('DEAD-1')).toMatchObject([{ from_status: 'sent' }]);
      // Bruno's own answer still lands on his line.
      await recordUploadAnswer(
        bruno,
        correction.uploadId,
        { status: 'sent' },
        correction.answerKey,
      );
      expect(await line('DEAD-1')).toMatchObject({ analyst: 'Bruno', status: 'sent' });
    } finally {
      for (const client of [ana, bruno, caio]) await client.end();
    }
  });

  it('keeps the answer of a sender who finishes before the takeover, and refuses forged ones', async () => {
    const [ana, bruno] = [await as('ana_login'), await as('bruno_login')];
    try {
      const sending = claim('DEAD-2', 'Ana', 'Fraude Confirmada');
      expect(await claimUpload(ana, sending)).toEqual({ ok: true });
      await age('DEAD-2', staleSendingMinutes + 1);
      // A colleague's late answer, or Ana's without the claim's key, records nothing.
      const taken = claim('DEAD-2', 'Bruno', 'Suspeito', true);
      expect(await claimUpload(bruno, taken)).toEqual({ ok: true });
      await recordUploadAnswer(bruno, sending.uploadId, { status: 'sent' }, sending.answerKey);
      await recordUploadAnswer(ana, sending.uploadId, { status: 'sent' }, 'not the key');
      expect(await takeovers('DEAD-2')).toMatchObject([{ from_status: null }]);
      await expect(
        owner.query("UPDATE upload_takeovers SET analyst = 'Caio' WHERE external_id = 'DEAD-2'"),
      ).rejects.toMatchObject({ code: 'DCD01' });
      await expect(
        owner.query("DELETE FROM upload_takeovers WHERE external_id = 'DEAD-2'"),
      ).rejects.toMatchObject({ code: 'DCD01' });

      // Ana's answer came first: no takeover of a sending line, her answer is the line's.
      const finished = claim('DONE-1', 'Ana', 'Fraude Confirmada');
      expect(await claimUpload(ana, finished)).toEqual({ ok: true });
      await age('DONE-1', staleSendingMinutes + 1);
      await recordUploadAnswer(ana, finished.uploadId, { status: 'sent' }, finished.answerKey);
      expect(await heldTransactions(bruno, 'sandbox', ['DONE-1'])).toMatchObject([
        { status: 'sent', analyst: 'Ana' },
      ]);
      expect(await claimUpload(bruno, claim('DONE-1', 'Bruno', 'Suspeito', true))).toEqual({
        ok: true,
      });
      expect(await takeovers('DONE-1')).toEqual([]);
    } finally {
      for (const client of [ana, bruno]) await client.end();
    }
  });

  it('refuses a takeover by hand of a line its sender may still be sending', async () => {
    const [ana, bruno] = [await as('ana_login'), await as('bruno_login')];
    try {
      const sending = claim('LIVE-1', 'Ana', 'Fraude Confirmada');
      expect(await claimUpload(ana, sending)).toEqual({ ok: true });
      const byHand = `UPDATE uploads SET upload_id = $1, analyst = 'Bruno', outcome = 'Suspeito'
        WHERE external_id = 'LIVE-1'`;
      await expect(bruno.query(byHand, [randomUUID()])).rejects.toMatchObject({
        code: 'DCD01',
        message: expect.stringMatching(/being sent/) as unknown,
      });
      // Nor can its claim be dated back to make it look dead.
      await expect(
        ana.query(
          "UPDATE uploads SET claimed_at = now() - interval '1 day' WHERE external_id = 'LIVE-1'",
        ),
      ).rejects.toMatchObject({ code: expect.stringMatching(/^(42501|DCD01)$/) as unknown });
      await age('LIVE-1', staleSendingMinutes + 1);
      await expect(bruno.query(byHand, [randomUUID()])).resolves.toMatchObject({ rowCount: 1 });
      expect(await takeovers('LIVE-1')).toMatchObject([{ from_analyst: 'Ana', analyst: 'Bruno' }]);
    } finally {
      for (const client of [ana, bruno]) await client.end();
    }
  });
});

// Skipped, as the tests above, only where PostgreSQL is not installed (the reason is printed at
// the top): then the upgrade of a version-8 team database is not proven on that machine.
describe.skipIf(missing)('a team database made before migration 9 (version 8)', () => {
  let cluster: Cluster | undefined;
  let owner: pg.Client;
  const clients: pg.Client[] = [];
  beforeAll(async () => {
    cluster = await startCluster();
    owner = new pg.Client(cluster.connection);
    await owner.connect();
    clients.push(owner);
    await owner.query(
      'CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    for (const migration of teamMigrations.filter((step) => step.version <= 8)) {
      await owner.query(migration.sql);
      await owner.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
    }
    // The grants the guide gave at version 8: today's but the function migration 9 creates.
    await owner.query('CREATE ROLE ana LOGIN');
    await owner.query(
      analystGrants('ana', cluster.connection.database)
        .split('\n')
        .filter((line) => !line.includes('overtaken_answer'))
        .join('\n'),
    );
  });
  afterAll(async () => {
    for (const client of clients) await client.end();
    await cluster?.destroy();
  });

  it('counts a line being sent from the migration, and lets its sender answer late', async () => {
    if (!cluster) throw new Error('The cluster did not start.');
    const ana = new pg.Client({ ...cluster.connection, user: 'ana' });
    await ana.connect();
    clients.push(ana);
    const sending = claim('OLD-1', 'Ana', 'Suspeito');
    // At version 8, as its app claimed it, dated a day back by a workstation's clock.
    await ana.query(
      `INSERT INTO uploads (environment, external_id, upload_id, analyst, at, status, outcome, answer_hash)
       VALUES ('sandbox', 'OLD-1', $1, 'Ana', now() - interval '1 day', 'sending', 'Suspeito',
         encode(sha256(convert_to($2, 'UTF8')), 'hex'))`,
      [sending.uploadId, sending.answerKey],
    );

    expect(await migrateTeamSchema(owner)).toEqual([9]);
    const { rows } = await owner.query<{ fresh: boolean }>(
      "SELECT claimed_at > now() - interval '1 minute' AS fresh FROM uploads",
    );
    // Its workstation's clock does not say when the claim was stored: the migration's does.
    expect(rows).toEqual([{ fresh: true }]);
    expect(await heldTransactions(ana, 'sandbox', ['OLD-1'])).toMatchObject([
      { status: 'sending' },
    ]);
    expect((await heldTransactions(ana, 'sandbox', ['OLD-1']))[0]?.stale).toBeUndefined();
    // The analyst's role may record answers with nothing granted again (overtaken_answer too).
    await recordUploadAnswer(ana, sending.uploadId, { status: 'sent' }, sending.answerKey);
    expect((await owner.query('SELECT status FROM uploads')).rows).toEqual([{ status: 'sent' }]);
  });
});
