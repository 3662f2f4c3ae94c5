import { describe, expect, it } from 'vitest';
import { listCell } from './list-cell';

describe('listCell', () => {
  it('tells apart items that a space-joined list would run together', () => {
    expect(listCell(['a b', 'c'])).toBe('a b | c');
    expect(listCell(['a', 'b', 'c'])).toBe('a | b | c');
  });

  it('escapes a bar or a backslash inside an item, so no item can forge a separator', () => {
    expect(listCell(['a | b', 'c'])).toBe('a \\| b | c');
    expect(listCell(['a \\', '| b'])).toBe('a \\\\ | \\| b');
    expect(listCell(['a', 'b'])).not.toBe(listCell(['a | b']));
  });

  it('writes numbers as they are and an empty list as an empty cell', () => {
    expect(listCell([0.5, '0,25'])).toBe('0.5 | 0,25');
    expect(listCell([])).toBe('');
  });
});
