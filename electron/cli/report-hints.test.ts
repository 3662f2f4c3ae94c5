import { describe, expect, it } from 'vitest';
import { scoreReport, type ReportCase } from '../../shared/report/report';
import type { ReportView } from '../../shared/contract/report';
import type { LabelOptions } from '../../shared/report/labels';
import { aucMissingText, intervalText } from './report-hints';

const defaults: LabelOptions = { suspeito: 'fraud', unreviewed: 'legit' };

function view(cases: ReportCase[], labels: LabelOptions): ReportView {
  return { ...scoreReport(cases, labels), environment: 'sandbox', batch: null };
}

const scored = (review: ReportCase['review'], score = 0.5): ReportCase => ({
  score,
  risk: 'low',
  insights: [],
  alertQuantity: 0,
  deviceAge: 1,
  review,
});

describe('aucMissingText', () => {
  it('names --unreviewed exclude only when it was given', () => {
    const allFraud = [scored('Fraude Confirmada'), scored('Fraude Confirmada', 0.9)];
    const plain = aucMissingText(view(allFraud, defaults), defaults) ?? '';
    expect(plain).toMatch(/^no AUC: no scored transaction is labelled legitimate/);
    expect(plain).not.toContain('--unreviewed');
    expect(plain).toContain('Look up transactions that are not fraud (dcdesk bulk FILE)');
    expect(plain).toContain('Legítima in the app (dcdesk cannot set it)');

    const excluding: LabelOptions = { suspeito: 'fraud', unreviewed: 'exclude' };
    const cases = [...allFraud, scored(null, 0.1)];
    const flagged = aucMissingText(view(cases, excluding), excluding) ?? '';
    expect(flagged).toContain('--unreviewed exclude left out the 1 answered transaction');
    expect(flagged).toContain('Drop --unreviewed exclude to count them as legitimate');
  });

  it('names --suspeito exclude only when it left Suspeito cases out', () => {
    const labels: LabelOptions = { suspeito: 'exclude', unreviewed: 'legit' };
    const text = aucMissingText(view([scored('Suspeito'), scored(null)], labels), labels) ?? '';
    expect(text).toMatch(/^no AUC: no scored transaction is labelled fraud/);
    expect(text).toContain(
      'drop --suspeito exclude to count the 1 transaction reviewed as Suspeito',
    );
    expect(aucMissingText(view([scored(null)], defaults), defaults)).not.toContain('--suspeito');
  });
});

describe('intervalText', () => {
  it('says the interval is not estimated from 2 fraud and 2 legitimate cases', () => {
    const four = [
      scored('Fraude Confirmada', 0.1),
      scored('Fraude Confirmada', 0.2),
      scored(null, 0.8),
      scored(null, 0.9),
    ];
    expect(intervalText(view(four, defaults))).toBe(
      ' (95% interval not estimated: it needs at least 10 fraud and 10 legitimate cases)',
    );
  });

  // An upper bound of 0.99996 read "1.000", as if the separation could be perfect.
  it('never prints a bound below 1 as 1.000', () => {
    const four = view([scored('Fraude Confirmada', 0.9), scored(null, 0.1)], defaults);
    expect(intervalText({ ...four, aucInterval: [0.9991, 0.99996] })).toBe(' (95% 0.999–> 0.999)');
    expect(intervalText({ ...four, aucInterval: [0.8123, 1] })).toBe(' (95% 0.812–1.000)');
  });
});
