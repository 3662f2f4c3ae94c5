import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/translate';
import { runSplit, runSummary } from './run-summary';

const en = translate('en');
const pt = translate('pt-BR');

describe('the run summary', () => {
  it('counts every valid row as looked up when nothing is skipped', () => {
    expect(runSplit(4200, 1200, false)).toEqual({ lookedUp: 4200, reused: 0 });
    expect(runSummary(en, runSplit(4200, 1200, false), 7)).toBe(
      '4,200 rows will be looked up; rows with problems are kept unsent.',
    );
  });

  it('says how many are looked up and how many reuse stored answers once "Skip them" is ticked', () => {
    const split = runSplit(4200, 1200, true);
    expect(split).toEqual({ lookedUp: 3000, reused: 1200 });
    expect(runSummary(en, split, 7)).toBe(
      '3,000 rows will be looked up; 1,200 reuse answers stored in the last 7 days. Rows with problems are kept unsent.',
    );
    expect(runSummary(pt, split, 7)).toBe(
      '3.000 linhas serão consultadas; 1.200 reaproveitam respostas guardadas nos últimos 7 dias. As linhas com problemas ficam guardadas sem envio.',
    );
  });

  it('writes singular forms for one row, and says so when every row is reused', () => {
    expect(runSummary(en, runSplit(1, 1, true), 1)).toBe(
      '0 rows will be looked up; 1 reuses the answer stored in the last day. Rows with problems are kept unsent.',
    );
    expect(runSummary(en, { lookedUp: 0, reused: 0 }, 7)).toBe(
      'There are no valid rows to look up.',
    );
  });
});
