/**
 * The app's core running a batch while another process holds the history's write lock longer
 * than the busy timeout (5 s): the core's thread, which answers the window, keeps answering; the
 * run says it waits for that process and when it goes on; a Cancel or a Pause meanwhile is kept
 * once the history is free, and no answer received is lost.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { BatchEvent } from '../../shared/batch';
import type { BatchSummary } from '../../shared/contract/results';
import type { Core } from '../../electron/core/create-core';
import { repositoryWriterThread } from '../../electron/core/bulk/thread-row-writer';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { sourceRows } from '../support/bulk';
import { tempDir } from '../support/files';
import { holdHistoryLock } from '../support/history-lock';
import { testCore } from '../support/test-core';

const opened: Array<{ core: Core; remove: () => void }> = [];
afterEach(async () => {
  for (const { core, remove } of opened.splice(0)) {
    await core.close();
    remove();
  }
});

/** A core writing its runs' rows on a thread of their own, as the app and the web host do. */
async function lockedRun(rows: number) {
  const work = tempDir('dcdesk-core-lock-');
  let sandbox: SandboxHandle | undefined;
  const core = await testCore(work.dir, {
    writerThread: repositoryWriterThread(),
    startSandbox: async () => (sandbox = await startSandbox({ latencyMs: 40 })),
  });
  opened.push({ core, remove: work.remove });
  const events: BatchEvent[] = [];
  core.subscribe((name, payload) => {
    if (name === 'main:batch.progress') events.push(payload as BatchEvent);
  });
  const created = await core.call('batches.create', {
    sourceName: 'pedidos.csv',
    sourceSha256: 'f'.repeat(64),
    rows: sourceRows(rows),
  });
  if (!created.ok) throw new Error(created.error.message);
  const batchId = (created.value as BatchSummary).id;
  const answered = () => sandbox?.counters().insights ?? 0;
  while (answered() < 20) await new Promise((done) => setTimeout(done, 10));
  const lock = await holdHistoryLock(work.dir, 9_000);
  // The longest the core's thread went without serving its timers, from now on.
  let longestStall = 0;
  let last = Date.now();
  const ticking = setInterval(() => {
    longestStall = Math.max(longestStall, Date.now() - last);
    last = Date.now();
  }, 20);
  const waitingSaid = async () => {
    await expect
      .poll(() => events.findIndex((event) => waits(event)), { timeout: 10_000, interval: 20 })
      .toBeGreaterThan(-1);
    return Date.now();
  };
  const stop = () => {
    clearInterval(ticking);
    return longestStall;
  };
  const get = async () => {
    const got = await core.call('batches.get', { batchId });
    if (!got.ok) throw new Error(got.error.message);
    return got.value as BatchSummary;
  };
  return { core, batchId, events, lock, answered, waitingSaid, stop, get };
}

const waits = (event: BatchEvent) => event.type === 'progress' && event.historyWait === true;

describe('a batch run while another process holds the history for writing', () => {
  it('says it waits for that process, then that it goes on; the core answers meanwhile; Cancel is kept, no answer lost', async () => {
    const run = await lockedRun(400);
    const saidAt = await run.waitingSaid();
    // After the first busy timeout, not at the first sign of the lock.
    expect(saidAt - run.lock.heldAt).toBeGreaterThan(4_500);
    // The window is answered while the run waits.
    const askedAt = Date.now();
    expect((await run.get()).state).toBe('running');
    expect(Date.now() - askedAt).toBeLessThan(1_000);

    const cancelled = run.core.call('batches.cancel', { batchId: run.batchId });
    const sentAtCancel = run.answered();
    await run.lock.released;
    const ended = await cancelled;
    expect(run.stop()).toBeLessThan(1_000);
    expect(ended).toMatchObject({ ok: true, value: { state: 'cancelled' } });

    // The run said when it went on: a progress without the wait, after the one with it.
    const saidWait = run.events.findIndex(waits);
    const wentOn = run.events.findIndex(
      (event, index) => index > saidWait && event.type === 'progress' && !event.historyWait,
    );
    expect(wentOn).toBeGreaterThan(saidWait);
    // Nothing more was sent once cancelled, and every answer the service gave is stored.
    expect(run.answered()).toBe(sentAtCancel);
    const { counts } = await run.get();
    expect(counts.done).toBe(run.answered());
    expect(counts.done + counts.remaining).toBe(400);
  }, 60_000);

  it('keeps a Pause asked while it waits, and the resumed batch sends every row once', async () => {
    const run = await lockedRun(300);
    await run.waitingSaid();
    const paused = await run.core.call('batches.pause', { batchId: run.batchId });
    expect(paused.ok).toBe(true);
    await run.lock.released;
    await expect.poll(async () => (await run.get()).state, { timeout: 10_000 }).toBe('paused');
    expect(run.stop()).toBeLessThan(1_000);
    expect((await run.get()).counts.done).toBe(run.answered());

    const resumed = await run.core.call('batches.resume', { batchId: run.batchId });
    expect(resumed.ok).toBe(true);
    await expect.poll(async () => (await run.get()).state, { timeout: 20_000 }).toBe('finished');
    expect((await run.get()).counts).toMatchObject({ done: 300, remaining: 0 });
    expect(run.answered()).toBe(300);
  }, 60_000);
});
