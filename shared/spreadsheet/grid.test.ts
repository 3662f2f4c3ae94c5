import { describe, it, expect } from 'vitest';
import { checkGrid, hasContent, headerRowOf, trimRow, trimRows } from './grid';
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
    expect(checkGrid([[t('h')], [t('1')], [t('2')], [t('3')]], 0, limits)).toBeNull();
  });

  it('does not count rows above the header', () => {
    const rows = [[], [], [t('h')], [t('1')], [t('2')], [t('3')]];
    expect(checkGrid(rows, 0, limits)).toBeNull();
  });

  it('counts rows that were not kept', () => {
    expect(checkGrid([[t('h')], [t('1')]], 8, limits)).toMatchObject({
      code: 'too_many_rows',
      found: 9,
      limit: 3,
    });
  });

  // Every import skips them (sourceRowOf, outcomeRowsFrom): the analyst sees 3 rows, not 6.
  it('does not count blank rows between data rows', () => {
    const limits = resolveLimits({ maxRows: 3 });
    const rows = [[t('Pedido')], [t('1')], [], [null, t(' ')], [t('2')], [], [t('3')]];
    expect(checkGrid(rows, 0, limits)).toBeNull();
    expect(checkGrid([...rows, [], [t('4')]], 0, limits)).toMatchObject({ found: 4 });
  });

  it('counts from a header below the 20 rows the import looks through, up to row 100', () => {
    const limits = resolveLimits({ maxRows: 3 });
    const titles = Array.from({ length: 24 }, (_, n) => [t(`Relatório ${n + 1}`)]);
    const rows = [...titles, [t('Pedido'), t('Sessão')], [t('1')], [t('2')], [t('3')]];
    expect(headerRowOf(rows)).toBe(24);
    expect(checkGrid(rows, 0, limits)).toBeNull();
    const deeper = [...Array.from({ length: 100 }, () => [t('Relatório')]), ...rows];
    expect(headerRowOf(deeper)).toBe(0);
  });

  it('prefers a header among the first 20 rows to one below them', () => {
    const rows = [[t('Pedido')], ...Array.from({ length: 30 }, () => [t('x')]), [t('Pedido')]];
    expect(headerRowOf(rows)).toBe(0);
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
