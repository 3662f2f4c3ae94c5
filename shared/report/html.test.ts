import { describe, expect, it } from 'vitest';
import { reportHtml } from './html';
import { scoreReport, type ReportCase } from './report';

function cases(): ReportCase[] {
  const list: ReportCase[] = [];
  for (let i = 0; i < 200; i += 1) {
    const fraud = i % 10 === 0;
    list.push({
      score: fraud ? 0.6 + (i % 7) / 20 : (i % 13) / 20,
      risk: fraud ? 'high' : 'low',
      insights: fraud ? ['DEV0001', '<img src=x onerror=alert(1)>'] : ['GER0002'],
      alertQuantity: i % 6,
      deviceAge: i * 10,
      review: fraud ? 'Fraude Confirmada' : null,
    });
  }
  return list;
}

const report = scoreReport(cases(), { suspeito: 'fraud', unreviewed: 'legit' });
const meta = {
  environment: 'sandbox',
  batch: 'b-1',
  generatedAt: new Date('2026-11-23T12:00:00Z'),
};

describe('reportHtml', () => {
  it('says how many labels were scored with a reviewed answer a later one differs from', () => {
    const english = reportHtml({ ...report, reviewedEarlier: 3 }, { ...meta, locale: 'en-US' });
    expect(english).toContain(
      '3 labels are scored with the answer that was reviewed; a later answer named another device',
    );
    const portuguese = reportHtml({ ...report, reviewedEarlier: 1 }, { ...meta, locale: 'pt-BR' });
    expect(portuguese).toContain('1 classificação é contada pela resposta revisada');
    expect(reportHtml(report, { ...meta, locale: 'en-US' })).not.toContain(
      'answer that was reviewed',
    );
  });

  it('is one self-contained page: no script, no external resource', () => {
    // The escaped hostile code is text, not markup: take it out before looking for markup.
    const html = reportHtml(report, { ...meta, locale: 'en-US' }).replaceAll(
      '&#60;img src=x onerror=alert(1)&#62;',
      '',
    );
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toMatch(/<script|<link|<img|<iframe|\bsrc=|url\(/i);
    expect(html).toMatch(/Content-Security-Policy" content="default-src 'none'/);
    expect(html.match(/<svg /g)).toHaveLength(3);
  });

  it('escapes text from the service', () => {
    const html = reportHtml(report, { ...meta, locale: 'en-US' });
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;');
  });

  it('speaks English and Portuguese, with the locale’s numbers', () => {
    const english = reportHtml(report, { ...meta, locale: 'en-US' });
    const portuguese = reportHtml(report, { ...meta, locale: 'pt-BR' });
    expect(english).toContain('Area under the ROC curve');
    expect(english).toContain(`<strong>${(report.auc ?? 0).toFixed(3)}</strong>`);
    expect(portuguese).toContain('Área sob a curva ROC');
    expect(portuguese).toContain(
      `<strong>${(report.auc ?? 0).toFixed(3).replace('.', ',')}</strong>`,
    );
    expect(portuguese).toContain('<html lang="pt-BR">');
  });

  it('says why there is no area when a class is empty', () => {
    const onlyLegit = scoreReport([{ ...cases()[1], review: null } as ReportCase], {
      suspeito: 'fraud',
      unreviewed: 'legit',
    });
    expect(reportHtml(onlyLegit, { ...meta, locale: 'en-US' })).toContain(
      'No area: the report needs both fraud and legitimate cases.',
    );
  });

  it('names the environment as the screen does, not by its internal key', () => {
    const named = (environment: string, locale: 'en-US' | 'pt-BR') =>
      /<p class="meta">([^·]*)·/.exec(reportHtml(report, { ...meta, environment, locale }))?.[1];
    expect(named('production', 'en-US')).toBe('Environment Production ');
    expect(named('production', 'pt-BR')).toBe('Ambiente Produção ');
    expect(named('test', 'pt-BR')).toBe('Ambiente Homologação ');
    expect(named('sandbox', 'en-US')).toBe('Environment Sandbox ');
    expect(named('https://dc.example.com', 'en-US')).toBe('Environment https://dc.example.com ');
  });

  it('names each chart by its summary and gives its points in a table, as the screen does', () => {
    const english = reportHtml(report, { ...meta, locale: 'en-US' });
    const auc = (report.auc ?? 0).toFixed(3);
    const rocSummary = `ROC curve: area ${auc}, over 20 fraud cases and 180 legitimate cases.`;
    expect(english).toContain(`aria-label="${rocSummary}"`);
    expect(english).toContain(
      `aria-label="Precision and recall: average precision ${(report.averagePrecision ?? 0).toFixed(3)}."`,
    );
    expect(english).toContain('aria-label="Scores of 20 fraud cases and 180 legitimate cases in');
    // The points, one row each, behind "Show the numbers".
    const rocTable =
      /<details><summary>Show the numbers<\/summary><table><caption>ROC curve<\/caption>(.*?)<\/table><\/details>/.exec(
        english,
      );
    expect(rocTable?.[1]?.match(/<tr>/g)).toHaveLength(report.roc.length + 1);
    expect(english).toMatch(
      /<details><summary>Show the numbers<\/summary><table><caption>Precision and recall<\/caption>/,
    );
    const portuguese = reportHtml(report, { ...meta, locale: 'pt-BR' });
    expect(portuguese).toContain('<summary>Mostrar os números</summary>');
    expect(portuguese).toContain(
      `aria-label="Curva ROC: área ${auc.replace('.', ',')}, sobre 20 casos de fraude e 180 casos legítimos."`,
    );
  });

  it('draws no empty curves for one class, and says why in their place', () => {
    const onlyFraud = scoreReport(
      cases().filter((c) => c.review !== null),
      { suspeito: 'fraud', unreviewed: 'exclude' },
    );
    const english = reportHtml(onlyFraud, { ...meta, locale: 'en-US' });
    expect(english).not.toContain('aria-label="ROC curve"');
    expect(english).not.toContain('aria-label="Precision and recall"');
    const why =
      'No curve: it needs both fraud and legitimate cases, and there are 20 fraud cases and 0 legitimate cases.';
    expect(english.split(why)).toHaveLength(3);
    expect(reportHtml(onlyFraud, { ...meta, locale: 'pt-BR' })).toContain(
      'Sem curva: ela precisa de casos de fraude e de casos legítimos, e há 20 casos de fraude e 0 casos legítimos.',
    );
  });
});

describe('reportHtml: what was left out', () => {
  // One row of each: a failed lookup, an answer without a score, a repeat counted once.
  const few = scoreReport([], { suspeito: 'fraud', unreviewed: 'legit' });
  const one = { ...few, excludedBy: { ...few.excludedBy, failed: 1, no_score: 1, repeat: 1 } };

  it('says one row in the singular, in both languages', () => {
    const pt = reportHtml(one, { ...meta, locale: 'pt-BR' });
    expect(pt).toContain(
      '<li>1 respondida sem score (204 Sem conteúdo, ou uma resposta que deixou o score de fora)</li>',
    );
    expect(pt).toMatch(/<li>1 linha repete uma transação/);
    expect(pt).not.toMatch(/<li>1 (respondidas|linhas|consultadas)/);
    const en = reportHtml(one, { ...meta, locale: 'en-US' });
    expect(en).toMatch(/<li>1 row repeats a transaction/);
  });
});

// The curves' points are at the answers' scores: to 2 decimals, 0.0031 read "Score ≥ 0.00" with
// recall 86.4%, and two points read "1.00".
describe('reportHtml: the curves’ cut-offs', () => {
  const scored = (score: number, fraud: boolean): ReportCase => ({
    score,
    risk: 'low',
    insights: [],
    alertQuantity: 0,
    deviceAge: 1,
    review: fraud ? 'Fraude Confirmada' : null,
  });
  const close = scoreReport(
    [scored(0.0031, false), scored(0.0042, true), scored(0.9962, true), scored(0.9981, false)],
    { suspeito: 'fraud', unreviewed: 'legit' },
  );
  const rows = (html: string, caption: string) =>
    [
      ...(new RegExp(`<caption>${caption}</caption>.*?</table>`).exec(html)?.[0] ?? '').matchAll(
        /<tr><th scope="row">([^<]*)<\/th>/g,
      ),
    ].map((match) => match[1]);

  it('prints them with the answers’ 4 decimals, none two alike, in both languages', () => {
    const english = reportHtml(close, { ...meta, locale: 'en-US' });
    expect(rows(english, 'ROC curve')).toEqual(['—', '0.9981', '0.9962', '0.0042', '0.0031']);
    expect(rows(english, 'Precision and recall')).toEqual(['0.9981', '0.9962', '0.0042', '0.0031']);
    const portuguese = reportHtml(close, { ...meta, locale: 'pt-BR' });
    expect(rows(portuguese, 'Curva ROC')).toEqual(['—', '0,9981', '0,9962', '0,0042', '0,0031']);
  });
});

// Cases whose answer gave no deviceRisk vanished from the risk tables, with no word why.
describe('reportHtml: cases without a risk level', () => {
  const some = cases().map((c, i) => (i % 2 === 0 ? { ...c, risk: null } : c));
  const withoutRisk = scoreReport(some, { suspeito: 'fraud', unreviewed: 'legit' });

  it('gives them a row of their own and says no risk cut-off declines them, in both languages', () => {
    const english = reportHtml(withoutRisk, { ...meta, locale: 'en-US' });
    expect(english).toMatch(/<th scope="row">no risk given<\/th><td>100<\/td><td>20<\/td>/);
    expect(english).toContain(
      '100 labelled cases came without a risk level: no risk cut-off declines them, so the table above counts them as never flagged.',
    );
    const portuguese = reportHtml(withoutRisk, { ...meta, locale: 'pt-BR' });
    expect(portuguese).toMatch(/<th scope="row">risco não informado<\/th><td>100<\/td>/);
    expect(portuguese).toContain('100 casos rotulados vieram sem nível de risco');
  });

  it('says nothing of them when every case has a risk', () => {
    expect(reportHtml(report, { ...meta, locale: 'en-US' })).not.toContain('without a risk level');
  });
});

describe('the report’s cells', () => {
  // Two fraud cases in 2,000: the interval of the low-risk group's rate starts below 0.1% and
  // prints as "< 0.1%", whose "<" is text, not the start of a tag. Alert quantities 2 to 5 hold
  // no fraud: their intervals start at 0.
  const rare = scoreReport(
    Array.from({ length: 2000 }, (_, i): ReportCase => ({
      score: i === 0 ? 0.99 : (i % 500) / 1000,
      risk: i === 0 ? 'high' : 'low',
      insights: ['GER0002'],
      alertQuantity: i % 6,
      deviceAge: 10,
      review: i < 2 ? 'Fraude Confirmada' : null,
    })),
    { suspeito: 'fraud', unreviewed: 'legit' },
  );

  it.each(['en-US', 'pt-BR'] as const)(
    'escape every "<" and ">" they print (%s): no bare one outside a tag',
    (locale) => {
      const html = reportHtml(rare, { ...meta, locale });
      expect(html).toMatch(/<td>&#60; 0[.,]1% – 0[.,]3%<\/td>/);
      // A "<" opens a tag, a comment or the doctype; anything else is a cell's text left raw.
      expect(html).not.toMatch(/<(?![a-zA-Z/!])/);
      expect(html).not.toMatch(/<t[dh][^>]*>[^<]*>/);
    },
  );

  it('print the interval of a group without fraud from exactly 0', () => {
    const html = reportHtml(rare, { ...meta, locale: 'en-US' });
    expect(html).toContain(
      '<th scope="row">2</th><td>333</td><td>0</td><td>0.0%</td><td>0.0% – 1.1%</td>',
    );
  });
});
