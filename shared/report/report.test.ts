import { describe, expect, it } from 'vitest';
import { defaultLabelOptions, labelOf, type RowState } from './labels';
import { createReportBuilder, scoreReport, thin, type ReportCase } from './report';

function scored(
  score: number | null,
  review: ReportCase['review'],
  extra: Partial<ReportCase> = {},
): ReportCase {
  return { score, risk: 'low', insights: [], alertQuantity: 0, deviceAge: 1000, review, ...extra };
}

describe('labelOf', () => {
  it('labels by outcome, with the settings for Suspeito and unreviewed rows', () => {
    const options = defaultLabelOptions;
    expect(labelOf(0.5, 'Fraude Confirmada', options)).toEqual({ kind: 'positive' });
    expect(labelOf(0.5, 'Device Positivado', options)).toEqual({ kind: 'positive' });
    expect(labelOf(0.5, 'Suspeito', options)).toEqual({ kind: 'positive' });
    expect(labelOf(0.5, 'Legítima', options)).toEqual({ kind: 'negative' });
    expect(labelOf(0.5, null, options)).toEqual({ kind: 'negative' });
    const strict = { suspeito: 'exclude', unreviewed: 'exclude' } as const;
    expect(labelOf(0.5, 'Suspeito', strict)).toEqual({ kind: 'excluded', reason: 'suspeito' });
    expect(labelOf(0.5, null, strict)).toEqual({ kind: 'excluded', reason: 'unreviewed' });
    expect(labelOf(0.5, 'Legítima', strict)).toEqual({ kind: 'negative' });
  });

  it('excludes a row without a score whatever its outcome', () => {
    expect(labelOf(null, 'Fraude Confirmada', defaultLabelOptions)).toEqual({
      kind: 'excluded',
      reason: 'no_score',
    });
  });

  it('names what happened to a row without a score, not only that it has none', () => {
    const reasonOf = (state: RowState) => labelOf(null, null, defaultLabelOptions, state);
    expect(reasonOf('pending')).toEqual({ kind: 'excluded', reason: 'not_looked_up' });
    expect(reasonOf('invalid')).toEqual({ kind: 'excluded', reason: 'invalid' });
    expect(reasonOf('rejected')).toEqual({ kind: 'excluded', reason: 'failed' });
    expect(reasonOf('failed')).toEqual({ kind: 'excluded', reason: 'failed' });
    expect(reasonOf('no_content')).toEqual({ kind: 'excluded', reason: 'no_score' });
    expect(reasonOf('ok')).toEqual({ kind: 'excluded', reason: 'no_score' });
    // A score is a score, whatever the state says.
    expect(labelOf(0.5, null, defaultLabelOptions, 'ok')).toEqual({ kind: 'negative' });
  });
});

describe('scoreReport', () => {
  it('counts every row once: labelled or excluded with its reason', () => {
    const report = scoreReport(
      [
        scored(0.9, 'Fraude Confirmada', {
          risk: 'high',
          insights: ['DEV0001', 'DEV0001'],
          alertQuantity: 7,
          deviceAge: 2,
        }),
        scored(0.8, 'Suspeito', { risk: 'high', insights: ['DEV0001'] }),
        scored(0.2, 'Legítima', { insights: ['GER0002'] }),
        scored(0.1, null, { insights: ['DEV0001'], alertQuantity: null, deviceAge: null }),
        scored(null, 'Fraude Confirmada'),
      ],
      { suspeito: 'exclude', unreviewed: 'legit' },
    );
    expect(report.labels).toEqual({ positive: 1, negative: 2, excluded: 2 });
    expect(report.excludedBy).toEqual({
      not_looked_up: 0,
      invalid: 0,
      failed: 0,
      no_score: 1,
      suspeito: 1,
      unreviewed: 0,
      repeat: 0,
    });
    expect(report.baseRate).toBeCloseTo(1 / 3);
    expect(report.auc).toBe(1);
    expect(report.averagePrecision).toBe(1);
    const dev = report.insightCodes.find((code) => code.code === 'DEV0001');
    // A code repeated in one answer counts once for that row.
    expect(dev).toMatchObject({ rows: 2, fraud: 1, fraudRate: 0.5, lift: 1.5, small: true });
    expect(report.insightCodes[0]?.code).toBe('DEV0001');
    expect(report.riskLevels.find((level) => level.risk === 'high')).toMatchObject({
      rows: 1,
      fraud: 1,
    });
    expect(report.alertQuantities.find((bucket) => bucket.bucket === '5+')?.rows).toBe(1);
    expect(report.alertQuantities.find((bucket) => bucket.bucket === 'unknown')?.rows).toBe(1);
    expect(report.deviceAges.find((bucket) => bucket.bucket === 'under-1d')?.fraud).toBe(1);
    expect(report.histogram[18]).toMatchObject({ positive: 1, negative: 0 });
    expect(report.histogram.reduce((sum, bin) => sum + bin.positive + bin.negative, 0)).toBe(3);
  });

  it('has no AUC, and says why, when a class is empty', () => {
    const report = scoreReport([scored(0.3, null), scored(0.4, null)], defaultLabelOptions);
    expect(report.auc).toBeNull();
    expect(report.aucInterval).toBeNull();
    expect(report.aucMissing).toBe('no_positives');
    expect(report.thresholds[10]).toMatchObject({ score: 0.5, flagged: 0, precision: null });
  });

  // An answer may leave deviceRisk out: 20 of 40 labelled cases vanished from the risk tables,
  // which then added up to 20 and read "Risk ≥ undefined catches 50% of fraud" with no word why.
  it('counts the labelled cases without a risk in a row of their own', () => {
    const cases = [
      scored(0.9, 'Fraude Confirmada', { risk: 'high' }),
      scored(0.8, 'Fraude Confirmada', { risk: null }),
      scored(0.2, null, { risk: 'low' }),
      scored(0.1, null, { risk: null }),
      scored(0.3, null, { risk: null }),
    ];
    const byOne = scoreReport(cases, defaultLabelOptions);
    expect(byOne.riskLevels.map((level) => [level.risk, level.rows, level.fraud])).toEqual([
      ['high', 1, 1],
      ['medium', 0, 0],
      ['low', 1, 0],
      ['undefined', 0, 0],
      [null, 3, 1],
    ]);
    expect(byOne.riskLevels.reduce((sum, level) => sum + level.rows, 0)).toBe(5);
    // No risk cut-off declines a case without a risk: the cumulative rows stay of all the cases.
    expect(byOne.riskThresholds.map((row) => [row.risk, row.flagged, row.recall])).toEqual([
      ['high', 1, 0.5],
      ['medium', 1, 0.5],
      ['low', 2, 0.5],
      ['undefined', 2, 0.5],
    ]);
    // Counted elsewhere (the history's SQL), the same.
    const counted = createReportBuilder(defaultLabelOptions);
    counted.addCounts({
      excluded: {},
      scores: [
        { score: 0.9, positive: 1, negative: 0 },
        { score: 0.8, positive: 1, negative: 0 },
        { score: 0.2, positive: 0, negative: 1 },
        { score: 0.1, positive: 0, negative: 1 },
        { score: 0.3, positive: 0, negative: 1 },
      ],
      groups: [
        { risk: 'high', positive: 1, negative: 0 },
        { risk: 'low', positive: 0, negative: 1 },
        { risk: null, positive: 1, negative: 2 },
      ],
      codes: [],
    });
    const bySql = counted.finish();
    expect(bySql.riskLevels).toEqual(byOne.riskLevels);
    expect(bySql.riskThresholds).toEqual(byOne.riskThresholds);
  });

  it('keeps a score of exactly 1 in the last histogram bin', () => {
    const report = scoreReport([scored(1, 'Fraude Confirmada')], defaultLabelOptions);
    expect(report.histogram[19]?.positive).toBe(1);
  });
});

describe('thin', () => {
  it('keeps both ends and at most the limit', () => {
    const points = Array.from({ length: 1000 }, (_, i) => i);
    const thinned = thin(points, 11);
    expect(thinned).toHaveLength(11);
    expect(thinned[0]).toBe(0);
    expect(thinned.at(-1)).toBe(999);
    expect(thin([1, 2, 3], 11)).toEqual([1, 2, 3]);
  });
});
