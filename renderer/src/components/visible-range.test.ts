import { describe, expect, it } from 'vitest';
import { visibleRange } from './visible-range';

describe('visibleRange', () => {
  it('renders the rows in view plus a few around them', () => {
    expect(visibleRange(0, 400, 40, 100_000, 4)).toEqual({ start: 0, end: 15 });
    expect(visibleRange(4_000, 400, 40, 100_000, 4)).toEqual({ start: 96, end: 115 });
  });

  it('stays within the list', () => {
    expect(visibleRange(0, 400, 40, 3)).toEqual({ start: 0, end: 3 });
    expect(visibleRange(1_000_000, 400, 40, 100)).toEqual({ start: 85, end: 100 });
    expect(visibleRange(-50, 400, 40, 100, 0)).toEqual({ start: 0, end: 11 });
    expect(visibleRange(0, 400, 40, 0)).toEqual({ start: 0, end: 0 });
  });
});
