import { describe, expect, it } from 'vitest';
import { base64Within, encodedForms, formSpans, mayHoldEncodedDigits } from './encoded-forms';

const latin1 = (text: string) => Buffer.from(text).toString('latin1');

describe('base64Within', () => {
  it('is written inside the base64 of any text holding the value after that many bytes', () => {
    const value = 'Çenha-secreta-9';
    for (const lead of [0, 1, 2] as const) {
      const inner = base64Within(latin1(value), lead);
      for (const before of ['', 'a', 'ab', 'abc', 'Bearer ', 'Authorization: Bearer '])
        for (const after of ['', 'x', 'xy', '"}']) {
          if (before.length % 3 !== lead) continue;
          const whole = Buffer.from(`${before}${value}${after}`).toString('base64');
          expect(whole, `${before}|${after}`).toContain(inner);
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
    expect(forms.base64).toContain(Buffer.from('xxa?b>c~d').toString('base64url').slice(3, 12));
    expect(encodedForms('abcd', 8).base64).toEqual(['YWJjZA==', 'YWJjZA']);
    expect(encodedForms('ção', 4).hex).toBe(Buffer.from('ção').toString('hex'));
  });
});

describe('mayHoldEncodedDigits', () => {
  it('passes eight digits or more in base64, base64url or hex, wherever they stand', () => {
    for (const digits of ['52998224725', '01310100', '987654321', '00000000', '99999999'])
      for (const before of ['', '{', '{"', '{"c":"'])
        for (const written of [
          Buffer.from(`${before}${digits}"}`).toString('base64'),
          Buffer.from(`${before}${digits}`).toString('base64url'),
          Buffer.from(`${before}${digits}`).toString('hex').toUpperCase(),
        ])
          expect(mayHoldEncodedDigits.test(written), `${before}${digits} ${written}`).toBe(true);
  });

  it('lets the words and hex IDs of an ordinary answer through', () => {
    const answer =
      '{"deviceID":"dev-8585cbb961ce364fb67f","alertQuantity":1,"similarDevices":["dev-f0e4e04b8b99ce72d566"]}';
    expect(mayHoldEncodedDigits.test(answer)).toBe(false);
  });
});

describe('formSpans', () => {
  it('finds every place a form stands', () => {
    expect(formSpans('ab xy ab', ['ab', 'y'])).toEqual([
      [0, 2],
      [6, 8],
      [4, 5],
    ]);
  });
});
