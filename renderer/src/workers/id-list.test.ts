import { describe, expect, it } from 'vitest';
import { idLines } from '../../../shared/contract/id-lines';
import fc from 'fast-check';
import { idList, idPieces, withMore } from './id-list';

describe('id lists', () => {
  it('round-trips IDs through one text and keys each list by its content', () => {
    const list = idList(['PED-1', 'PED-2']);
    expect(idLines(list.text)).toEqual(['PED-1', 'PED-2']);
    expect(list.count).toBe(2);
    expect(idList(['PED-1', 'PED-2']).key).toBe(list.key);
    expect(idList(['PED-1', 'PED-3']).key).not.toBe(list.key);
    expect(idList(['PED-1PED-2']).key).not.toBe(list.key);
    expect(idLines(idList([]).text)).toEqual([]);
  });

  it('adds a few IDs without changing the list it adds to', () => {
    const base = idList(['PED-1']);
    expect(withMore(base, [])).toBe(base);
    const more = withMore(base, ['PED-9']);
    expect(idLines(more.text)).toEqual(['PED-1', 'PED-9']);
    expect(more.count).toBe(2);
    expect(more.key).not.toBe(base.key);
    expect(idLines(withMore(idList([]), ['PED-9']).text)).toEqual(['PED-9']);
    expect(base.text).toBe('PED-1');
  });
});

describe('idPieces', () => {
  it('cuts a list at line feeds only, every ID kept once and whole, pieces near the size', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[A-Za-z0-9-]{1,40}$/), { maxLength: 300 }),
        fc.integer({ min: 1, max: 200 }),
        (ids, maxChars) => {
          const pieces = idPieces(idList(ids).text, maxChars);
          expect(pieces.flatMap((piece) => piece.split('\n'))).toEqual(ids);
          for (const piece of pieces) {
            expect(piece).not.toBe('');
            // Longer than the size only when it is a single ID.
            if (piece.length > maxChars) expect(piece).not.toContain('\n');
          }
        },
      ),
    );
  });

  it('gives no piece for no IDs', () => {
    expect(idPieces('')).toEqual([]);
  });
});
