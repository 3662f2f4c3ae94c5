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
      '2 cells (B2, A4) hold a character that could not be decoded (U+FFFD, or an invisible control): check the file was saved as UTF-8.',
    );
  });

  it('also finds the bytes Windows-1252 leaves undefined, which decode to invisible C1 controls', () => {
    // 0x81 and 0x9D have no character in Windows-1252; the file is not valid UTF-8 either.
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('Pedido;Nome\r\norder-1;Jos'),
      0xe9,
      ...new TextEncoder().encode('\r\norder-2;A'),
      0x81,
      ...new TextEncoder().encode('na\r\n'),
    ]);
    const read = readSpreadsheet(bytes, 'pedidos.csv');
    expect(read.ok && read.value.encoding).toBe('windows-1252');
    if (!read.ok) return;
    expect(replacedCells(read.value.rows)).toEqual({ count: 1, cells: ['B3'] });
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
