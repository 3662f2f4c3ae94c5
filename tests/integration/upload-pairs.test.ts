import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reviewService } from '../../electron/core/review/review-service';
import { uploadService, type UploadTarget } from '../../electron/core/uploads/upload-service';
import type { ResponseVariableRow } from '../../shared/domain/types';
import { buildResponseFile } from '../../shared/outcomes';
import { sourceRows } from '../support/bulk';
import { outcomesFixture, type OutcomesFixture } from './outcomes-fixture';

let fixture: OutcomesFixture;
/** The reviewed rows of the fixture batch, each with the DeviceId its answer gave. */
let reviewed: ResponseVariableRow[];

beforeAll(async () => {
  fixture = await outcomesFixture(30);
  const review = reviewService(fixture.db);
  const targets = Array.from({ length: 30 }, (_, i) => ({ batchId: fixture.batchId, seq: i + 1 }));
  review.set(targets, 'Suspeito');
  reviewed = await review.fileRows('sandbox', { scope: 'all' });
});
afterAll(() => fixture.close());
beforeEach(() => {
  fixture.db.prepare('DELETE FROM uploads').run();
  fixture.sandbox.resetCounters();
});

async function file(rows: ResponseVariableRow[], fileName: string) {
  const built = await buildResponseFile(rows, { kind: 'csv', fileName });
  if (!built.ok) throw new Error(built.problems.map((problem) => problem.message).join('; '));
  return { fileName: built.file.fileName, bytes: built.file.bytes };
}

function target(extra: Partial<UploadTarget> = {}): UploadTarget {
  return { client: fixture.client, environment: 'sandbox', confirmed: false, ...extra };
}

/** The DeviceId column moved down one row: each transaction gets the next one's device. */
function shuffled(rows: ResponseVariableRow[]): ResponseVariableRow[] {
  return rows.map((row, at) => ({ ...row, deviceId: rows[(at + 1) % rows.length]!.deviceId }));
}

describe('a transaction and its DeviceId belong together', () => {
  it('never sends a file whose DeviceIds were answered for other transactions', async () => {
    const uploads = uploadService(fixture.db);
    const rows = shuffled(reviewed.slice(0, 8));
    const check = await uploads.check(await file(rows, 'embaralhado'), 'sandbox');
    expect(check.foreignDevices.count).toBe(0);
    expect(check.unseenDevices.count).toBe(0);
    expect(check.otherDevices?.count).toBe(8);
    expect(check.otherDevices?.examples).toHaveLength(5);
    // The first rows of the file, each with the DeviceId it carries (its neighbour's).
    expect(check.otherDevices?.examples.map((example) => example.transactionId)).toEqual(
      rows.slice(0, 5).map((row) => row.transactionId),
    );
    expect(check.otherDevices?.examples[0]?.deviceId).toBe(reviewed[1]!.deviceId);
    // Neither the re-send answer nor the word for unseen DeviceIds lets it go.
    const sent = await uploads.send(
      await file(rows, 'embaralhado'),
      target({ confirmed: true, allowUnseenDevices: true }),
    );
    expect(sent.ok).toBe(false);
    if (sent.ok) return;
    expect(sent.error.code).toBe('validation');
    expect(sent.error.message).toBe(
      'embaralhado.csv cannot be sent to sandbox: 8 of its rows pair a transaction with a ' +
        'DeviceId that no answer of sandbox gave it (its answer named another device). A ' +
        'DeviceId column sorted or pasted apart from its transactions does this. Build the file ' +
        "again from sandbox's answers (dcdesk outcomes build).",
    );
    const first = check.otherDevices?.examples[0];
    expect(sent.error.details?.[0]).toBe(`${first?.transactionId}: ${first?.deviceId}`);
    expect(uploads.list()).toEqual([]);
    expect(fixture.sandbox.counters().uploadsByStatus).toEqual({});
  });

  it('asks before sending a known DeviceId with a transaction this history never looked up', async () => {
    const uploads = uploadService(fixture.db);
    const rows = [
      reviewed[0]!,
      { transactionId: 'never-looked-up-id', deviceId: reviewed[1]!.deviceId, outcome: 'Suspeito' },
    ] satisfies ResponseVariableRow[];
    const check = await uploads.check(await file(rows, 'avulso'), 'sandbox');
    expect(check.otherDevices).toBeUndefined();
    expect(check.unpairedDevices).toEqual({
      count: 1,
      examples: [
        { transactionId: 'never-looked-up-id', deviceId: reviewed[1]!.deviceId, knownIn: [] },
      ],
    });
    const held = await uploads.send(await file(rows, 'avulso'), target());
    expect(held.ok).toBe(false);
    if (!held.ok)
      expect(held.error.message).toBe(
        '1 row of avulso.csv pairs a DeviceId known in sandbox with a transaction this history ' +
          'never looked up there, so it cannot tell that they belong together. Send it only if ' +
          'you know each DeviceId is the one sandbox gave that transaction, saying so explicitly.',
      );
    expect(uploads.list()).toEqual([]);
    const sent = await uploads.send(
      await file(rows, 'avulso'),
      target({ allowUnseenDevices: true }),
    );
    expect(sent.ok).toBe(true);
  });

  it('refuses spaces around a transaction ID or a DeviceId, rather than comparing them trimmed', async () => {
    const uploads = uploadService(fixture.db);
    const row = reviewed[2]!;
    const text = `ID Transacional,DeviceId,Resultado\r\n ${row.transactionId} , ${row.deviceId},${row.outcome}\r\n`;
    const check = await uploads.check(
      { fileName: 'espacos.csv', bytes: new TextEncoder().encode(text) },
      'sandbox',
    );
    expect(check.problems.map(({ code, line }) => ({ code, line }))).toEqual([
      { code: 'edge_spaces', line: 2 },
      { code: 'edge_spaces', line: 2 },
    ]);
  });

  it('knows a pair from an upload once its batch is gone, and says so truly of a device alone', async () => {
    const uploads = uploadService(fixture.db);
    // Transactions of their own batch, answered, sent, then purged: only the upload knows them.
    const batchId = await fixture.runBatch(sourceRows(3, 40));
    const answered = fixture.db
      .prepare(
        `SELECT r.external_id AS transactionId, l.device_id AS deviceId, 'Suspeito' AS outcome
         FROM batches b JOIN batch_rows r ON r.batch_key = b.key
         JOIN lookups l ON l.batch_key = r.batch_key AND l.seq = r.seq
         WHERE b.id = ? AND l.status = 'ok' ORDER BY r.seq LIMIT 1`,
      )
      .all(batchId) as ResponseVariableRow[];
    expect(answered).toHaveLength(1);
    const sent = await uploads.send(await file(answered, 'antes'), target());
    expect(sent.ok && sent.value.status).toBe('done');
    fixture.db.prepare('DELETE FROM batches WHERE id = ?').run(batchId);

    const again = await uploads.check(await file(answered, 'de-novo'), 'sandbox');
    expect(again).toMatchObject({ unseenDevices: { count: 0 }, repeatedTransactions: 1 });
    expect(again.otherDevices ?? again.unpairedDevices).toBeUndefined();
    const paired = [{ ...answered[0]!, transactionId: 'outro-pedido' }];
    const alone = await uploads.check(await file(paired, 'so-o-device'), 'sandbox');
    expect(alone.unseenDevices.count).toBe(1);
    const held = await uploads.send(await file(paired, 'so-o-device'), target());
    expect(!held.ok && held.error.message).toBe(
      '1 DeviceId of so-o-device.csv appears in no answer of this history, nor with the same ' +
        'transaction in any upload, so it cannot tell which environment gave it. Send it only ' +
        'if you know it comes from sandbox, saying so explicitly.',
    );
  });
});
