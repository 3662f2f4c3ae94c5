import { describe, expect, it } from 'vitest';
import type { BatchCounts, BatchEvent } from '../../../../shared/batch';
import { listProgress, type ListTimers } from './list-progress';

const counts = (done: number): BatchCounts => ({
  total: 10,
  done,
  ok: done,
  noContent: 0,
  invalid: 0,
  rejected: 0,
  failed: 0,
  remaining: 10 - done,
});
const progress = (batchId: string, done: number): BatchEvent => ({
  type: 'progress',
  batchId,
  counts: counts(done),
  rowsPerSecond: 4,
  etaSeconds: 2,
});

/** Timers run by hand: `elapse` runs the one that is due. */
function handTimers() {
  const due: Array<{ run: () => void; handle: number }> = [];
  let next = 0;
  const timers: ListTimers = {
    set: (run) => {
      next += 1;
      due.push({ run, handle: next });
      return next;
    },
    clear: (handle) => {
      const at = due.findIndex((timer) => timer.handle === handle);
      if (at >= 0) due.splice(at, 1);
    },
  };
  const elapse = () => due.shift()?.run();
  return { timers, elapse, pending: () => due.length };
}

describe('progress on the list of batches', () => {
  it('goes at most once an interval, the last of each batch, and other events at once', () => {
    const applied: BatchEvent[][] = [];
    const { timers, elapse, pending } = handTimers();
    const list = listProgress((events) => applied.push(events), 1_000, timers);
    list.take(progress('a', 1));
    list.take(progress('a', 2));
    list.take(progress('b', 5));
    expect(applied).toEqual([]);
    expect(pending()).toBe(1);
    elapse();
    expect(applied).toEqual([[progress('a', 2), progress('b', 5)]]);

    // A batch that pauses meanwhile: the pause at once, its older progress never after it.
    list.take(progress('a', 3));
    const paused: BatchEvent = {
      type: 'paused',
      batchId: 'a',
      counts: counts(4),
      reason: 'user',
      message: '',
    };
    list.take(paused);
    expect(applied.at(-1)).toEqual([paused]);
    elapse();
    expect(applied).toHaveLength(2);
  });

  it('drops what waits when stopped', () => {
    const applied: BatchEvent[][] = [];
    const { timers, pending } = handTimers();
    const list = listProgress((events) => applied.push(events), 1_000, timers);
    list.take(progress('a', 1));
    list.stop();
    expect(pending()).toBe(0);
    expect(applied).toEqual([]);
  });
});
