import { describe, it, expect } from 'vitest';
import { checkGrid, hasContent, trimRow, trimRows } from './grid';
import { resolveLimits } from './limits';
import type { Cell } from './types';

const t = (text: string): Cell => ({ text, numeric: false });

describe('trimming', () => {
  it('drops trailing empty cells only', () => {
    expect(trimRow([null, t('a'), null, t('b'), null, null])).toEqual([null, t('a'), null, t('b')]);
    expect(trimRow([null, null])).toEqual([]);
  });

  it('drops trailing empty rows only', () => {
    expect(trimRows([[], [t('a')], [], [t('b')], [], []])).toEqual([[], [t('a')], [], [t('b')]]);
  });
});

describe('hasContent', () => {
  it('needs one cell with more than white space', () => {
    expect(hasContent([[], [null, t(' \t')]])).toBe(false);
    expect(hasContent([[], [null, t(' x ')]])).toBe(true);
    expect(hasContent([])).toBe(false);
  });
});

describe('checkGrid', () => {
  const limits = resolveLimits({ maxRows: 3, maxColumns: 2, maxCellChars: 5 });

  it('passes a grid within the limits', () => {
    expect(checkGrid([[t('h')], [t('1')], [t('2')], [t('3')]], 4, limits)).toBeNull();
  });

  it('does not count rows above the header', () => {
    const rows = [[], [], [t('h')], [t('1')], [t('2')], [t('3')]];
    expect(checkGrid(rows, rows.length, limits)).toBeNull();
  });

  it('counts rows that were not kept', () => {
    expect(checkGrid([[t('h')], [t('1')]], 10, limits)).toMatchObject({
      code: 'too_many_rows',
      found: 9,
      limit: 3,
    });
  });

  it('names the first row with too many columns', () => {
    const problem = checkGrid([[t('a')], [t('a'), null, t('c')]], 2, limits);
    expect(problem).toMatchObject({ code: 'too_many_columns', found: 3, limit: 2 });
    expect(problem?.message).toMatch(/^Row 2 has 3 columns/);
  });

  it('names a cell over the size limit', () => {
    const problem = checkGrid([[t('a')], [null, t('123456')]], 2, limits);
    expect(problem).toMatchObject({ code: 'too_large', cell: 'B2', found: 6, limit: 5 });
  });
});
