import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/core/create-core';
import type {
  OutcomeChange,
  OutcomeFileRows,
  OutcomeSummary,
  UploadCheck,
  UploadOutcome,
  UploadView,
} from '../../shared/contract/outcomes';
import type { BatchSummary, ExportedFile, ResultPage } from '../../shared/contract/results';
import { buildResponseFile } from '../../shared/outcomes';
import type { Result } from '../../shared/result';
import { sourceRows } from '../support/bulk';
import { testCore } from '../support/test-core';
import { unwrap } from './results-fixture';

const dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-core-uploads-'));
let core: Core;
let batchId: string;

async function call<T>(name: string, input: unknown): Promise<T> {
  return unwrap((await core.call(name, input)) as Result<T>);
}

beforeAll(async () => {
  core = await testCore(dir);
  // A batch run in the embedded sandbox, the environment a new install starts in.
  const created = await call<BatchSummary>('batches.create', {
    sourceName: 'pedidos.csv',
    sourceSha256: 'c'.repeat(64),
    rows: sourceRows(20),
  });
  batchId = created.id;
  for (let waited = 0; ; waited += 50) {
    const { state } = await call<BatchSummary>('batches.get', { batchId });
    if (state === 'finished') break;
    if (waited > 15_000) throw new Error(`The batch is still ${state}.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});
afterAll(async () => {
  await core.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('review and upload through the core', () => {
  it('reviews rows, builds their file, sends it to the sandbox and keeps the ledger', async () => {
    const page = await call<ResultPage>('results.page', { batchId, offset: 0, limit: 20 });
    const answered = page.rows.filter((row) => row.deviceId !== null);
    const change = await call<OutcomeChange>('outcomes.set', {
      targets: page.rows.map((row) => ({ batchId, seq: row.seq })),
      outcome: 'Fraude Confirmada',
    });
    expect(change).toEqual({
      changed: answered.length,
      withoutTransactionId: 0,
      withoutDevice: 20 - answered.length,
      otherDevice: 0,
    });
    const sorted = await call<ResultPage>('results.page', {
      batchId,
      filter: { outcomes: ['Fraude Confirmada'] },
      sort: 'outcome',
      offset: 0,
      limit: 20,
    });
    expect(sorted.total).toBe(answered.length);
    const summary = await call<OutcomeSummary>('outcomes.summary', { batchId });
    expect(summary).toMatchObject({ total: answered.length, unsent: answered.length });

    // The contract's default scope is the unsent rows of the active environment.
    const { rows } = await call<OutcomeFileRows>('outcomes.fileRows', {});
    expect(rows).toHaveLength(answered.length);
    const built = await buildResponseFile(rows, { kind: 'zip', fileName: 'respostas' });
    if (!built.ok) throw new Error('The file should build.');
    const file = {
      fileName: built.file.fileName,
      base64: Buffer.from(built.file.bytes).toString('base64'),
    };
    const check = await call<UploadCheck>('uploads.check', file);
    expect(check).toMatchObject({
      fileName: 'respostas.zip',
      rows: rows.length,
      environment: 'sandbox',
      problems: [],
      sameFile: [],
      repeatedTransactions: 0,
    });

    const sent = await call<UploadOutcome>('uploads.send', file);
    expect(sent).toMatchObject({
      status: 'done',
      upload: {
        status: 'sent',
        environment: 'sandbox',
        rows: rows.length,
        sha256: check.sha256,
        answer: { message: 'File received.', rows: rows.length },
      },
    });
    const upload = (sent as Extract<UploadOutcome, { status: 'done' }>).upload;
    expect(await call<OutcomeFileRows>('outcomes.fileRows', {})).toEqual({
      rows: [],
      sentByTeam: 0,
      teamError: null,
    });
    expect(await call<OutcomeFileRows>('outcomes.fileRows', { scope: 'all' })).toEqual({
      rows,
      sentByTeam: 0,
      teamError: null,
    });

    // The same file again asks first; confirmed, it goes.
    expect(await call<UploadOutcome>('uploads.send', file)).toMatchObject({
      status: 'confirm',
      check: { sameFile: [upload], repeatedTransactions: rows.length },
    });
    const again = await call<UploadOutcome>('uploads.send', { ...file, confirmed: true });
    expect(again).toMatchObject({ status: 'done', upload: { status: 'sent' } });
    expect(await call<UploadOutcome>('uploads.resend', { uploadId: upload.id })).toMatchObject({
      status: 'confirm',
    });
    const resent = await call<UploadOutcome>('uploads.resend', {
      uploadId: upload.id,
      confirmed: true,
    });
    expect(resent).toMatchObject({ status: 'done', upload: { resentFrom: upload.id } });

    const ledger = await call<UploadView[]>('uploads.list', {});
    expect(ledger.map((line) => line.status)).toEqual(['sent', 'sent', 'sent']);
    expect(ledger.at(-1)).toEqual(upload);
    const copy = await call<ExportedFile>('uploads.file', { uploadId: upload.id });
    expect(copy).toEqual({
      fileName: 'respostas.zip',
      mimeType: 'application/zip',
      base64: file.base64,
      rows: rows.length,
    });

    // In another environment these outcomes do not count: their devices are the sandbox's.
    await call('environments.activate', { environment: 'test' });
    const inTest = await call<OutcomeSummary>('outcomes.summary', {});
    expect(inTest).toMatchObject({ total: 0, unsent: 0 });
    // ...and the screen can say why the file is empty: they were reviewed on sandbox answers.
    expect(inTest.elsewhere).toBe(answered.length);
    // Nor can the sandbox's ledger line be sent there again.
    const elsewhere = await core.call('uploads.resend', { uploadId: upload.id, confirmed: true });
    expect(!elsewhere.ok && elsewhere.error).toMatchObject({ code: 'validation' });
    await call('environments.activate', { environment: 'sandbox' });
  });

  it('refuses input outside the contract, and unknown batches and uploads', async () => {
    const refused = async (name: string, input: unknown) =>
      expect(await core.call(name, input)).toMatchObject({
        ok: false,
        error: { code: 'validation' },
      });
    await refused('outcomes.set', { targets: [{ batchId, seq: 1 }], outcome: 'Fraude' });
    await refused('outcomes.set', { targets: [], outcome: null });
    // A batch not in the history (deleted while a window showed it) has a code of its own.
    for (const [name, input] of [
      ['outcomes.setFiltered', { batchId: 'nope', outcome: 'Suspeito' }],
      ['outcomes.summary', { batchId: 'nope' }],
      ['outcomes.set', { targets: [{ batchId: 'nope', seq: 1 }], outcome: 'Suspeito' }],
    ] as const)
      expect(await core.call(name, input)).toMatchObject({
        ok: false,
        error: { code: 'no_batch' },
      });
    await refused('outcomes.importCheck', {
      rows: [{ row: 2, transactionId: '  ', outcome: 'Suspeito' }],
    });
    await refused('uploads.send', { fileName: 'respostas.txt', base64: 'QUJD' });
    await refused('uploads.send', { fileName: 'respostas.csv', base64: 'not base64!' });
    await refused('uploads.check', { fileName: 'respostas.csv', base64: 'not base64!' });
    await refused('uploads.file', { uploadId: 9999 });
    await refused('uploads.resend', { uploadId: 9999 });
    expect(
      await core.call('outcomes.importCheck', {
        rows: [{ row: 2, transactionId: ' order-none ', outcome: 'Suspeito' }],
      }),
    ).toMatchObject({
      ok: true,
      value: { rows: 1, notFound: [{ row: 2, transactionId: 'order-none' }] },
    });
  });
});
