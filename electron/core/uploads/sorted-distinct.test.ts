import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sortedDistinct } from './sorted-distinct';

describe('sortedDistinct', () => {
  it('gives each text once, in order', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 3 }), { maxLength: 200 }), (texts) => {
        expect(sortedDistinct([...texts])).toEqual([...new Set(texts)].sort());
      }),
    );
  });
});
