import { describe, expect, it } from 'vitest';
import { fflateDeflater, type Deflater } from '../../../shared/outcomes/zip-one';
import { gatheredDeflater } from './gathered-deflater';

/** fflate's deflater, noting the size of each piece it is given. */
function noting(sizes: number[]): Deflater {
  return () => {
    const inner = fflateDeflater();
    return {
      push(piece) {
        sizes.push(piece.length);
        inner.push(piece);
      },
      end: () => inner.end(),
    };
  };
}

describe('gatheredDeflater', () => {
  it('gives the pieces gathered to at least the size asked, the rest at the end, the same deflate', async () => {
    // 3 to 12 bytes: 3+…+7, 8+9+10, then 11+12 at the end.
    const pieces = Array.from({ length: 10 }, (_, n) => new Uint8Array(3 + n).fill(65 + n));
    const sizes: number[] = [];
    const gathered = gatheredDeflater(noting(sizes), 20)();
    const plain = fflateDeflater();
    for (const piece of pieces) {
      gathered.push(piece);
      plain.push(piece);
    }
    expect(await gathered.end()).toEqual(await plain.end());
    expect(sizes).toEqual([25, 27, 23]);
  });

  it('gives nothing more at the end when nothing is left', async () => {
    const sizes: number[] = [];
    const gathered = gatheredDeflater(noting(sizes), 4)();
    gathered.push(new Uint8Array(4));
    await gathered.end();
    expect(sizes).toEqual([4]);
  });
});
