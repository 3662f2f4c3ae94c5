/**
 * What an analyst's login may change in the team database by hand (psql, say), bypassing the app
 * (migration 5, issue 17): only what the app itself changes. The ledger's lines answered once,
 * by the login that claimed them; a past upload's lines never rewritten; outcomes only as the
 * trail says; answers only by newer ones; the trail append-only, for the owner too. Each analyst
 * here has a login of their own, as the guide advises, so a colleague's line can be told apart.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { pushOutcomeChanges } from '../../../electron/core/team/outcome-sync';
import { pushAnswers } from '../../../electron/core/team/shared-answers';
import { teamFailureMessage } from '../../../electron/core/team/team-errors';
import { analystGrants } from '../../../electron/core/team/team-grants';
import {
  claimUpload,
  heldTransactions,
  recordPastUpload,
  recordUploadAnswer,
  releaseClaim,
} from '../../../electron/core/team/team-ledger';
import { postgresMissing } from '../../support/postgres';
import { teamDatabase } from '../../support/team-database';

const missing = postgresMissing();
if (missing) console.warn(`Skipping the team rogue-update tests: ${missing}`);

/** What the database answers when it refuses a change the app never makes: no grant, or a guard. */
const refused = { code: expect.stringMatching(/^(42501|DCD01)$/) as unknown };

// Skipped only where Debian's PostgreSQL is not installed (the reason is printed above); CI installs
// it, so they run there. On a machine that skips them, nothing about the team database is proven.
// Skips only where PostgreSQL's server binaries (Debian's packages, which .ci/run installs) are
// absent: the tests need a real throwaway cluster, and without one the database's refusal of an analyst login's rogue updates (migration 5's grants and triggers) is not proven.
describe.skipIf(missing)("an analyst's login changing the team database by hand", () => {
  const team = teamDatabase();
  let owner: pg.Client;
  beforeAll(async () => {
    owner = await team.workstation();
    for (const login of ['ana_login', 'bruno_login', 'team_login']) {
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
  const claim = (ids: string[], analyst: string, outcome: string, takeOver = false) => ({
    environment: 'sandbox',
    externalIds: ids,
    outcomes: Object.fromEntries(ids.map((id) => [id, outcome])),
    uploadId: randomUUID(),
    analyst,
    at: new Date(),
    takeOver,
  });
  async function line(externalId: string) {
    const { rows } = await owner.query(
      `SELECT upload_id, analyst, status, error_code, outcome, environment, at FROM uploads
       WHERE external_id = $1`,
      [externalId],
    );
    return rows[0] as Record<string, unknown> | undefined;
  }
  /** Ana's line of `externalId`, sent (or only claimed, when `answer` is false). */
  async function anasLine(ana: pg.Client, externalId: string, answer = true) {
    const sent = claim([externalId], 'Ana', 'Suspeito');
    expect(await claimUpload(ana, sent)).toEqual({ ok: true });
    if (answer) await recordUploadAnswer(ana, sent.uploadId, { status: 'sent' });
    return sent.uploadId;
  }
  async function refuses(client: pg.Client, sql: string, params: unknown[] = []) {
    await expect(client.query(sql, params), sql).rejects.toMatchObject(refused);
  }

  it('lets the app send, answer, release, resend, correct and record past uploads', async () => {
    const [ana, bruno] = [await as('ana_login'), await as('bruno_login')];
    try {
      const first = claim(['OK-1', 'OK-2'], 'Ana', 'Suspeito');
      expect(await claimUpload(ana, first)).toEqual({ ok: true });
      await recordUploadAnswer(ana, first.uploadId, { status: 'sent' });
      expect(await claimUpload(bruno, claim(['OK-1'], 'Bruno', 'Suspeito'))).toMatchObject({
        ok: false,
      });
      // A correction: another outcome, confirmed. Its answer is a timeout.
      const correction = claim(['OK-1'], 'Bruno', 'Fraude Confirmada', true);
      expect(await claimUpload(bruno, correction)).toEqual({ ok: true });
      await recordUploadAnswer(bruno, correction.uploadId, {
        status: 'failed',
        errorCode: 'timeout',
      });
      // Ana sends her own line again, confirmed.
      expect(await claimUpload(ana, claim(['OK-2'], 'Ana', 'Suspeito', true))).toEqual({
        ok: true,
      });
      // A claim given up frees its line for a colleague.
      const given = claim(['OK-3'], 'Ana', 'Suspeito');
      expect(await claimUpload(ana, given)).toEqual({ ok: true });
      await releaseClaim(ana, given.uploadId);
      expect(await claimUpload(bruno, claim(['OK-3'], 'Bruno', 'Suspeito'))).toEqual({ ok: true });
      // A refused send gives way to an upload Bruno made before he joined.
      const refusedSend = claim(['OK-4'], 'Ana', 'Suspeito');
      expect(await claimUpload(ana, refusedSend)).toEqual({ ok: true });
      await recordUploadAnswer(ana, refusedSend.uploadId, { status: 'failed', errorCode: 'x' });
      await recordPastUpload(bruno, claim(['OK-4'], 'Bruno', 'Suspeito'));
      expect(await line('OK-4')).toMatchObject({ analyst: 'Bruno', status: 'sent' });
      expect(
        (await heldTransactions(ana, 'sandbox', ['OK-1', 'OK-2', 'OK-3', 'OK-4'])).map(
          (held) => `${held.externalId} ${held.analyst} ${held.status}`,
        ),
      ).toEqual(['OK-1 Bruno failed', 'OK-2 Ana sending', 'OK-3 Bruno sending', 'OK-4 Bruno sent']);

      // Outcomes: the later change wins, whoever pushes it.
      const change = (analyst: string, outcome: string, at: string) => ({
        changeId: randomUUID(),
        environment: 'sandbox',
        externalId: 'OK-5',
        outcome,
        previous: null,
        analyst,
        at: new Date(at),
        source: 'key' as const,
      });
      await pushOutcomeChanges(ana, [change('Ana', 'Suspeito', '2026-01-01T10:00:00Z')]);
      await pushOutcomeChanges(bruno, [change('Bruno', 'Legítima', '2026-01-01T10:05:00Z')]);
      await pushOutcomeChanges(ana, [change('Ana', 'Suspeito', '2026-01-01T10:01:00Z')]);
      const { rows } = await owner.query(
        "SELECT outcome, analyst FROM outcomes WHERE external_id = 'OK-5'",
      );
      expect(rows).toEqual([{ outcome: 'Legítima', analyst: 'Bruno' }]);

      // Answers: a newer one replaces an older one, the same one again changes nothing.
      const answer = (deviceId: string, answeredAt: string) => ({
        externalId: 'OK-6',
        sessionId: 's',
        deviceId,
        risk: 'low',
        score: 0.1,
        insights: [],
        alertQuantity: 0,
        deviceAge: 3,
        similarDevices: [],
        answeredAt,
      });
      await pushAnswers(ana, 'sandbox', 'Ana', [answer('dev-a', '2026-01-01T10:00:00Z')]);
      await pushAnswers(bruno, 'sandbox', 'Bruno', [answer('dev-b', '2026-01-01T11:00:00Z')]);
      await pushAnswers(ana, 'sandbox', 'Ana', [answer('dev-a', '2026-01-01T10:00:00Z')]);
      const device = await owner.query("SELECT device_id FROM answers WHERE external_id = 'OK-6'");
      expect(device.rows).toEqual([{ device_id: 'dev-b' }]);

      // "Colleagues seen": each sync moves its own time, and only its own (team-logins.ts).
      for (const [client, name] of [
        [ana, 'Ana'],
        [ana, 'Ana'],
        [bruno, 'Bruno'],
      ] as const)
        await client.query(
          `INSERT INTO analysts (name, last_sync_at) VALUES ($1, now())
           ON CONFLICT (name) DO UPDATE SET last_sync_at = excluded.last_sync_at`,
          [name],
        );
      await refuses(
        bruno,
        `INSERT INTO analysts (name, last_sync_at) VALUES ('Ana', now())
         ON CONFLICT (name) DO UPDATE SET last_sync_at = excluded.last_sync_at`,
      );
    } finally {
      await Promise.all([ana.end(), bruno.end()]);
    }
  });

  it("refuses marking a colleague's line being sent as failed, so its transactions would go again", async () => {
    const [ana, bruno] = [await as('ana_login'), await as('bruno_login')];
    try {
      const upload = await anasLine(ana, 'RG-1', false);
      await refuses(
        bruno,
        "UPDATE uploads SET status = 'failed', error_code = 'refused' WHERE upload_id = $1",
        [upload],
      );
      // The app's own statement, run with Ana's upload ID by Bruno's login.
      await expect(
        recordUploadAnswer(bruno, upload, { status: 'failed', errorCode: 'refused' }),
      ).rejects.toMatchObject(refused);
      await expect(releaseClaim(bruno, upload)).rejects.toMatchObject(refused);
      expect(await line('RG-1')).toMatchObject({ status: 'sending', analyst: 'Ana' });
    } finally {
      await Promise.all([ana.end(), bruno.end()]);
    }
  });

  it("refuses answering a colleague's claim without its key, on a login they share", async () => {
    const [ana, bruno] = [await as('team_login'), await as('team_login')];
    try {
      // A name of the shared login's own: 'Ana' is bound to ana_login (team-logins.ts).
      const sending = { ...claim(['RG-11'], 'Tina', 'Suspeito'), answerKey: randomUUID() };
      expect(await claimUpload(ana, sending)).toEqual({ ok: true });
      for (const key of [undefined, randomUUID(), ''])
        await expect(
          recordUploadAnswer(bruno, sending.uploadId, { status: 'failed', errorCode: 'x' }, key),
        ).rejects.toMatchObject(refused);
      await expect(releaseClaim(bruno, sending.uploadId)).rejects.toMatchObject(refused);
      expect(await line('RG-11')).toMatchObject({ status: 'sending' });
      await recordUploadAnswer(ana, sending.uploadId, { status: 'sent' }, sending.answerKey);
      expect(await line('RG-11')).toMatchObject({ status: 'sent' });
      const { rows } = await owner.query(
        "SELECT answer_key, answer_hash FROM uploads WHERE external_id = 'RG-11'",
      );
      // The key itself is never stored, only its hash.
      expect(rows[0]).toMatchObject({
        answer_key: null,
        answer_hash: expect.any(String) as unknown,
      });
    } finally {
      await Promise.all([ana.end(), bruno.end()]);
    }
  });

  it('keeps a line that was sent blocking when a correction taking its place fails', async () => {
    const [ana, bruno] = [await as('ana_login'), await as('bruno_login')];
    try {
      await anasLine(ana, 'RG-12');
      // Bruno's correction (another outcome, confirmed), then his own answer: refused.
      const correction = { ...claim(['RG-12'], 'Bruno', 'Legítima', true), answerKey: 'k' };
      expect(await claimUpload(bruno, correction)).toEqual({ ok: true });
      const refusedAnswer = { status: 'failed', errorCode: 'rejected' } as const;
      await recordUploadAnswer(bruno, correction.uploadId, refusedAnswer, 'k');
      // Ana's Suspeito reached the service: nobody sends it again unconfirmed.
      expect(await claimUpload(ana, claim(['RG-12'], 'Carla', 'Suspeito'))).toMatchObject({
        ok: false,
        sentBefore: [{ externalId: 'RG-12', analyst: 'Bruno', status: 'failed' }],
      });
      await recordPastUpload(ana, claim(['RG-12'], 'Carla', 'Suspeito'));
      expect(await line('RG-12')).toMatchObject({ analyst: 'Bruno', status: 'failed' });
      await refuses(
        bruno,
        "UPDATE uploads SET upload_id = gen_random_uuid(), status = 'sent' WHERE external_id = 'RG-12'",
      );
    } finally {
      await Promise.all([ana.end(), bruno.end()]);
    }
  });

  it('refuses moving a sent or failed line to another status, even by its own login', async () => {
    const ana = await as('ana_login');
    try {
      await anasLine(ana, 'RG-2');
      const timedOut = claim(['RG-3'], 'Ana', 'Suspeito');
      expect(await claimUpload(ana, timedOut)).toEqual({ ok: true });
      await recordUploadAnswer(ana, timedOut.uploadId, { status: 'failed', errorCode: 'timeout' });
      for (const sql of [
        "UPDATE uploads SET status = 'failed', error_code = 'refused' WHERE external_id = 'RG-2'",
        "UPDATE uploads SET status = 'sending' WHERE external_id = 'RG-2'",
        "UPDATE uploads SET error_code = 'refused' WHERE external_id = 'RG-3'",
        "UPDATE uploads SET status = 'sent', error_code = NULL WHERE external_id = 'RG-3'",
      ])
        await refuses(ana, sql);
      expect(await line('RG-2')).toMatchObject({ status: 'sent', error_code: null });
      expect(await line('RG-3')).toMatchObject({ status: 'failed', error_code: 'timeout' });
    } finally {
      await ana.end();
    }
  });

  it("refuses changing a past upload's transaction, environment, outcome, analyst or time", async () => {
    const [ana, bruno] = [await as('ana_login'), await as('bruno_login')];
    try {
      await anasLine(ana, 'RG-4');
      const before = await line('RG-4');
      for (const client of [ana, bruno])
        for (const set of [
          "external_id = 'RG-4b'",
          "environment = 'production'",
          "outcome = 'Legítima'",
          "analyst = 'Bruno'",
          "at = now() - interval '1 day'",
        ])
          await refuses(client, `UPDATE uploads SET ${set} WHERE external_id = 'RG-4'`);
      expect(await line('RG-4')).toEqual(before);
    } finally {
      await Promise.all([ana.end(), bruno.end()]);
    }
  });

  it("refuses taking over a line being sent, or a colleague's sent line with the same outcome", async () => {
    const [ana, bruno] = [await as('ana_login'), await as('bruno_login')];
    try {
      await anasLine(ana, 'RG-5', false);
      await anasLine(ana, 'RG-6');
      await refuses(
        bruno,
        `UPDATE uploads SET upload_id = gen_random_uuid(), analyst = 'Bruno', status = 'sending',
           outcome = 'Legítima' WHERE external_id = 'RG-5'`,
      );
      // Bruno's login giving Ana's name, through the app's own claim.
      await expect(
        claimUpload(bruno, claim(['RG-6'], 'Ana', 'Suspeito', true)),
      ).rejects.toMatchObject(refused);
      // A new upload's line is a claim, never an answer written at once.
      await refuses(
        bruno,
        `UPDATE uploads SET upload_id = gen_random_uuid(), status = 'failed',
           error_code = 'refused', outcome = 'Legítima' WHERE external_id = 'RG-6'`,
      );
      // An upload from before joining never takes the place of one that may have arrived.
      await recordPastUpload(bruno, claim(['RG-6'], 'Bruno', 'Suspeito'));
      await refuses(
        bruno,
        "UPDATE uploads SET upload_id = gen_random_uuid(), status = 'sent' WHERE external_id = 'RG-6'",
      );
      expect(await line('RG-5')).toMatchObject({ analyst: 'Ana', status: 'sending' });
      expect(await line('RG-6')).toMatchObject({ analyst: 'Ana', status: 'sent' });
    } finally {
      await Promise.all([ana.end(), bruno.end()]);
    }
  });

  it('refuses an outcome the trail does not say, and going back to an older one', async () => {
    const [ana, bruno] = [await as('ana_login'), await as('bruno_login')];
    try {
      const change = (outcome: string, at: string) => ({
        changeId: randomUUID(),
        environment: 'sandbox',
        externalId: 'RG-7',
        outcome,
        previous: null,
        analyst: 'Ana',
        at: new Date(at),
        source: 'key' as const,
      });
      const older = change('Suspeito', '2026-01-01T10:00:00Z');
      await pushOutcomeChanges(ana, [older, change('Fraude Confirmada', '2026-01-01T11:00:00Z')]);
      for (const set of [
        "outcome = 'Legítima'",
        "analyst = 'Bruno'",
        "at = now(), outcome = 'Legítima'",
        `change_id = '${older.changeId}', outcome = 'Suspeito', at = '2026-01-01T10:00:00Z'`,
      ])
        await refuses(bruno, `UPDATE outcomes SET ${set} WHERE external_id = 'RG-7'`);
      await refuses(
        bruno,
        `INSERT INTO outcomes (environment, external_id, outcome, change_id, analyst, at)
         VALUES ('sandbox', 'RG-7b', 'Legítima', $1, 'Bruno', now())`,
        [older.changeId],
      );
      const { rows } = await owner.query(
        "SELECT outcome FROM outcomes WHERE external_id LIKE 'RG-7%'",
      );
      expect(rows).toEqual([{ outcome: 'Fraude Confirmada' }]);
    } finally {
      await Promise.all([ana.end(), bruno.end()]);
    }
  });

  it('refuses replacing an answer by an older one, moving it, or renaming an analyst', async () => {
    const bruno = await as('bruno_login');
    try {
      await owner.query(
        `INSERT INTO answers (environment, external_id, device_id, answered_at, analyst)
         VALUES ('sandbox', 'RG-8', 'dev-ana', now() - interval '1 hour', 'Olga')`,
      );
      await owner.query("INSERT INTO analysts VALUES ('Rita', now() + interval '1 year')");
      for (const sql of [
        "UPDATE answers SET device_id = 'dev-forged' WHERE external_id = 'RG-8'",
        "UPDATE answers SET external_id = 'RG-8b' WHERE external_id = 'RG-8'",
        "UPDATE answers SET environment = 'production' WHERE external_id = 'RG-8'",
        "UPDATE analysts SET name = 'Mallory' WHERE name = 'Rita'",
      ])
        await refuses(bruno, sql);
      const { rows } = await owner.query(
        "SELECT device_id FROM answers WHERE external_id = 'RG-8'",
      );
      expect(rows).toEqual([{ device_id: 'dev-ana' }]);
      // A sync dated a year ahead would stay first among "colleagues seen": dated now instead.
      const seen = await owner.query(
        "SELECT last_sync_at <= now() AS now FROM analysts WHERE name = 'Rita'",
      );
      expect(seen.rows).toEqual([{ now: true }]);
    } finally {
      await bruno.end();
    }
  });

  it('keeps the trail append-only and every ledger line, for the owner too', async () => {
    await pushOutcomeChanges(owner, [
      {
        changeId: randomUUID(),
        environment: 'sandbox',
        externalId: 'RG-9',
        outcome: 'Suspeito',
        previous: null,
        analyst: 'Olga',
        at: new Date(),
        source: 'key',
      },
    ]);
    for (const sql of [
      "UPDATE outcome_events SET outcome = 'Legítima' WHERE external_id = 'RG-9'",
      "DELETE FROM outcome_events WHERE external_id = 'RG-9'",
      'TRUNCATE outcome_events CASCADE',
      "DELETE FROM uploads WHERE external_id = 'RG-4'",
      'TRUNCATE uploads',
    ])
      await refuses(owner, sql);
    const { rows } = await owner.query(
      "SELECT outcome FROM outcome_events WHERE external_id = 'RG-9'",
    );
    expect(rows).toEqual([{ outcome: 'Suspeito' }]);
  });

  it('says a refusal in words, without a SQL state', async () => {
    const [ana, bruno] = [await as('ana_login'), await as('bruno_login')];
    try {
      await anasLine(ana, 'RG-10', false);
      const caught = await bruno
        .query("UPDATE uploads SET status = 'failed', error_code = 'x' WHERE external_id = 'RG-10'")
        .catch((error: unknown) => error);
      const url = { host: '127.0.0.1', port: 5432, user: 'bruno_login', database: 'postgres' };
      const message = teamFailureMessage(caught, url);
      expect(message).toMatch(/^The team database at 127\.0\.0\.1:5432 refused a change/);
      expect(message).not.toMatch(/DCD01|SQLSTATE|ERROR:|PL\/pgSQL|trigger|function/);
    } finally {
      await Promise.all([ana.end(), bruno.end()]);
    }
  });
});
