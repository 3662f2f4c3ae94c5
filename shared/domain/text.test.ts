import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasControlCharacters, hasUnsafeCharacters } from './text';

const bidi = [
  0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069,
];

/** The rule, one UTF-16 unit at a time. */
function unsafe(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || bidi.includes(code)) return true;
  }
  return false;
}

describe('hasUnsafeCharacters', () => {
  it('finds every control and direction character, and nothing else', () => {
    const near = fc.constantFrom(
      ...[0x00, 0x09, 0x0a, 0x1f, 0x20, 0x7e, 0x7f, 0x9f, 0xa0, 0x061b, 0x200d, 0x2010]
        .concat(bidi)
        .map((code) => String.fromCharCode(code)),
    );
    const text = fc.oneof(
      fc.string({ unit: fc.oneof(near, fc.constantFrom('a', 'ç', '🙂', '-')) }),
      fc.string({ unit: 'binary' }),
    );
    fc.assert(fc.property(text, (value) => hasUnsafeCharacters(value) === unsafe(value)));
  });

  it('agrees with hasControlCharacters on the controls', () => {
    expect(hasUnsafeCharacters('dev\u0000C')).toBe(hasControlCharacters('dev\u0000C'));
    expect(hasUnsafeCharacters('abc\u202Edcba')).toBe(true);
    expect(hasUnsafeCharacters('pedido-ção-1')).toBe(false);
  });
});
