import { describe, expect, it } from 'vitest';
import { base64Within, encodedForms } from './encoded-forms';

describe('base64Within', () => {
  it('is written inside the base64 of any text holding the value after that many bytes', () => {
    const value = Buffer.from('Çenha-secreta-9');
    for (const lead of [0, 1, 2] as const) {
      const inner = base64Within(value, lead, 'base64');
      for (const before of ['', 'a', 'ab', 'abc', 'Bearer ', 'Authorization: Bearer '])
        for (const after of ['', 'x', 'xy', '"}']) {
          if (before.length % 3 !== lead) continue;
          const whole = Buffer.concat([Buffer.from(before), value, Buffer.from(after)]);
          expect(whole.toString('base64'), `${before}|${after}`).toContain(inner);
        }
      // Only the characters the value's 128 bits alone decide, neighbours' bits left out.
      expect(inner.length).toBe([21, 20, 21][lead]);
    }
  });
});

describe('encodedForms', () => {
  it('gives base64 alone and at each alignment, in both alphabets, and lower-case hex', () => {
    const forms = encodedForms('a?b>c~d', 4);
    expect(forms.hex).toBe('613f623e637e64');
    expect(forms.base64).toContain('YT9iPmN+ZA==');
    expect(forms.base64).toContain('YT9iPmN-ZA');
    expect(forms.base64).toContain(base64Within(Buffer.from('a?b>c~d'), 2, 'base64url'));
    expect(encodedForms('abcd', 8).base64).toEqual(['YWJjZA==', 'YWJjZA']);
  });
});
