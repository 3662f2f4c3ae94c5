import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/core/create-core';
import { repositoryTaskThread } from '../../electron/core/tasks/thread-tasks';
import type { BuiltFileView, UploadCheck, UploadOutcome } from '../../shared/contract/outcomes';
import type { BatchSummary, SavedExport } from '../../shared/contract/results';
import type { Result } from '../../shared/result';
import { sourceRows } from '../support/bulk';
import { testCore } from '../support/test-core';
import { sampleTransaction } from '../support/transactions';
import { unwrap } from './results-fixture';

let dir = '';
let core: Core;
afterEach(async () => {
  await core.close();
  rmSync(dir, { recursive: true, force: true });
});

async function call<T>(name: string, input: unknown): Promise<T> {
  return unwrap((await core.call(name, input)) as Result<T>);
}

/** A core with its task thread, a finished batch of 10 rows, every answered one reviewed. */
async function reviewedBatch(): Promise<string> {
  dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-built-check-'));
  core = await testCore(dir, { taskThread: repositoryTaskThread() });
  const { id } = await call<BatchSummary>('batches.create', {
    sourceName: 'pedidos.csv',
    sourceSha256: 'c'.repeat(64),
    rows: sourceRows(10),
  });
  for (let waited = 0; ; waited += 50) {
    if ((await call<BatchSummary>('batches.get', { batchId: id })).state === 'finished') break;
    if (waited > 15_000) throw new Error('The batch did not finish.');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await call('outcomes.setFiltered', { batchId: id, filter: {}, outcome: 'Suspeito' });
  return id;
}

/** The zip of the batch's outcomes, built and kept by the core. */
async function built(batchId: string) {
  const view = await call<BuiltFileView>('outcomes.buildFile', {
    batchId,
    scope: 'all',
    kind: 'zip',
    fileName: 'respostas',
  });
  if (!view.file) throw new Error('no file');
  return view.file;
}

/** The check by the file's ID, and the whole check of the same bytes chosen from disk. */
async function bothChecks(fileId: string) {
  const byId = await call<UploadCheck>('uploads.check', { fileId });
  const saved = await call<SavedExport>('uploads.saveBuilt', { fileId });
  if (saved.outcome !== 'saved') throw new Error(saved.outcome);
  const base64 = readFileSync(saved.path).toString('base64');
  const whole = await call<UploadCheck>('uploads.check', { fileName: 'respostas.zip', base64 });
  return { byId, whole };
}

// Found by an outside attack: the check by ID said no DeviceId was unseen after the history had
// lost the answers that named them, and the send then refused the file.
describe('the check of a kept file after the history changed (issue 13)', () => {
  it('is the whole check once another process changed the history (dcdesk purged the batch)', async () => {
    const file = await built(await reviewedBatch());
    const other = new Database(path.join(dir, 'history.sqlite3'));
    try {
      other.prepare('DELETE FROM batches').run();
    } finally {
      other.close();
    }
    const { byId, whole } = await bothChecks(file.fileId);
    expect(byId.unseenDevices.count).toBe(byId.rows);
    expect(byId).toEqual(whole);
  }, 60_000);

  it('drops the kept files when a CPF is forgotten or a batch purged here: they may hold them', async () => {
    const file = await built(await reviewedBatch());
    await call('history.forgetCpf', { cpf: sampleTransaction(0).cpf });
    const gone = await core.call('uploads.check', { fileId: file.fileId });
    expect(!gone.ok && gone.error.message).toMatch(/no longer kept/);
    const again = await built((await call<Array<{ id: string }>>('batches.list', {}))[0]?.id ?? '');
    const other = new Database(path.join(dir, 'history.sqlite3'));
    try {
      other.prepare("UPDATE batches SET created_at = '2020-01-01T00:00:00.000Z'").run();
    } finally {
      other.close();
    }
    await call('history.purge', {});
    const purged = await core.call('uploads.check', { fileId: again.fileId });
    expect(!purged.ok && purged.error.message).toMatch(/no longer kept/);
    expect(
      readdirSync(path.join(dir, 'outgoing')).flatMap((folder) =>
        readdirSync(path.join(dir, 'outgoing', folder)),
      ),
    ).toEqual([]);
  }, 60_000);

  // Found by an outside tester: a file built before its outcomes were cleared was checked as
  // matching the history, and sent the retracted fraud outcomes without a word.
  it('counts the rows whose outcome was cleared since the build, and asks before sending them', async () => {
    const batchId = await reviewedBatch();
    const file = await built(batchId);
    await call('outcomes.setFiltered', { batchId, filter: {}, outcome: null });
    const { byId, whole } = await bothChecks(file.fileId);
    expect(byId.rows).toBeGreaterThan(0);
    expect(byId.changedSince).toBe(byId.rows);
    expect(whole.changedSince).toBe(byId.rows);
    const sent = await call<UploadOutcome>('uploads.send', {
      fileId: file.fileId,
      confirmed: false,
    });
    expect(sent).toMatchObject({ status: 'confirm', check: { changedSince: byId.rows } });
    expect(await call<unknown[]>('uploads.list', {})).toEqual([]);
  }, 60_000);
});
