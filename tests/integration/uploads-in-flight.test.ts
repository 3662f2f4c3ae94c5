import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { reviewService } from '../../electron/core/review/review-service';
import { uploadService, type UploadTarget } from '../../electron/core/uploads/upload-service';
import type { UploadView } from '../../shared/contract/outcomes';
import type { ResponseVariableRow } from '../../shared/domain/types';
import { buildResponseFile, type BuildOptions } from '../../shared/outcomes';
import { outcomesFixture, type OutcomesFixture } from './outcomes-fixture';
import { unwrap } from './results-fixture';

let fixture: OutcomesFixture;
let reviewed: ResponseVariableRow[];

beforeAll(async () => {
  fixture = await outcomesFixture(12);
  const review = reviewService(fixture.db);
  const targets = Array.from({ length: 12 }, (_, i) => ({ batchId: fixture.batchId, seq: i + 1 }));
  review.set(targets, 'Suspeito');
  reviewed = await review.fileRows('sandbox', { scope: 'all' });
});
afterAll(() => fixture.close());
beforeEach(() => {
  fixture.db.prepare('DELETE FROM uploads').run();
  fixture.sandbox.resetCounters();
  fixture.sandbox.configure({ latencyMs: 0 });
});

async function build(rows: ResponseVariableRow[], options: BuildOptions) {
  const built = await buildResponseFile(rows, options);
  if (!built.ok) throw new Error(built.problems.map((problem) => problem.message).join('; '));
  return { fileName: built.file.fileName, bytes: built.file.bytes };
}

function target(extra: Partial<UploadTarget> = {}): UploadTarget {
  return { client: fixture.client, environment: 'sandbox', confirmed: false, ...extra };
}

/** The pid of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '0']);
  return child.pid;
}

/** Says which process sends line `id`, as another process (or one that died) would have. */
function sentBy(id: number, pid: number, started = 1_700_000_000) {
  fixture.db
    .prepare('UPDATE uploads SET sender_pid = ?, sender_started = ? WHERE id = ?')
    .run(pid, started, id);
}

describe('a send whose request is out', () => {
  it('is sending in the ledger and the check, and the same file or its transactions wait, confirmed or not', async () => {
    const uploads = uploadService(fixture.db);
    const file = await build(reviewed, { kind: 'csv', fileName: 'slow' });
    fixture.sandbox.configure({ latencyMs: 1_500 });
    const first = uploads.send(file, target());
    await vi.waitUntil(() => uploads.list().length === 1, { timeout: 5_000, interval: 5 });
    const [line] = uploads.list() as [UploadView];
    // Never "no answer was recorded: the app stopped" while the app is the one sending.
    expect(line).toMatchObject({ status: 'sending', httpStatus: null, messages: [] });
    expect(uploads.get(line.id)).toMatchObject({ status: 'sending' });
    const check = await uploads.check(file, 'sandbox');
    expect(check.sameFile).toMatchObject([{ id: line.id, status: 'sending' }]);

    for (const confirmed of [false, true]) {
      const again = await uploads.send(file, target({ confirmed }));
      expect(again).toMatchObject({ ok: false, error: { code: 'busy' } });
      if (!again.ok)
        expect(again.error.message).toBe(
          `slow.csv was not sent: the same file is being sent to sandbox right now (upload #${String(line.id)}). Wait for the service's answer: the ledger then says whether it arrived, and the file can be sent again if it did not.`,
        );
    }
    const resent = await uploads.resend(line.id, target({ confirmed: true }));
    expect(resent).toMatchObject({ ok: false, error: { code: 'busy' } });
    // Other bytes, some of the same transactions.
    const part = await build(reviewed.slice(0, 3), { kind: 'zip', fileName: 'part' });
    const overlap = await uploads.send(part, target({ confirmed: true }));
    expect(overlap).toMatchObject({ ok: false, error: { code: 'busy' } });
    if (!overlap.ok)
      expect(overlap.error.message).toContain(
        `some of its transactions are being sent to sandbox right now (upload #${String(line.id)})`,
      );

    expect(unwrap(await first)).toMatchObject({ status: 'done', upload: { status: 'sent' } });
    expect(fixture.sandbox.uploads()).toHaveLength(1);
    expect(uploads.list()).toMatchObject([{ id: line.id, status: 'sent' }]);
    // Answered: the guard asks, as for any file sent before.
    expect(unwrap(await uploads.send(file, target()))).toMatchObject({ status: 'confirm' });
  });

  it('waits while another process that still runs sends it', async () => {
    const uploads = uploadService(fixture.db);
    const file = await build(reviewed, { kind: 'csv', fileName: 'elsewhere' });
    void uploads.send(
      file,
      target({
        client: { ...fixture.client, uploadResponseVariables: () => new Promise<never>(() => {}) },
      }),
    );
    await vi.waitUntil(() => uploads.list().length === 1, { timeout: 5_000, interval: 5 });
    const [line] = uploads.list() as [UploadView];
    // The parent of this test process runs, as the app would while dcdesk asks.
    sentBy(line.id, process.ppid);
    expect(uploads.list()).toMatchObject([{ status: 'sending' }]);
    expect(await uploads.send(file, target({ confirmed: true }))).toMatchObject({
      ok: false,
      error: { code: 'busy' },
    });
  });

  it('may have arrived once the process that sent it died: the guard asks, then it goes', async () => {
    const uploads = uploadService(fixture.db);
    const file = await build(reviewed, { kind: 'csv', fileName: 'stopped' });
    const stopped = {
      ...fixture.client,
      uploadResponseVariables: () => new Promise<never>(() => {}),
    };
    void uploads.send(file, target({ client: stopped }));
    await vi.waitUntil(() => uploads.list().length === 1, { timeout: 5_000, interval: 5 });
    const [line] = uploads.list() as [UploadView];
    sentBy(line.id, deadPid());
    const [left] = uploads.list();
    expect(left).toMatchObject({ status: 'failed', httpStatus: null, rows: reviewed.length });
    expect(left?.messages[0]).toMatch(/the app stopped while the file was being sent/);
    const asked = unwrap(await uploads.send(file, target()));
    expect(asked).toMatchObject({
      status: 'confirm',
      check: { sameFile: [{ id: line.id, status: 'failed' }] },
    });
    expect(unwrap(await uploads.send(file, target({ confirmed: true })))).toMatchObject({
      status: 'done',
      upload: { status: 'sent', resentFrom: null },
    });
  });

  it('is over after the longest a request may take, whatever process holds the pid now', async () => {
    const uploads = uploadService(fixture.db);
    const file = await build(reviewed, { kind: 'csv', fileName: 'old' });
    const stuck = {
      ...fixture.client,
      uploadResponseVariables: () => new Promise<never>(() => {}),
    };
    void uploads.send(file, target({ client: stuck }));
    await vi.waitUntil(() => uploads.list().length === 1, { timeout: 5_000, interval: 5 });
    const [line] = uploads.list() as [UploadView];
    sentBy(line.id, process.ppid);
    fixture.db
      .prepare('UPDATE uploads SET created_at = ? WHERE id = ?')
      .run(new Date(Date.now() - 11 * 60_000).toISOString(), line.id);
    expect(uploads.list()).toMatchObject([{ status: 'failed' }]);
    expect(unwrap(await uploads.send(file, target()))).toMatchObject({ status: 'confirm' });
  });

  it('is left as possibly arrived when the send breaks after the line was stored', async () => {
    const uploads = uploadService(fixture.db);
    const file = await build(reviewed, { kind: 'csv', fileName: 'broken' });
    const broken = {
      ...fixture.client,
      uploadResponseVariables: () => Promise.reject(new Error('the socket library threw')),
    };
    await expect(uploads.send(file, target({ client: broken }))).rejects.toThrow(/socket/);
    expect(uploads.list()).toMatchObject([{ status: 'failed' }]);
    expect(unwrap(await uploads.send(file, target()))).toMatchObject({ status: 'confirm' });
  });
});
