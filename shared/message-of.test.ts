import { describe, expect, it } from 'vitest';
import { messageOf } from './message-of';

describe('messageOf', () => {
  it('reads an Error, a string and anything else', () => {
    expect(messageOf(new RangeError('too big'))).toBe('too big');
    expect(messageOf('plain')).toBe('plain');
    expect(messageOf({ code: 'EIO' })).toBe('{"code":"EIO"}');
    expect(messageOf(undefined)).toBe('undefined');
    expect(messageOf(42)).toBe('42');
  });

  it('survives values JSON cannot write', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(messageOf(cyclic)).toBe('[object Object]');
    expect(messageOf(10n)).toBe('10');
  });
});
