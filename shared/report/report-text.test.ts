import { describe, expect, it } from 'vitest';
import { exclusionReasons, reportText } from './report-text';

describe('reportText: counts of rows left out', () => {
  const en = reportText('en-US');
  const pt = reportText('pt-BR');

  it('agrees with one row and with many, in English', () => {
    expect(en.excluded('repeat', 1)).toBe(
      '1 row repeats a transaction counted once (its reviewed answer, else its latest answer with a score)',
    );
    expect(en.excluded('repeat', 2)).toBe(
      '2 rows repeat a transaction counted once (its reviewed answer, else its latest answer with a score)',
    );
    expect(en.excluded('invalid', 1)).toBe('1 not sent: the import found its fields invalid');
    expect(en.excluded('invalid', 3)).toBe('3 not sent: the import found their fields invalid');
  });

  it('says how many labels a later answer with another device did not score, in both languages', () => {
    expect(en.reviewedEarlier(1)).toMatch(
      /^1 label is scored with the answer that was reviewed; a later answer named another device/,
    );
    expect(en.reviewedEarlier(1_234)).toMatch(/^1,234 labels are scored with the answer/);
    expect(pt.reviewedEarlier(1)).toMatch(/^1 classificação é contada pela resposta revisada/);
    expect(pt.reviewedEarlier(1_234)).toMatch(
      /^1\.234 classificações são contadas pelas respostas revisadas/,
    );
  });

  it('agrees with one row and with many, in Portuguese', () => {
    expect(pt.excluded('no_score', 1)).toBe(
      '1 respondida sem score (204 Sem conteúdo, ou uma resposta que deixou o score de fora)',
    );
    expect(pt.excluded('no_score', 2)).toBe(
      '2 respondidas sem score (204 Sem conteúdo, ou uma resposta que deixou o score de fora)',
    );
    expect(pt.excluded('repeat', 1)).toMatch(/^1 linha repete uma transação/);
    expect(pt.excluded('repeat', 5)).toMatch(/^5 linhas repetem uma transação/);
    // 0 in the plural, as the window and dcdesk write it in Portuguese.
    expect(pt.excluded('repeat', 0)).toMatch(/^0 linhas repetem uma transação/);
    expect(pt.excluded('invalid', 1)).toMatch(/^1 não enviada:/);
    expect(pt.excluded('suspeito', 1)).toBe(
      '1 revisada como Suspeito, deixada de fora pela configuração',
    );
  });

  // `no_score` counts a 204 and a 200 that left the score out (the interface allows it) alike:
  // "2 answered without a score (204 No Content)" of one 204 and one 200 said what did not happen.
  it('does not call every answer without a score a 204', () => {
    expect(en.excluded('no_score', 2)).toBe(
      '2 answered without a score (204 No Content, or an answer that left the score out)',
    );
    expect(en.excluded('no_score', 1)).toBe(
      '1 answered without a score (204 No Content, or an answer that left the score out)',
    );
  });

  it('groups thousands as the locale writes them', () => {
    expect(en.excluded('failed', 12500)).toMatch(/^12,500 looked up/);
    expect(pt.excluded('failed', 12500)).toMatch(/^12\.500 consultadas/);
  });

  it('has both forms of every reason in both languages, each with its count', () => {
    for (const text of [en, pt])
      for (const reason of exclusionReasons) {
        expect(text.excluded(reason, 1)).toMatch(/^1 \S/);
        expect(text.excluded(reason, 7)).toMatch(/^7 \S/);
      }
  });
});

describe('reportText: the AUC interval', () => {
  it('gives the interval, or says why there is none, never one of no width', () => {
    const en = reportText('en-US');
    const pt = reportText('pt-BR');
    expect(en.aucInterval({ aucInterval: [0.833, 0.9534], aucIntervalMissing: null })).toBe(
      '95% interval (DeLong): 0.833 – 0.953',
    );
    expect(pt.aucInterval({ aucInterval: [0.833, 0.9534], aucIntervalMissing: null })).toBe(
      'intervalo de 95% (DeLong): 0,833 – 0,953',
    );
    expect(en.aucInterval({ aucInterval: null, aucIntervalMissing: 'few_cases' })).toBe(
      '95% interval: not estimated, it needs at least 10 fraud and 10 legitimate cases',
    );
    expect(pt.aucInterval({ aucInterval: null, aucIntervalMissing: 'no_spread' })).toMatch(
      /^intervalo de 95%: não estimado, pois os scores separam por completo/,
    );
  });
});

describe('reportText: why a chart is missing', () => {
  const en = reportText('en-US');
  const pt = reportText('pt-BR');

  it('names the class that is missing, with the counts, in both languages', () => {
    expect(en.noCurve({ positive: 5, negative: 0 })).toBe(
      'No curve: it needs both fraud and legitimate cases, and there are 5 fraud cases and 0 legitimate cases.',
    );
    expect(en.noCurve({ positive: 0, negative: 1 })).toBe(
      'No curve: it needs both fraud and legitimate cases, and there are 0 fraud cases and 1 legitimate case.',
    );
    expect(pt.noCurve({ positive: 1, negative: 0 })).toBe(
      'Sem curva: ela precisa de casos de fraude e de casos legítimos, e há 1 caso de fraude e 0 casos legítimos.',
    );
  });

  it('says there are no labelled cases when there are none, and nothing when both classes are there', () => {
    expect(en.noCurve({ positive: 0, negative: 0 })).toBe(
      'No chart: there are no labelled cases with a score.',
    );
    expect(pt.noCurve({ positive: 0, negative: 0 })).toBe(
      'Sem gráfico: não há casos rotulados com score.',
    );
    expect(en.noCurve({ positive: 1, negative: 1 })).toBeNull();
  });
});

describe('reportText: the charts’ summaries', () => {
  it('agrees with one case and with many, in both languages', () => {
    expect(reportText('en-US').rocSummary(0.9, { positive: 1, negative: 3 })).toBe(
      'ROC curve: area 0.900, over 1 fraud case and 3 legitimate cases.',
    );
    expect(reportText('pt-BR').histogramSummary({ positive: 2, negative: 1 }, 1)).toBe(
      'Scores de 2 casos de fraude e 1 caso legítimo em 1 faixa de 0,05.',
    );
  });
});

// A value that is not the extreme is never printed as the extreme: 0.9995 read "100.0%" and an
// AUC of 0.9995 read "1.000", as if every fraud were caught or the separation were perfect.
describe('reportText: shares and statistics near 0 and 1', () => {
  const en = reportText('en-US');
  const pt = reportText('pt-BR');

  it('says "> 99.9%" and "< 0.1%" for shares that would round to the extremes', () => {
    expect(en.percent(0.9995)).toBe('> 99.9%');
    expect(pt.percent(0.9995)).toBe('> 99,9%');
    expect(en.percent(0.0004)).toBe('< 0.1%');
    expect(pt.percent(0.0004)).toBe('< 0,1%');
  });

  it('says "> 0.999" and "< 0.001" for statistics that would round to the extremes', () => {
    expect(en.decimal(0.9995)).toBe('> 0.999');
    expect(pt.decimal(0.9995)).toBe('> 0,999');
    expect(en.decimal(0.0004)).toBe('< 0.001');
    expect(pt.aucInterval({ aucInterval: [0.9991, 0.99996], aucIntervalMissing: null })).toBe(
      'intervalo de 95% (DeLong): 0,999 – > 0,999',
    );
  });

  it('prints the extremes themselves, and the values between, as before', () => {
    expect(en.percent(1)).toBe('100.0%');
    expect(en.percent(0)).toBe('0.0%');
    expect(en.percent(0.9994)).toBe('99.9%');
    expect(en.decimal(1)).toBe('1.000');
    expect(en.decimal(0)).toBe('0.000');
    expect(en.decimal(0.9994)).toBe('0.999');
    expect(en.decimal(null)).toBe('—');
  });
});

// The curves' points are at the answers' own scores: cut to 2 decimals, 0.0031 read "0.00" and
// two points read "1.00", contradicting the score cut-off table.
describe('reportText: the curves’ cut-offs', () => {
  const en = reportText('en-US');
  const pt = reportText('pt-BR');

  it('gives the answers’ 4 decimals, as the locale writes them', () => {
    expect(en.curveCutoffs([0.0031, 0.5, 0.9962, 1])).toEqual([
      '0.0031',
      '0.5000',
      '0.9962',
      '1.0000',
    ]);
    expect(pt.curveCutoffs([0.0031, 0.9962])).toEqual(['0,0031', '0,9962']);
  });

  it('never prints two different cut-offs alike, and keeps the missing one as a dash', () => {
    const labels = en.curveCutoffs([null, 0.99995, 0.99996, 0.99996]);
    expect(labels).toEqual(['—', '0.99995', '0.99996', '0.99996']);
    // Nor a score below 1 as 1, or above 0 as 0.
    expect(en.curveCutoffs([0.00001, 0.5, 0.99999])).toEqual(['0.00001', '0.50000', '0.99999']);
  });
});
