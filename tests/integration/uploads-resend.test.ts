import { describe, expect, it } from 'vitest';
import { reviewService } from '../../electron/core/review/review-service';
import { uploadService } from '../../electron/core/uploads/upload-service';
import type { ResponseVariableRow } from '../../shared/domain/types';
import { unwrap } from './results-fixture';
import { build, done, fixture, reviewed, setUpSends, target } from './uploads-send-fixture';

setUpSends();

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
