import { describe, expect, it } from 'vitest';
import { formatDuration, percentDone } from './format-duration';

describe('formatDuration', () => {
  it('shows the two largest units', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(42.4)).toBe('42 s');
    expect(formatDuration(75)).toBe('1 min 15 s');
    expect(formatDuration(3725)).toBe('1 h 02 min');
    expect(formatDuration(-3)).toBe('0 s');
  });
});

describe('percentDone', () => {
  it('reaches 100 only when every row is done', () => {
    expect(percentDone(0, 0)).toBe(0);
    expect(percentDone(999, 1000)).toBe(99);
    expect(percentDone(1000, 1000)).toBe(100);
    expect(percentDone(1, 3)).toBe(33);
  });
});
