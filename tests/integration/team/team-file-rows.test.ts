/**
 * A file built with a team leaves out what a colleague's upload already holds with the same
 * outcome, and says by whom; the analyst's own lines and corrected outcomes stay in (they go
 * again once the analyst confirms, as docs/team-database.md says).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewService } from '../../../electron/core/review/review-service';
import { claimUpload, recordUploadAnswer } from '../../../electron/core/team/team-ledger';
import { teamFileRows } from '../../../electron/core/team/team-file-rows';
import { teamService } from '../../../electron/core/team/team-service';
import { startSandbox, type SandboxHandle } from '../../../electron/sandbox';
import { sourceRows, startBatch } from '../../support/bulk';
import { tempHistory } from '../../support/history';
import { postgresMissing } from '../../support/postgres';
import { noTeamPassword, teamDatabase } from '../../support/team-database';

const missing = postgresMissing();
if (missing) console.warn(`Skipping the team file-rows tests: ${missing}`);

// Skipped only where Debian's PostgreSQL is not installed (the reason is printed above); CI installs
// it, so they run there. On a machine that skips them, nothing about the team database is proven.
describe.skipIf(missing)("a file's rows with the team's ledger", () => {
  const team = teamDatabase();
  let sandbox: SandboxHandle;
  const histories: Array<Awaited<ReturnType<typeof tempHistory>>> = [];
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(async () => {
    histories.forEach((history) => history.close());
    await sandbox.close();
  });

  it("keeps the analyst's own and corrected outcomes, and leaves out a colleague's same one", async () => {
    const history = await tempHistory();
    histories.push(history);
    const { batch, run } = startBatch(history.db, sandbox, sourceRows(3, 20_000), {
      concurrency: 2,
    });
    await run.ended;
    const { user, port, database } = team.cluster().connection;
    const service = teamService(history.db, noTeamPassword, { analystSetting: () => 'Ana' });
    expect(
      await service.connect(`postgresql://${user}@127.0.0.1:${String(port)}/${database}`),
    ).toMatchObject({ ok: true });
    const review = reviewService(history.db, () => 'Ana');
    review.set([{ batchId: batch.id, seq: 1 }], 'Suspeito');
    review.set([{ batchId: batch.id, seq: 2 }], 'Fraude Confirmada');
    review.set([{ batchId: batch.id, seq: 3 }], 'Suspeito');
    const ids = (await review.fileRows('sandbox', { scope: 'unsent' })).map(
      (row) => row.transactionId,
    );
    const [own, corrected, colleagues] = ids;
    if (!own || !corrected || !colleagues) throw new Error('three rows expected');

    // Sent earlier: the first by Ana (from another workstation), the others by Bruno.
    const client = await team.workstation();
    for (const [id, analyst] of [
      [own, 'Ana'],
      [corrected, 'Bruno'],
      [colleagues, 'Bruno'],
    ] as const) {
      const uploadId = randomUUID();
      const answerKey = randomUUID();
      const claimed = await claimUpload(client, {
        environment: 'sandbox',
        externalIds: [id],
        outcomes: { [id]: 'Suspeito' },
        uploadId,
        analyst,
        at: new Date(),
        answerKey,
      });
      expect(claimed).toEqual({ ok: true });
      await recordUploadAnswer(client, uploadId, { status: 'sent' }, answerKey);
    }

    const built = await teamFileRows(review, service, 'sandbox', { scope: 'unsent' });
    expect(built.rows.map((row) => row.transactionId).sort()).toEqual([own, corrected].sort());
    expect(built).toMatchObject({ sentByTeam: 1, sentByTeamBy: ['Bruno'], teamError: null });
  });
});
