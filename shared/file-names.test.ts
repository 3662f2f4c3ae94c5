import { describe, expect, it } from 'vitest';
import { maxStemBytes, shortStem } from './file-names';

const bytes = (text: string) => new TextEncoder().encode(text).length;

describe('shortStem', () => {
  it('keeps a name that fits, and cuts a long one between characters', () => {
    expect(shortStem('pedidos março')).toBe('pedidos março');
    const long = 'ç'.repeat(100) + '🙂'.repeat(100);
    const cut = shortStem(long);
    expect(bytes(cut)).toBeLessThanOrEqual(maxStemBytes);
    expect(long.startsWith(cut)).toBe(true);
    expect(cut).not.toMatch(/[\uD800-\uDBFF]$/);
    expect(shortStem('a'.repeat(148) + ' . x')).toBe('a'.repeat(148));
  });
});
