import { describe, expect, it } from 'vitest';
import { resolveCursor } from './cursor';

const keys =
  (...list: string[]) =>
  (index: number) =>
    list[index];

describe('the current row of the queue', () => {
  it('stays where it is while its row is there', () => {
    expect(resolveCursor({ index: 1, key: 'b' }, keys('a', 'b', 'c'), 3)).toBe(1);
  });

  it('follows its row when the rows before it left the list', () => {
    // "a" was reviewed in the "not reviewed" queue and left; "c" was current.
    expect(resolveCursor({ index: 2, key: 'c' }, keys('b', 'c', 'd'), 3)).toBe(1);
  });

  it('keeps its position when its own row left, so the next row takes its place', () => {
    expect(resolveCursor({ index: 1, key: 'b' }, keys('a', 'c', 'd'), 3)).toBe(1);
  });

  it('stays inside a list that shrank, and is -1 in an empty one', () => {
    expect(resolveCursor({ index: 5, key: null }, keys('a', 'b'), 2)).toBe(1);
    expect(resolveCursor({ index: 0, key: 'a' }, keys(), 0)).toBe(-1);
  });
});
