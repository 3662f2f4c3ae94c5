import { describe, expect, it } from 'vitest';
import type { BatchEvent } from './progress';
import { runWaits } from './run-waits';

const counts = {
  total: 10,
  done: 2,
  ok: 2,
  noContent: 0,
  invalid: 0,
  rejected: 0,
  failed: 0,
  remaining: 8,
};
const progress: BatchEvent = {
  type: 'progress',
  batchId: 'b1',
  counts,
  rowsPerSecond: 0,
  etaSeconds: null,
};

describe('runWaits', () => {
  it('tells the history wait with every progress while it lasts, and each change once', () => {
    const waits = runWaits(() => 0);
    expect(waits.history(true)).toBe(true);
    expect(waits.history(true)).toBe(false);
    expect(waits.told(progress)).toEqual({ ...progress, historyWait: true });
    expect(waits.history(false)).toBe(true);
    expect(waits.told(progress)).toEqual(progress);
  });

  it('tells the service’s wait with the seconds left, both waits together, and neither once over', () => {
    let now = 0;
    const waits = runWaits(() => now);
    expect(waits.service(429, 30_000)).toBe(true);
    // A shorter wait asked meanwhile changes nothing.
    expect(waits.service(503, 1_000)).toBe(false);
    waits.history(true);
    now = 10_500;
    expect(waits.told(progress)).toEqual({
      ...progress,
      serviceWait: { status: 429, seconds: 20 },
      historyWait: true,
    });
    now = 30_000;
    waits.history(false);
    expect(waits.told(progress)).toEqual(progress);
    expect(waits.told({ type: 'started', batchId: 'b1', counts })).toEqual({
      type: 'started',
      batchId: 'b1',
      counts,
    });
  });
});
