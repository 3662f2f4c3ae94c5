import { describe, expect, it } from 'vitest';
import { excelCellChars, fitExcelCell } from './cell-limit';
import { listCell } from './list-cell';

describe('fitExcelCell', () => {
  it('leaves a cell that fits as it is', () => {
    const full = 'x'.repeat(excelCellChars);
    expect(fitExcelCell(full)).toEqual({ text: full, cut: false });
  });

  it('cuts a list where an item ends and says how many items are left out', () => {
    const devices = Array.from(
      { length: 2000 },
      (_, n) => `dev-similar-${String(n).padStart(8, '0')}`,
    );
    const { text, cut } = fitExcelCell(listCell(devices));
    expect(cut).toBe(true);
    expect(text.length).toBeLessThanOrEqual(excelCellChars);
    const match = / … \((\d+) more, see the CSV export\)$/.exec(text);
    const kept = text.slice(0, match?.index).split(' | ');
    // Every item kept is whole, and the count names exactly the others.
    expect(kept).toEqual(devices.slice(0, kept.length));
    expect(Number(match?.[1])).toBe(devices.length - kept.length);
  });

  it('writes the mark in Portuguese when asked', () => {
    const { text } = fitExcelCell(
      listCell(Array.from({ length: 5000 }, () => 'abcdefgh')),
      'pt-BR',
    );
    expect(text).toMatch(/ … \(mais \d+, veja a exportação em CSV\)$/);
  });

  it('cuts one long item at a character, never inside a surrogate pair, and counts what is left', () => {
    const text = '😀'.repeat(20_000);
    const fitted = fitExcelCell(text);
    expect(fitted.text.length).toBeLessThanOrEqual(excelCellChars);
    const match = / … \((\d+) more characters, see the CSV export\)$/.exec(fitted.text);
    const kept = fitted.text.slice(0, match?.index);
    expect(kept).toBe('😀'.repeat(kept.length / 2));
    expect(kept.length + Number(match?.[1])).toBe(text.length);
  });
});
