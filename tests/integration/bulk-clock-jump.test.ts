/**
 * The wall clock set back in the middle of a run (an NTP correction, the analyst fixing the time)
 * is no wait: the rate, the progress rates and the run's duration are measured on a clock that
 * never goes back. The wall clock only stamps what is stored.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { batchesRepo } from '../../electron/core/store/batches.repo';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { sourceRows, startBatch } from '../support/bulk';
import { tempHistory } from '../support/history';

let sandbox: SandboxHandle;
let history: Awaited<ReturnType<typeof tempHistory>>;

beforeAll(async () => (sandbox = await startSandbox()));
afterAll(() => sandbox.close());
beforeEach(async () => (history = await tempHistory()));
afterEach(() => history.close());

describe('a rate-limited run whose wall clock is set back 10 minutes', () => {
  it('goes on at its rate, with sane progress and duration', async () => {
    let calls = 0;
    // Ten minutes back from the 5th reading on, as the clock is corrected in the middle of the run.
    const wall = () => Date.now() - (++calls >= 5 ? 10 * 60_000 : 0);
    const started = performance.now();
    const { batch, run, events } = startBatch(
      history.db,
      sandbox,
      sourceRows(20),
      { ratePerSecond: 50, concurrency: 2 },
      { now: wall, progressIntervalMs: 0 },
    );
    const stop = setTimeout(() => run.cancel(), 5000);
    const end = await run.ended;
    clearTimeout(stop);
    expect(end.state).toBe('finished');
    expect(performance.now() - started).toBeLessThan(3000);
    for (const event of events) {
      if (event.type === 'progress') expect(event.rowsPerSecond).toBeGreaterThanOrEqual(0);
      if (event.type === 'finished') expect(event.elapsedMs).toBeGreaterThan(0);
    }
    // What is stored is stamped by the wall clock, as it reads after the correction.
    const stored = batchesRepo(history.db).get(batch.id);
    expect(Date.parse(stored?.updatedAt ?? '')).toBeLessThan(Date.now() - 9 * 60_000);
  }, 15_000);
});
