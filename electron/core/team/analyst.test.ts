import { describe, expect, it } from 'vitest';
import { cleanName, pulledName } from './analyst';

describe('an analyst name', () => {
  it('loses every character no one can see, so it cannot pass for a colleague', () => {
    for (const forged of [
      'Ana Lima\u200b',
      'Ana\u00adLima'.replace('\u00ad', ' \u00ad'),
      '\ufeffAna Lima',
      'Ana Lima\u2060',
      'Ana Lima\ufe0f',
    ])
      expect(cleanName(forged), JSON.stringify(forged)).toBe('Ana Lima');
    // Written with its accents apart (NFD), a name is the one written with them joined.
    expect(cleanName('Joa\u0303o Souza')).toBe('João Souza');
  });

  it("shows a colleague's name that holds one escaped, so it never reads as another's", () => {
    expect(pulledName('Ana Lima\u200b')).toBe('Ana Lima\\u200b');
    expect(pulledName('Ana Lima')).toBe('Ana Lima');
    expect(pulledName('Ana\nLima')).toBe('Ana\\u000aLima');
  });
});
