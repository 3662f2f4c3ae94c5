import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasControlCharacters, hasUnsafeCharacters, shown, unsafeCodePoints } from './text';

const bidi = [
  0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069,
];

/**
 * Characters that draw nothing: the zero-width space, joiners and word joiner, the soft hyphen,
 * the byte-order mark, a variation selector, the combining grapheme joiner, a Hangul filler,
 * invisible operators, a tag character and a supplementary variation selector.
 */
const invisible = [
  0x00ad, 0x034f, 0x180e, 0x200b, 0x200c, 0x200d, 0x2060, 0x2061, 0x2064, 0x3164, 0xfe00, 0xfe0f,
  0xfeff, 0xe0041, 0xe0100,
];

/** U+FFFD, what a decoder writes for bytes it could not read: the character that was there is lost. */
const replacement = 0xfffd;

/** The rule, one code point at a time, from the lists above. */
function unsafe(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
    if (bidi.includes(code) || invisible.includes(code) || code === replacement) return true;
  }
  return false;
}

describe('hasUnsafeCharacters', () => {
  it('finds every control, direction and invisible character, and nothing else', () => {
    const near = fc.constantFrom(
      ...[0x00, 0x09, 0x0a, 0x1f, 0x20, 0x7e, 0x7f, 0x9f, 0xa0, 0x061b, 0x2010, 0x200a]
        .concat(bidi, invisible, [replacement])
        .map((code) => String.fromCodePoint(code)),
    );
    const text = fc.oneof(
      fc.string({ unit: fc.oneof(near, fc.constantFrom('a', 'ç', '🙂', '-')) }),
      fc.string({ unit: 'binary' }).filter((value) => !Array.from(value).some(isUnlisted)),
    );
    fc.assert(fc.property(text, (value) => hasUnsafeCharacters(value) === unsafe(value)));
  });

  it('agrees with hasControlCharacters on the controls', () => {
    expect(hasUnsafeCharacters('dev\u0000C')).toBe(hasControlCharacters('dev\u0000C'));
    expect(hasUnsafeCharacters('abc\u202Edcba')).toBe(true);
    expect(hasUnsafeCharacters('pedido-ção-1')).toBe(false);
  });
});

/**
 * The binary strings above may hold any code point; those of the unsafe class that the lists do not
 * name (the rarer format characters, the unassigned ignorables) are left to the named tests below.
 */
function isUnlisted(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (
    /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u.test(char) &&
    ![...bidi, ...invisible].includes(code)
  );
}

describe('invisible characters', () => {
  it('refuses the characters that make an ID look like another', () => {
    for (const id of [
      'PED\u200B000001',
      'PED\u00AD000001',
      'PED\u200C000001',
      'PED\u200D000001',
      'PED\u2060000001',
      '\uFEFFPED000001',
      'PED000001\uFE0F',
      'PED000001\u{E0041}',
      'PED000001\u{E0100}',
      // A character lost in decoding: the ID the case system holds has the letter that was there.
      'PED-S\uFFFDO-01',
    ]) {
      expect(hasUnsafeCharacters(id), JSON.stringify(id)).toBe(true);
    }
  });

  it('takes letters with accents, spaces, emoji and other scripts', () => {
    for (const id of ['pedido-ção-1', 'PED 000 001', 'ped🙂1', 'ped\u00A01', 'заказ-1', '注文-1']) {
      expect(hasUnsafeCharacters(id), id).toBe(false);
    }
  });

  it('names what it found by code point, each once', () => {
    expect(unsafeCodePoints('a\u200Bb\u00ADc\u200Bd\u{E0100}')).toEqual([
      'U+200B',
      'U+00AD',
      'U+E0100',
    ]);
    expect(unsafeCodePoints('plain')).toEqual([]);
  });

  it('shows them escaped, as JSON escapes them, a supplementary one as its two units', () => {
    expect(shown('PED\u200B1\u00AD2\uFEFF3')).toBe('PED\\u200b1\\u00ad2\\ufeff3');
    expect(shown('PED1\u{E0100}')).toBe('PED1\\udb40\\udd00');
    expect(shown('a\nb\u202Ec\u2028')).toBe('a\\u000ab\\u202ec\\u2028');
    expect(shown('João 🙂')).toBe('João 🙂');
  });
});
