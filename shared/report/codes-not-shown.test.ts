import { describe, expect, it } from 'vitest';
import { reportText } from './report-text';

const code = {
  code: 'DEV0001',
  rows: 40,
  fraud: 4,
  fraudRate: 0.1,
  lift: 1,
  interval: [0.04, 0.23] as [number, number],
  small: false,
};
const report = (shown: number, codes: number, fewRows: number) => ({
  insightCodes: Array.from({ length: shown }, () => code),
  insightCodesNotShown: { codes, fewRows },
});

describe('reportText: the codes the table leaves out', () => {
  it('says nothing when the table lists every code', () => {
    expect(reportText('en-US').codesNotShown(report(3, 0, 0))).toBeNull();
    expect(reportText('pt-BR').codesNotShown(report(3, 0, 0))).toBeNull();
  });

  it('counts them in the locale’s plurals and groups, with the rule and how to see them all', () => {
    expect(reportText('en-US').codesNotShown(report(25, 92_010, 91_990))).toBe(
      '92,010 more insight codes are not shown (91,990 of them are on fewer than 30 labelled rows). The table lists the codes on the most labelled rows, up to 25, each on 30 or more. Every code: dcdesk report --json, or --all-codes with its text or --html page.',
    );
    expect(reportText('pt-BR').codesNotShown(report(25, 92_010, 91_990))).toBe(
      '92.010 códigos de insight a mais não aparecem (91.990 deles estão em menos de 30 linhas rotuladas). A tabela lista os códigos com mais linhas rotuladas, até 25, cada um com 30 ou mais. Todos os códigos: dcdesk report --json, ou --all-codes no texto ou na página --html.',
    );
  });

  it('on screen, names the CSV button as the way to every code', () => {
    expect(reportText('en-US').codesNotShown(report(25, 30, 0), 'screen')).toMatch(
      / Every code: Save every code as CSV \(above\), or dcdesk report --json\.$/,
    );
    expect(reportText('pt-BR').codesNotShown(report(25, 30, 0), 'screen')).toMatch(
      / Todos os códigos: Salvar todos os códigos em CSV \(acima\), ou dcdesk report --json\.$/,
    );
  });

  it('agrees with one code, and leaves out "more" when the table lists none', () => {
    expect(reportText('en-US').codesNotShown(report(25, 1, 1))).toMatch(
      /^1 more insight code is not shown \(1 of them is on fewer than 30 labelled rows\)\. /,
    );
    expect(reportText('pt-BR').codesNotShown(report(25, 1, 0))).toMatch(
      /^1 código de insight a mais não aparece\. A tabela/,
    );
    expect(reportText('en-US').codesNotShown(report(0, 26, 26))).toMatch(
      /^26 insight codes are not shown \(26 of them are on/,
    );
    expect(reportText('pt-BR').codesNotShown(report(0, 26, 26))).toMatch(
      /^26 códigos de insight não aparecem \(26 deles estão em/,
    );
  });
});
