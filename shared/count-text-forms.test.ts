import { describe, expect, it } from 'vitest';
import { counted, pluralForm } from './count-text';

describe('plural forms', () => {
  it('says 1 row and 0 or 2 rows in English', () => {
    expect([0, 1, 2, 1000].map((n) => counted(n, 'row', 'rows'))).toEqual([
      '0 rows',
      '1 row',
      '2 rows',
      '1,000 rows',
    ]);
  });

  it('says 1 linha and 0 or 2 linhas in Portuguese, as the window does', () => {
    const forms = { one: 'linha', other: 'linhas' };
    expect([0, 1, 2].map((n) => pluralForm(n, forms, 'pt-BR'))).toEqual([
      'linhas',
      'linha',
      'linhas',
    ]);
  });
});
