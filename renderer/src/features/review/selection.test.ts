import { describe, expect, it } from 'vitest';
import { noSelection, selectRange, selectedTargets, toggleTarget } from './selection';

const target = (seq: number) => ({ batchId: 'b1', seq });

describe('the rows ticked in the queue', () => {
  it('toggles one row on and off, across batches by key', () => {
    const one = toggleTarget(noSelection, target(3));
    expect(selectedTargets(one)).toEqual([target(3)]);
    const other = toggleTarget(one, { batchId: 'b2', seq: 3 });
    expect(other.size).toBe(2);
    expect(toggleTarget(other, target(3)).size).toBe(1);
    expect(toggleTarget(one, target(3), true).size).toBe(1);
  });

  it('ticks a range in either direction, skipping rows not loaded', () => {
    const loaded = (index: number) => (index === 2 ? undefined : target(index + 10));
    const range = selectRange(noSelection, loaded, 4, 1);
    expect(
      selectedTargets(range)
        .map((item) => item.seq)
        .sort(),
    ).toEqual([11, 13, 14]);
  });
});
