/**
 * A run writing on its own thread (the runner's default writer) while another process holds the
 * history's write lock past the busy timeout: the thread is never held for more than one short
 * attempt, the run says it waits and when it goes on, and a Pause meanwhile loses no row. The
 * history's busy timeout is cut to 500 ms here so that the waits are short.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BatchEvent } from '../../shared/batch';
import { createBatch } from '../../electron/core/bulk/batch';
import { runBatch } from '../../electron/core/bulk/runner';
import { rowsRepo } from '../../electron/core/store/rows.repo';
import { batchesRepo } from '../../electron/core/store/batches.repo';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { sandboxClient, sourceRows, startBatch } from '../support/bulk';
import { tempHistory } from '../support/history';
import { holdHistoryLock } from '../support/history-lock';

let sandbox: SandboxHandle;
let history: Awaited<ReturnType<typeof tempHistory>>;

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  history = await tempHistory();
  history.db.pragma('busy_timeout = 500');
  sandbox.configure({ latencyMs: 0, faults: {} });
  sandbox.resetCounters();
});
afterEach(() => history.close());

/** The longest time this thread went without running its timers, until `stop` is called. */
function stallMeter(): { stop: () => number } {
  let longest = 0;
  let last = Date.now();
  const ticking = setInterval(() => {
    longest = Math.max(longest, Date.now() - last);
    last = Date.now();
  }, 10);
  return {
    stop: () => {
      clearInterval(ticking);
      return longest;
    },
  };
}

const waits = (event: BatchEvent) => event.type === 'progress' && event.historyWait === true;

describe('a run on one thread while another connection holds the history', () => {
  it('waits without holding its thread, says so and when it goes on, and stores every row', async () => {
    sandbox.configure({ latencyMs: 5 });
    const { batch, run, events } = startBatch(history.db, sandbox, sourceRows(400), {
      concurrency: 4,
    });
    while (sandbox.counters().insights < 20) await new Promise((done) => setTimeout(done, 5));
    const lock = await holdHistoryLock(history.dir, 2_000);
    const stalls = stallMeter();
    await expect.poll(() => events.some(waits), { timeout: 5_000, interval: 10 }).toBe(true);
    await lock.released;
    expect(await run.ended).toMatchObject({ state: 'finished', counts: { done: 400 } });
    expect(stalls.stop()).toBeLessThan(1_000);
    const saidWait = events.findIndex(waits);
    expect(
      events.some((event, index) => index > saidWait && event.type === 'progress' && !waits(event)),
    ).toBe(true);
    expect(rowsRepo(history.db).counts(batch.id)).toMatchObject({ pending: 0, inFlight: 0 });
  });

  it('starts once the lock is free; a Pause asked meanwhile ends it paused, nothing sent or lost', async () => {
    const batch = createBatch(history.db, {
      sourceName: 'pedidos.csv',
      sourceSha256: 'f'.repeat(64),
      environment: 'sandbox',
      baseUrl: sandbox.url,
      rows: sourceRows(30),
    });
    const lock = await holdHistoryLock(history.dir, 2_000);
    const stalls = stallMeter();
    const events: BatchEvent[] = [];
    const run = runBatch(batch.id, {
      db: history.db,
      client: sandboxClient(sandbox),
      onEvent: (event) => events.push(event),
    });
    // runBatch came back at once, its start not written yet: the thread is free to take a Pause.
    expect(events).toEqual([]);
    await expect.poll(() => events.some(waits), { timeout: 5_000, interval: 10 }).toBe(true);
    run.pause();
    await lock.released;
    expect(await run.ended).toMatchObject({ state: 'paused', reason: 'user' });
    expect(stalls.stop()).toBeLessThan(1_000);
    expect(events.map((event) => event.type)).toContain('started');
    expect(sandbox.counters().insights).toBe(0);
    expect(rowsRepo(history.db).counts(batch.id)).toMatchObject({
      total: 30,
      pending: 30,
      inFlight: 0,
    });
    expect(batchesRepo(history.db).get(batch.id)?.state).toBe('paused');
  });
});
