import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../shared/result';
import { createRowStoring, rowsPerSlice, type RowSource, type StoreRowsCall } from './row-storing';

/** A source of `count` rows whose lines are their numbers, and whether it was closed. */
function numbered(count: number) {
  const state = { closed: false };
  const source: RowSource = {
    count,
    slice: (from, n) =>
      Promise.resolve(
        new Blob([Array.from({ length: n }, (_, index) => String(from + index + 1)).join('\n')]),
      ),
    close: () => {
      state.closed = true;
    },
  };
  return { source, state };
}

/** A core that keeps the rows it is sent, refusing the slices listed in `refuse` once. */
function core(first: number, refuse: number[] = []) {
  const stored: string[] = Array.from({ length: first }, (_, index) => String(index + 1));
  const calls: Array<{ after: number; rows: number; last: boolean }> = [];
  const storeRows: StoreRowsCall = async ({ after, rows, last }) => {
    const lines = (await rows.text()).split('\n');
    calls.push({ after, rows: lines.length, last });
    if (refuse.includes(calls.length)) {
      refuse.splice(refuse.indexOf(calls.length), 1);
      return fail('db', 'disk full');
    }
    stored.push(...lines.slice(stored.length - after));
    return ok({ stored: stored.length, total: stored.length });
  };
  return { stored, calls, storeRows };
}

async function settled(storing: ReturnType<typeof createRowStoring>, batchId: string) {
  await expect.poll(() => storing.snapshot().get(batchId)?.state).toMatch(/done|failed/);
}

describe('sending a batch rows slice by slice', () => {
  it('sends every row after the first ones, in order, in small slices, then lets them go', async () => {
    const total = rowsPerSlice * 2 + 500;
    const { source, state } = numbered(total);
    const target = core(1_000);
    const settledIds: string[] = [];
    const storing = createRowStoring({
      storeRows: target.storeRows,
      onSettled: (id) => settledIds.push(id),
      pause: () => Promise.resolve(),
    });
    storing.start('b1', source, 1_000);
    await settled(storing, 'b1');
    expect(storing.snapshot().get('b1')).toEqual({ state: 'done', stored: total, total });
    expect(target.stored).toEqual(Array.from({ length: total }, (_, i) => String(i + 1)));
    expect(target.calls.every((call) => call.rows <= rowsPerSlice)).toBe(true);
    expect(target.calls.map((call) => call.last)).toEqual([false, true]);
    expect(state.closed).toBe(true);
    expect(settledIds).toEqual(['b1']);
  });

  it('stops at a refused slice with the core’s reason, and a retry goes on from there', async () => {
    const total = rowsPerSlice * 3;
    const { source, state } = numbered(total);
    const target = core(rowsPerSlice, [2]);
    const storing = createRowStoring({
      storeRows: target.storeRows,
      onSettled: () => undefined,
      pause: () => Promise.resolve(),
    });
    storing.start('b2', source, rowsPerSlice);
    await settled(storing, 'b2');
    expect(storing.snapshot().get('b2')).toEqual({
      state: 'failed',
      stored: rowsPerSlice * 2,
      total,
      error: { code: 'db', message: 'disk full' },
    });
    expect(state.closed).toBe(false);
    storing.retry('b2');
    await settled(storing, 'b2');
    expect(storing.snapshot().get('b2')).toMatchObject({ state: 'done', stored: total });
    expect(target.stored).toHaveLength(total);
    expect(new Set(target.stored).size).toBe(total);
    expect(state.closed).toBe(true);
  });

  it('stops sending when told to, closing the source', async () => {
    const { source, state } = numbered(rowsPerSlice * 3);
    const target = core(rowsPerSlice, [1]);
    const storing = createRowStoring({
      storeRows: target.storeRows,
      onSettled: () => undefined,
      pause: () => Promise.resolve(),
    });
    storing.start('b3', source, rowsPerSlice);
    await settled(storing, 'b3');
    storing.stop('b3');
    expect(storing.snapshot().has('b3')).toBe(false);
    expect(state.closed).toBe(true);
  });
});
