import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  claimUpload,
  recordPastUpload,
  recordUploadAnswer,
} from '../../../electron/core/team/team-ledger';
import { postgresMissing } from '../../support/postgres';
import { teamDatabase } from '../../support/team-database';

const missing = postgresMissing();
if (missing) console.warn(`Skipping the team database tests: ${missing}`);

// Skipped only where Debian's PostgreSQL is not installed (the reason is printed above); CI installs
// it, so they run there. On a machine that skips them, nothing about the team database is proven.
describe.skipIf(missing)('the team upload ledger', () => {
  const { workstation } = teamDatabase();

  const claim = (environment: string, externalIds: string[], analyst: string) => ({
    environment,
    externalIds,
    uploadId: randomUUID(),
    analyst,
    at: new Date('2026-11-26T10:00:00Z'),
  });

  it('lets exactly one of many analysts sending the same transactions at once claim them', async () => {
    const analysts = await Promise.all(Array.from({ length: 12 }, () => workstation()));
    const ids = ['PED-1', 'PED-2', 'PED-3'];
    const answers = await Promise.all(
      analysts.map((client, n) =>
        // Each sends an overlapping set: PED-2 is in every one of them.
        claimUpload(
          client,
          claim('production', [...ids.slice(n % 2), `PED-own-${String(n)}`], `Ana ${String(n)}`),
        ),
      ),
    );
    const winners = answers.filter((answer) => answer.ok);
    expect(winners).toHaveLength(1);
    for (const answer of answers) {
      if (answer.ok) continue;
      expect(answer.sentBefore.map((line) => line.externalId)).toContain('PED-2');
      expect(answer.sentBefore.every((line) => line.status === 'sending')).toBe(true);
    }
    const first = analysts[0];
    if (!first) throw new Error('no workstation');
    const { rows } = await first.query<{ n: string }>(
      "SELECT count(DISTINCT upload_id) AS n FROM uploads WHERE environment = 'production' AND external_id = 'PED-2'",
    );
    expect(rows[0]?.n).toBe('1');
    // A loser claimed nothing, not even its own transaction.
    const own = await first.query(
      "SELECT external_id FROM uploads WHERE external_id LIKE 'PED-own-%'",
    );
    expect(own.rows).toHaveLength(1);
  });

  it('keeps environments apart and frees transactions whose upload never arrived', async () => {
    const ana = await workstation();
    const bruno = await workstation();
    const first = claim('test', ['T-1', 'T-2'], 'Ana');
    expect(await claimUpload(ana, first)).toEqual({ ok: true });
    // The same transactions in another environment are another ledger.
    expect(await claimUpload(bruno, claim('sandbox', ['T-1'], 'Bruno'))).toEqual({ ok: true });

    // Refused before anything was received: Bruno may send them.
    await recordUploadAnswer(ana, first.uploadId, { status: 'failed', errorCode: 'refused' });
    const second = claim('test', ['T-2'], 'Bruno');
    expect(await claimUpload(bruno, second)).toEqual({ ok: true });

    // A timeout may have reached the service: Ana is told Bruno's upload holds it.
    await recordUploadAnswer(bruno, second.uploadId, { status: 'failed', errorCode: 'timeout' });
    const again = await claimUpload(ana, claim('test', ['T-2'], 'Ana'));
    expect(again).toMatchObject({
      ok: false,
      sentBefore: [{ externalId: 'T-2', analyst: 'Bruno', status: 'failed' }],
    });

    const third = claim('test', ['T-3'], 'Ana');
    expect(await claimUpload(ana, third)).toEqual({ ok: true });
    await recordUploadAnswer(ana, third.uploadId, { status: 'sent' });
    expect(await claimUpload(bruno, claim('test', ['T-3', 'T-4'], 'Bruno'))).toMatchObject({
      ok: false,
      sentBefore: [{ externalId: 'T-3', analyst: 'Ana', status: 'sent' }],
    });
  });

  it('lets a past upload take the place of a line that does not block, and keeps one that does', async () => {
    const bia = await workstation();
    const fay = await workstation();
    // Bia's sends the service refused (one with no error code, as a hand-written row may be).
    const refused = claim('sandbox', ['PAST-1'], 'Bia');
    expect(await claimUpload(bia, refused)).toEqual({ ok: true });
    await recordUploadAnswer(bia, refused.uploadId, { status: 'failed', errorCode: 'rejected' });
    // Written so (an answer's code is never changed afterwards: the database refuses it).
    await bia.query(
      `INSERT INTO uploads (environment, external_id, upload_id, analyst, at, status)
       VALUES ('sandbox', 'PAST-2', gen_random_uuid(), 'Bia', now(), 'failed')`,
    );
    // Bia's send that may have arrived (a timeout): it stays, the first one sent.
    const timedOut = claim('sandbox', ['PAST-3'], 'Bia');
    expect(await claimUpload(bia, timedOut)).toEqual({ ok: true });
    await recordUploadAnswer(bia, timedOut.uploadId, { status: 'failed', errorCode: 'timeout' });

    // Fay sent all three before she joined the team.
    await recordPastUpload(fay, claim('sandbox', ['PAST-1', 'PAST-2', 'PAST-3'], 'Fay'));
    const { rows } = await bia.query<{ external_id: string; analyst: string; status: string }>(
      "SELECT external_id, analyst, status FROM uploads WHERE external_id LIKE 'PAST-%' ORDER BY 1",
    );
    expect(rows).toEqual([
      { external_id: 'PAST-1', analyst: 'Fay', status: 'sent' },
      { external_id: 'PAST-2', analyst: 'Fay', status: 'sent' },
      { external_id: 'PAST-3', analyst: 'Bia', status: 'failed' },
    ]);
    // Bia may not send them again: the service has them.
    expect(await claimUpload(bia, claim('sandbox', ['PAST-1', 'PAST-2'], 'Bia'))).toMatchObject({
      ok: false,
      sentBefore: [
        { externalId: 'PAST-1', analyst: 'Fay', status: 'sent' },
        { externalId: 'PAST-2', analyst: 'Fay', status: 'sent' },
      ],
    });
  });
});
