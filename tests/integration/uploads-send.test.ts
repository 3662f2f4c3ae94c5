import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import JSZip from 'jszip';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reviewService } from '../../electron/core/review/review-service';
import { uploadService, type UploadTarget } from '../../electron/core/uploads/upload-service';
import { startSandbox } from '../../electron/sandbox';
import type { UploadOutcome, UploadView } from '../../shared/contract/outcomes';
import type { ResponseVariableRow } from '../../shared/domain/types';
import { buildResponseFile, type BuildOptions } from '../../shared/outcomes';
import type { Result } from '../../shared/result';
import { sandboxClient } from '../support/bulk';
import { outcomesFixture, type OutcomesFixture } from './outcomes-fixture';
import { unwrap } from './results-fixture';

let fixture: OutcomesFixture;
/** The reviewed rows of the fixture batch, as a file carries them. */
let reviewed: ResponseVariableRow[];

beforeAll(async () => {
  fixture = await outcomesFixture(30);
  const review = reviewService(fixture.db);
  const targets = Array.from({ length: 30 }, (_, i) => ({ batchId: fixture.batchId, seq: i + 1 }));
  review.set(targets.slice(0, 12), 'Suspeito');
  review.set(targets.slice(12, 20), 'Fraude Confirmada');
  review.set(targets.slice(20), 'Device Positivado');
  reviewed = await review.fileRows('sandbox', { scope: 'all' });
});
afterAll(() => fixture.close());
beforeEach(() => {
  fixture.db.prepare('DELETE FROM uploads').run();
  fixture.sandbox.resetCounters();
});

async function build(rows: ResponseVariableRow[], options: BuildOptions) {
  const built = await buildResponseFile(rows, options);
  if (!built.ok) throw new Error(built.problems.map((problem) => problem.message).join('; '));
  return { fileName: built.file.fileName, bytes: built.file.bytes };
}

function target(extra: Partial<UploadTarget> = {}): UploadTarget {
  return { client: fixture.client, environment: 'sandbox', confirmed: false, ...extra };
}

/** The ledger line of a `done` answer; anything else fails the test. */
function done(result: Result<UploadOutcome>): UploadView {
  const outcome = unwrap(result);
  if (outcome.status !== 'done') throw new Error(`Expected done, got ${JSON.stringify(outcome)}`);
  return outcome.upload;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const transactionsOf = (uploadId: number) =>
  fixture.db
    .prepare(
      `SELECT external_id AS transactionId, device_id AS deviceId, outcome
       FROM upload_transactions WHERE upload_id = ?`,
    )
    .all(uploadId);

describe('sending a response-variable file', () => {
  it('delivers exactly the reviewed rows as csv, and records the upload', async () => {
    expect(reviewed.length).toBeGreaterThan(20);
    const file = await build(reviewed, { kind: 'csv', separator: ';', fileName: 'respostas' });
    const uploads = uploadService(fixture.db);
    const upload = done(await uploads.send(file, target()));

    const [received] = fixture.sandbox.uploads();
    expect(received).toMatchObject({ fileName: 'respostas.csv', kind: 'csv' });
    expect(received?.rows).toEqual(reviewed);
    expect(upload).toMatchObject({
      fileName: 'respostas.csv',
      kind: 'csv',
      rows: reviewed.length,
      sha256: sha256(file.bytes),
      environment: 'sandbox',
      status: 'sent',
      httpStatus: 200,
      messages: [],
      answer: { message: 'File received.', rows: reviewed.length },
      resentFrom: null,
    });
    expect(upload.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(uploads.file(upload.id)).toEqual({
      fileName: 'respostas.csv',
      kind: 'csv',
      bytes: file.bytes,
    });
    expect(uploads.list()).toEqual([upload]);
    expect(uploads.get(upload.id)).toEqual(upload);
    // The transaction ids are sorted by the ledger's key; compare as sets of rows.
    expect(new Set(transactionsOf(upload.id).map((row) => JSON.stringify(row)))).toEqual(
      new Set(reviewed.map((row) => JSON.stringify(row))),
    );
  });

  it('delivers exactly the reviewed rows as a zip', async () => {
    const file = await build(reviewed, { kind: 'zip', fileName: 'respostas' });
    const zip = await JSZip.loadAsync(file.bytes);
    expect(Object.keys(zip.files)).toEqual(['respostas.csv']);
    const upload = done(await uploadService(fixture.db).send(file, target()));
    const [received] = fixture.sandbox.uploads();
    expect(received).toMatchObject({ fileName: 'respostas.zip', kind: 'zip' });
    expect(received?.rows).toEqual(reviewed);
    expect(upload).toMatchObject({ kind: 'zip', status: 'sent', rows: reviewed.length });
  });

  it('records a 400 as refused with each of the service messages, and keeps the file', async () => {
    // Our own checks pass (ids and devices present, outcomes exact); the service knows none of
    // these devices.
    const madeUp: ResponseVariableRow[] = [
      { transactionId: 'order-x1', deviceId: 'device-1', outcome: 'Suspeito' },
      { transactionId: 'order-x2', deviceId: reviewed[0]!.deviceId, outcome: 'Suspeito' },
      { transactionId: 'order-x3', deviceId: 'DEV-ABC', outcome: 'Fraude Confirmada' },
      { transactionId: 'order-x4', deviceId: 'dev-1234', outcome: 'Device Positivado' },
    ];
    const file = await build(madeUp, { kind: 'csv', fileName: 'inventado' });
    const uploads = uploadService(fixture.db);
    // Three of the DeviceIds are unknown to this history: sent only when the analyst says so.
    const unseen = target({ allowUnseenDevices: true });
    const upload = done(await uploads.send(file, unseen));
    expect(upload).toMatchObject({
      status: 'refused',
      httpStatus: 400,
      rows: 4,
      answer: null,
      messages: [
        "Line 2: DeviceId 'device-1' is not a device this service identified.",
        "Line 4: DeviceId 'DEV-ABC' is not a device this service identified.",
        "Line 5: DeviceId 'dev-1234' is not a device this service identified.",
      ],
    });
    expect(fixture.sandbox.uploads()).toEqual([]);
    expect(uploads.file(upload.id)?.bytes).toEqual(file.bytes);

    // A refused file was never accepted: sending it again does not ask first.
    const again = done(await uploads.send(file, unseen));
    expect(again).toMatchObject({ status: 'refused' });
    expect(fixture.sandbox.counters().uploadsByStatus).toEqual({ 400: 2 });
  });

  it('obtains one new token when the service no longer takes the old one', async () => {
    const uploads = uploadService(fixture.db);
    const first = await build(reviewed.slice(0, 3), { kind: 'csv', fileName: 'a' });
    done(await uploads.send(first, target()));
    fixture.sandbox.revokeTokens();
    const before = fixture.sandbox.counters().authentications;
    const second = await build(reviewed.slice(3, 6), { kind: 'csv', fileName: 'b' });
    expect(done(await uploads.send(second, target()))).toMatchObject({ status: 'sent' });
    expect(fixture.sandbox.counters()).toMatchObject({
      authentications: before + 1,
      unauthorized: 1,
      uploadsByStatus: { 200: 2, 401: 1 },
    });
  });

  it('records a 500 as failed with the sentence and the service detail', async () => {
    fixture.sandbox.forceNext(500, { route: 'responsevariables' });
    const file = await build(reviewed.slice(0, 2), { kind: 'csv', fileName: 'c' });
    const upload = done(await uploadService(fixture.db).send(file, target()));
    expect(upload).toMatchObject({ status: 'failed', httpStatus: 500, answer: null });
    expect(upload.messages).toEqual([
      'The service failed while processing the request.',
      'An unexpected error occurred.',
    ]);
    expect(fixture.sandbox.uploads()).toEqual([]);
  });

  it.each([502, 504])(
    'records a gateway %i as may have arrived: the same file and its rows ask before going again (attack e3)',
    async (status) => {
      fixture.sandbox.forceNext(status, { route: 'responsevariables' });
      const uploads = uploadService(fixture.db);
      const file = await build(reviewed.slice(0, 2), { kind: 'csv', fileName: 'gw' });
      const failed = done(await uploads.send(file, target()));
      expect(failed).toMatchObject({ status: 'failed', httpStatus: status, mayHaveArrived: true });
      expect(failed.messages).toContain('The service may have received it.');
      const again = unwrap(await uploads.resend(failed.id, target()));
      expect(again).toMatchObject({ status: 'confirm', check: { repeatedTransactions: 2 } });
      if (again.status === 'confirm')
        expect(again.check.sameFile.map((u) => u.id)).toEqual([failed.id]);

      // A line kept before this rule, under the code `unavailable`, is known by its status.
      fixture.db
        .prepare(`UPDATE uploads SET error_code = 'unavailable' WHERE id = ?`)
        .run(failed.id);
      expect(uploads.get(failed.id)?.mayHaveArrived).toBe(true);
      expect(unwrap(await uploads.resend(failed.id, target())).status).toBe('confirm');
    },
  );

  it('records a 503 as failed and not arrived: the file goes again without asking', async () => {
    fixture.sandbox.forceNext(503, { route: 'responsevariables' });
    const uploads = uploadService(fixture.db);
    const file = await build(reviewed.slice(0, 2), { kind: 'csv', fileName: 'busy' });
    const failed = done(await uploads.send(file, target()));
    expect(failed).toMatchObject({ status: 'failed', httpStatus: 503, mayHaveArrived: false });
    expect(done(await uploads.resend(failed.id, target())).status).toBe('sent');
  });

  it("masks a customer's data the service quotes in its answer, accepted or refused (attack c2)", async () => {
    const whose =
      'ext-000001 belongs to maria.silva@example.com, CPF 529.982.247-25, phone (11) 98765-4321';
    fixture.sandbox.forceNext(200, {
      route: 'responsevariables',
      body: JSON.stringify({ message: `Received 1 row. ${whose}` }),
    });
    fixture.sandbox.forceNext(400, {
      route: 'responsevariables',
      body: JSON.stringify({ title: 'Invalid file', status: 400, errors: { file: [whose] } }),
    });
    const uploads = uploadService(fixture.db);
    const sent = done(
      await uploads.send(
        await build(reviewed.slice(0, 1), { kind: 'csv', fileName: 'q1' }),
        target(),
      ),
    );
    const refused = done(
      await uploads.send(
        await build(reviewed.slice(1, 2), { kind: 'csv', fileName: 'q2' }),
        target(),
      ),
    );
    expect(sent.status).toBe('sent');
    expect(sent.answer).toEqual({
      message:
        'Received 1 row. ext-000001 belongs to m***@example.com, CPF ***.982.247-**, phone ***4321',
    });
    expect(refused.status).toBe('refused');
    const said = JSON.stringify([sent, refused, uploads.list()]);
    for (const value of ['maria.silva', '529.982.247-25', '98765-4321'])
      expect(said).not.toContain(value);
  });

  it('records a network failure as failed, loses nothing, and sends the stored file later', async () => {
    const gone = await startSandbox();
    const client = sandboxClient(gone, 2000);
    await gone.close();
    const uploads = uploadService(fixture.db);
    const file = await build(reviewed, { kind: 'zip', fileName: 'offline' });
    const failed = done(await uploads.send(file, target({ client })));
    expect(failed).toMatchObject({ status: 'failed', httpStatus: null, rows: reviewed.length });
    expect(failed.messages).toEqual(['Could not reach the service: the connection was refused.']);
    expect(uploads.file(failed.id)?.bytes).toEqual(file.bytes);

    // A failed upload was never accepted: the re-send goes without asking, and says what it repeats.
    const resent = done(await uploads.resend(failed.id, target()));
    expect(resent).toMatchObject({ status: 'sent', resentFrom: failed.id, sha256: failed.sha256 });
    expect(fixture.sandbox.uploads()[0]?.rows).toEqual(reviewed);
    expect(uploads.list().map((upload) => upload.id)).toEqual([resent.id, failed.id]);
  });

  it('lets only one of two sends of the same file go at once; the other waits for its answer', async () => {
    const uploads = uploadService(fixture.db);
    const file = await build(reviewed, { kind: 'csv', fileName: 'twice' });
    fixture.sandbox.configure({ latencyMs: 200 });
    try {
      const [a, b] = await Promise.all([
        uploads.send(file, target()),
        uploads.send(file, target()),
      ]);
      const outcomes = [a, b].map((result) =>
        result.ok ? result.value.status : result.error.code,
      );
      expect(outcomes.sort()).toEqual(['busy', 'done']);
    } finally {
      fixture.sandbox.configure({ latencyMs: 0 });
    }
    expect(fixture.sandbox.uploads()).toHaveLength(1);
    expect(uploads.list()).toHaveLength(1);
  });

  it('refuses a file with problems before sending or storing anything', async () => {
    const bad = new TextEncoder().encode(
      'ID Transacional,DeviceId,Resultado\r\nPED-A1,,Suspeito\r\nPED-A2,dev-x,Fraude\r\n',
    );
    const result = await uploadService(fixture.db).send(
      { fileName: 'ruim.csv', bytes: bad },
      target({ confirmed: true }),
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(result.ok ? [] : result.error.details).toHaveLength(2);
    expect(fixture.sandbox.counters().uploads).toBe(0);
    expect(uploadService(fixture.db).list()).toEqual([]);
    const check = await uploadService(fixture.db).check(
      { fileName: 'ruim.csv', bytes: bad },
      'sandbox',
    );
    expect(check.problems.map((problem) => problem.line)).toEqual([2, 3]);
  });

  it('never writes a token into the history', async () => {
    const file = await build(reviewed.slice(0, 2), { kind: 'csv', fileName: 'token' });
    done(await uploadService(fixture.db).send(file, target()));
    const token = unwrap(await fixture.client.tokens.get());
    fixture.db.pragma('wal_checkpoint(PASSIVE)');
    for (const suffix of ['', '-wal']) {
      const bytes = readFileSync(fixture.history.path + suffix);
      expect(bytes.includes(Buffer.from(token))).toBe(false);
    }
  });
});

describe('the re-send guard', () => {
  it('tells a corrected outcome apart from the same one sent again (attack e3)', async () => {
    const uploads = uploadService(fixture.db);
    const sent = done(
      await uploads.send(
        await build(reviewed.slice(0, 3), { kind: 'csv', fileName: 'c1' }),
        target(),
      ),
    );
    expect(sent.status).toBe('sent');
    const [first, ...rest] = reviewed.slice(0, 3);
    const corrected = [{ ...first!, outcome: 'Device Positivado' as const }, ...rest];
    const check = await uploads.check(
      await build(corrected, { kind: 'csv', fileName: 'c2' }),
      'sandbox',
    );
    expect(check).toMatchObject({ repeatedTransactions: 3, correctedTransactions: 1 });
    const same = await uploads.check(
      await build(reviewed.slice(0, 3), { kind: 'csv', fileName: 'c3' }),
      'sandbox',
    );
    expect(same.repeatedTransactions).toBe(3);
    expect(same.correctedTransactions).toBeUndefined();
  });

  it('asks before the same file or the same transactions go to an environment again', async () => {
    const uploads = uploadService(fixture.db);
    const file = await build(reviewed.slice(0, 10), { kind: 'csv', fileName: 'lote-1' });
    const first = done(await uploads.send(file, target()));
    expect(first.status).toBe('sent');

    // The same bytes again: nothing sent, the earlier upload named.
    const asked = unwrap(await uploads.send(file, target()));
    expect(asked).toEqual({
      status: 'confirm',
      check: {
        fileName: 'lote-1.csv',
        rows: 10,
        sha256: first.sha256,
        environment: 'sandbox',
        problems: [],
        foreignDevices: { count: 0, examples: [] },
        unseenDevices: { count: 0, examples: [] },
        sameFile: [first],
        repeatedTransactions: 10,
        repeatedIn: [first],
        changedSince: 0,
      },
    });
    expect(fixture.sandbox.uploads()).toHaveLength(1);
    expect(uploads.list()).toHaveLength(1);

    // Another file sharing some transactions: asked too, with how many and where.
    const overlapping = await build(reviewed.slice(6, 14), { kind: 'zip', fileName: 'lote-2' });
    const check = await uploads.check(overlapping, 'sandbox');
    expect(check).toMatchObject({ sameFile: [], repeatedTransactions: 4, repeatedIn: [first] });
    expect(unwrap(await uploads.send(overlapping, target()))).toEqual({ status: 'confirm', check });
    const second = done(await uploads.send(overlapping, target({ confirmed: true })));
    expect(second.status).toBe('sent');
    expect(fixture.sandbox.uploads().map((upload) => upload.rows.length)).toEqual([10, 8]);

    // A stored file sent again: asked, then sent with its origin recorded.
    const resendAsked = unwrap(await uploads.resend(first.id, target()));
    expect(resendAsked).toMatchObject({
      status: 'confirm',
      check: { sameFile: [first], repeatedTransactions: 10, repeatedIn: [second, first] },
    });
    const resent = done(await uploads.resend(first.id, target({ confirmed: true })));
    expect(resent).toMatchObject({ status: 'sent', resentFrom: first.id, sha256: first.sha256 });
    expect(fixture.sandbox.uploads().at(-1)?.rows).toEqual(reviewed.slice(0, 10));

    // An outcome changed since the file was sent: a re-send of the stored file says so.
    const review = reviewService(fixture.db);
    const changed = reviewed[0]!;
    const { seq } = fixture.db
      .prepare(
        'SELECT seq FROM batch_rows WHERE batch_key = (SELECT key FROM batches WHERE id = ?) AND external_id = ?',
      )
      .get(fixture.batchId, changed.transactionId) as { seq: number };
    review.set([{ batchId: fixture.batchId, seq }], 'Device Positivado');
    try {
      expect(unwrap(await uploads.resend(first.id, target()))).toMatchObject({
        status: 'confirm',
        check: { changedSince: 1 },
      });
    } finally {
      review.set([{ batchId: fixture.batchId, seq }], changed.outcome);
    }

    // Environments are separate: the test environment has accepted none of it.
    const elsewhere = await uploads.check(file, 'test');
    expect(elsewhere).toMatchObject({ sameFile: [], repeatedTransactions: 0, repeatedIn: [] });
    // ...and its DeviceIds, which only sandbox answers gave, mean nothing there.
    expect(elsewhere.foreignDevices.count).toBe(10);
    expect(await uploads.resend(9999, target())).toMatchObject({
      ok: false,
      error: { code: 'validation', message: 'There is no upload 9999.' },
    });
  });
});

describe('a file whose outcomes changed since it was built', () => {
  /** The row's place in the fixture batch, to review it again. */
  const seqOf = (transactionId: string) =>
    (
      fixture.db
        .prepare(
          'SELECT seq FROM batch_rows WHERE batch_key = (SELECT key FROM batches WHERE id = ?) AND external_id = ?',
        )
        .get(fixture.batchId, transactionId) as { seq: number }
    ).seq;

  // Found by an outside tester: a file built before an outcome changed was sent with the old one,
  // and a retracted fraud outcome was never corrected.
  it('asks before sending rows whose outcome changed or was cleared, never sent before', async () => {
    const uploads = uploadService(fixture.db);
    const review = reviewService(fixture.db);
    const file = await build(reviewed.slice(0, 6), { kind: 'csv', fileName: 'antigo' });
    const [changed, cleared] = reviewed as [ResponseVariableRow, ResponseVariableRow];
    const targets = [changed, cleared].map((row) => ({
      batchId: fixture.batchId,
      seq: seqOf(row.transactionId),
    }));
    review.set([targets[0]!], 'Device Positivado');
    review.set([targets[1]!], null);
    try {
      const check = await uploads.check(file, 'sandbox');
      expect(check).toMatchObject({ sameFile: [], repeatedTransactions: 0, changedSince: 2 });
      expect(unwrap(await uploads.send(file, target()))).toEqual({ status: 'confirm', check });
      expect(fixture.sandbox.uploads()).toHaveLength(0);
      expect(done(await uploads.send(file, target({ confirmed: true }))).status).toBe('sent');
    } finally {
      review.set([targets[0]!], changed.outcome);
      review.set([targets[1]!], cleared.outcome);
    }
    // Set back as the file has them: nothing to say.
    expect(await uploads.check(file, 'sandbox')).toMatchObject({ changedSince: 0 });
  });

  it('says nothing of rows the history never reviewed (a file made elsewhere)', async () => {
    const uploads = uploadService(fixture.db);
    const elsewhere = await build(
      reviewed
        .slice(0, 4)
        .map((row) => ({ ...row, transactionId: `made-elsewhere-${row.transactionId}` })),
      { kind: 'csv', fileName: 'de-fora' },
    );
    expect(await uploads.check(elsewhere, 'sandbox')).toMatchObject({ changedSince: 0 });
  });
});

describe('DeviceIds of another environment', () => {
  it('never sends a file of sandbox DeviceIds to another environment, naming a few and how many', async () => {
    const uploads = uploadService(fixture.db);
    const file = await build(reviewed.slice(0, 8), { kind: 'csv', fileName: 'do-sandbox' });
    const sent = await uploads.send(file, target({ environment: 'production', confirmed: true }));
    expect(sent.ok).toBe(false);
    if (sent.ok) return;
    expect(sent.error.code).toBe('validation');
    expect(sent.error.message).toBe(
      'do-sandbox.csv cannot be sent to production: 8 of its DeviceIds come only from answers of ' +
        "sandbox, never of production, which does not know them. Build the file from production's " +
        'answers (dcdesk outcomes build).',
    );
    expect(sent.error.details).toEqual(
      reviewed.slice(0, 5).map((row) => `${row.transactionId}: ${row.deviceId} (known in sandbox)`),
    );
    // Saying yes to the re-send guard or to unseen DeviceIds does not override it.
    const forced = await uploads.send(
      file,
      target({ environment: 'production', confirmed: true, allowUnseenDevices: true }),
    );
    expect(forced.ok).toBe(false);
    expect(uploads.list()).toEqual([]);
    expect(fixture.sandbox.counters().uploadsByStatus).toEqual({});
  });

  it('sends DeviceIds the history never saw only when told explicitly', async () => {
    const uploads = uploadService(fixture.db);
    const rows: ResponseVariableRow[] = [
      reviewed[0]!,
      { transactionId: 'order-built-elsewhere', deviceId: 'dev-unseen', outcome: 'Suspeito' },
    ];
    const file = await build(rows, { kind: 'csv', fileName: 'de-fora' });
    const check = await uploads.check(file, 'sandbox');
    expect(check.unseenDevices).toEqual({
      count: 1,
      examples: [{ transactionId: 'order-built-elsewhere', deviceId: 'dev-unseen', knownIn: [] }],
    });
    const held = await uploads.send(file, target());
    expect(held).toMatchObject({ ok: false, error: { code: 'validation' } });
    if (!held.ok)
      expect(held.error.message).toMatch(
        /^1 DeviceId of de-fora\.csv appears in no answer of this history, nor with/,
      );
    expect(uploads.list()).toEqual([]);
    const sent = done(await uploads.send(file, target({ allowUnseenDevices: true })));
    // It went out (the sandbox then refused the made-up DeviceId, as the service would).
    expect(sent).toMatchObject({ environment: 'sandbox', status: 'refused' });
    expect(fixture.sandbox.counters().uploadsByStatus).toEqual({ 400: 1 });
  });
});

describe('the check of a large file', () => {
  it('looks its DeviceIds up slice by slice, answering other work between slices, with the same findings', async () => {
    const rows: ResponseVariableRow[] = [
      ...reviewed,
      { transactionId: 'order-built-elsewhere', deviceId: 'dev-unseen', outcome: 'Suspeito' },
    ];
    const file = await build(rows, { kind: 'csv', fileName: 'grande' });
    const whole = await uploadService(fixture.db).check(file, 'sandbox');
    const order: string[] = [];
    const checking = uploadService(fixture.db, { sliceRows: 4 })
      .check(file, 'sandbox')
      .then((check) => {
        order.push('checked');
        return check;
      });
    setImmediate(() => order.push('other work'));
    expect(await checking).toEqual(whole);
    expect(whole.unseenDevices.count).toBe(1);
    expect(order).toEqual(['other work', 'checked']);
  });
});
