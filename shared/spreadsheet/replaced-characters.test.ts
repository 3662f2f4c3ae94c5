import { describe, expect, it } from 'vitest';
import { readSpreadsheet } from './read';
import { describeReplacedCells, replacedCells } from './replaced-characters';

describe('replacedCells', () => {
  it('finds the cells where decoding put U+FFFD, by their spreadsheet name', () => {
    // A byte order mark says UTF-8; 0xE3 alone (Windows-1252 "ã") is not UTF-8 and becomes U+FFFD.
    const bytes = new Uint8Array([
      ...[0xef, 0xbb, 0xbf],
      ...new TextEncoder().encode('Pedido,Nome\r\norder-1,Jo'),
      0xe3,
      ...new TextEncoder().encode('o\r\norder-2,Ana\r\nord'),
      0xff,
      ...new TextEncoder().encode('er-3,Rui\r\n'),
    ]);
    const read = readSpreadsheet(bytes, 'pedidos.csv');
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const found = replacedCells(read.value.rows);
    expect(found).toEqual({ count: 2, cells: ['B2', 'A4'] });
    expect(describeReplacedCells(found)).toBe(
      '2 cells (B2, A4) hold U+FFFD, the mark of a character that could not be decoded: check the file was saved as UTF-8.',
    );
  });

  it('lists at most ten cells but counts them all, and finds none in clean text', () => {
    const rows = Array.from({ length: 12 }, () => [{ text: 'a\ufffd', numeric: false }]);
    expect(replacedCells(rows)).toMatchObject({ count: 12 });
    expect(replacedCells(rows).cells).toHaveLength(10);
    expect(replacedCells([[{ text: 'João', numeric: false }, null]])).toEqual({
      count: 0,
      cells: [],
    });
  });
});
