import { readFileSync } from 'node:fs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { uploadService } from '../../electron/core/uploads/upload-service';
import { startSandbox } from '../../electron/sandbox';
import type { ResponseVariableRow } from '../../shared/domain/types';
import { sandboxClient } from '../support/bulk';
import { unwrap } from './results-fixture';
import {
  build,
  done,
  fixture,
  reviewed,
  setUpSends,
  sha256,
  target,
  transactionsOf,
} from './uploads-send-fixture';

setUpSends();

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
