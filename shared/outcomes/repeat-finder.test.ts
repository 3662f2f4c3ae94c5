import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { repeatFinder } from './repeat-finder';

const anyRepeat = (ids: string[], hash?: (id: string) => number) => {
  const finder = repeatFinder(hash);
  for (const id of ids) finder.add(id);
  return finder.anyRepeat();
};

describe('repeatFinder', () => {
  it('says what a Set says, for any list of IDs', () => {
    // A small alphabet and short IDs: repeats are common, and so are IDs that differ by a unit.
    const id = fc.string({
      unit: fc.constantFrom('a', 'b', 'A', 'é', '\u{1F600}', ' '),
      maxLength: 4,
    });
    fc.assert(
      fc.property(fc.array(id, { maxLength: 3000 }), (ids) => {
        const repeats = new Set(ids).size !== ids.length;
        expect(anyRepeat(ids)).toBe(repeats);
        // Hashes that meet by chance (here: always, or by length) are told apart as text.
        expect(anyRepeat(ids, () => 7)).toBe(repeats);
        expect(anyRepeat(ids, (text) => text.length)).toBe(repeats);
      }),
      { numRuns: 300 },
    );
  });

  it('finds one repeat among many distinct IDs, wherever it is', () => {
    const ids = Array.from({ length: 5000 }, (_, at) => `TX-${String(at)}`);
    expect(anyRepeat(ids)).toBe(false);
    expect(anyRepeat([...ids, 'TX-0'])).toBe(true);
    expect(anyRepeat(['TX-4999', ...ids])).toBe(true);
    expect(anyRepeat([])).toBe(false);
    expect(anyRepeat([''])).toBe(false);
    expect(anyRepeat(['', ''])).toBe(true);
  });
});
