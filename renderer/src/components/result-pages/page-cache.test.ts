import { describe, expect, it } from 'vitest';
import type { ResultRow } from '../../../../shared/contract/results';
import { pageOffsets, rowAt } from './page-cache';

describe('pageOffsets', () => {
  it('asks for the first page before anything is known', () => {
    expect(pageOffsets({ start: 0, end: 0 }, 0)).toEqual([0]);
  });

  it('covers the range and the page it is about to reach', () => {
    expect(pageOffsets({ start: 0, end: 20 }, 100_000)).toEqual([0]);
    expect(pageOffsets({ start: 150, end: 170 }, 100_000)).toEqual([0, 200]);
    expect(pageOffsets({ start: 230, end: 250 }, 100_000)).toEqual([0, 200]);
    expect(pageOffsets({ start: 300, end: 320 }, 100_000)).toEqual([200]);
    expect(pageOffsets({ start: 99_980, end: 100_000 }, 100_000)).toEqual([99_800]);
  });

  it('never asks past the last row', () => {
    expect(pageOffsets({ start: 0, end: 30 }, 30)).toEqual([0]);
    expect(pageOffsets({ start: 190, end: 199 }, 199)).toEqual([0]);
  });
});

describe('rowAt', () => {
  const row = (seq: number) => ({ seq }) as ResultRow;
  const pages = new Map([
    [0, [row(1), row(2)]],
    [4, [row(5)]],
  ]);

  it('finds a row in its page, or nothing while the page is missing', () => {
    expect(rowAt(pages, 1, 4)?.seq).toBe(2);
    expect(rowAt(pages, 4, 4)?.seq).toBe(5);
    expect(rowAt(pages, 3, 4)).toBeUndefined();
    expect(rowAt(pages, 9, 4)).toBeUndefined();
  });
});
