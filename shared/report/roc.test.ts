import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aucWithInterval, minimumCasesForInterval, precisionRecall, rocCurve } from './roc';

/** Mann–Whitney U by its definition: every pair, ties half. */
function bruteAuc(positives: number[], negatives: number[]): number {
  let u = 0;
  for (const p of positives) for (const q of negatives) u += p > q ? 1 : p === q ? 0.5 : 0;
  return u / (positives.length * negatives.length);
}

/** DeLong's variance by its definition, pair by pair. */
function bruteDelongSe(positives: number[], negatives: number[]): number {
  const psi = (p: number, q: number) => (p > q ? 1 : p === q ? 0.5 : 0);
  const auc = bruteAuc(positives, negatives);
  const v10 = positives.map((p) => negatives.reduce((s, q) => s + psi(p, q), 0) / negatives.length);
  const v01 = negatives.map((q) => positives.reduce((s, p) => s + psi(p, q), 0) / positives.length);
  const variance = (values: number[]) =>
    values.reduce((s, v) => s + (v - auc) ** 2, 0) / (values.length - 1);
  return Math.sqrt(variance(v10) / positives.length + variance(v01) / negatives.length);
}

/** Hanley & McNeil (1982), Table 1: CT ratings 1–5 of 58 normal and 51 abnormal subjects. */
function hanleyMcNeil(): { positives: number[]; negatives: number[] } {
  const expand = (counts: number[]) =>
    counts.flatMap((count, index) => Array<number>(count).fill(index + 1));
  return { negatives: expand([33, 6, 6, 11, 2]), positives: expand([3, 2, 2, 11, 33]) };
}

const scores = fc.array(
  fc.integer({ min: 0, max: 20 }).map((k) => k / 20),
  {
    minLength: 2,
    maxLength: 60,
  },
);

describe('aucWithInterval', () => {
  it('equals U ÷ (positives × negatives), ties as half, on random data', () => {
    fc.assert(
      fc.property(scores, scores, (positives, negatives) => {
        const estimate = aucWithInterval(positives, negatives);
        expect(estimate?.auc).toBeCloseTo(bruteAuc(positives, negatives), 12);
        expect(estimate?.standardError).toBeCloseTo(bruteDelongSe(positives, negatives), 12);
      }),
    );
  });

  it('reproduces the published figures for Hanley and McNeil’s ratings', () => {
    const { positives, negatives } = hanleyMcNeil();
    const estimate = aucWithInterval(positives, negatives);
    // Area 0.8932; DeLong's standard error 0.0307 and interval 0.8330–0.9534, as Stata's roctab
    // reports for this data set.
    expect(estimate?.auc).toBeCloseTo(0.8932, 4);
    expect(estimate?.standardError).toBeCloseTo(0.0307, 4);
    expect(estimate?.interval?.[0]).toBeCloseTo(0.833, 3);
    expect(estimate?.interval?.[1]).toBeCloseTo(0.9534, 3);
  });

  it('works small cases by hand', () => {
    expect(aucWithInterval([0.9, 0.8], [0.1, 0.2])?.auc).toBe(1);
    expect(aucWithInterval([0.1], [0.9])?.auc).toBe(0);
    expect(aucWithInterval([0.5, 0.5], [0.5, 0.5])?.auc).toBe(0.5);
    // 0.8 beats both negatives, 0.3 beats 0.2 and ties nothing: (2 + 1) ÷ 4.
    expect(aucWithInterval([0.8, 0.3], [0.2, 0.4])?.auc).toBe(0.75);
  });

  it('is undefined when a class is empty, and has no interval with a single case', () => {
    expect(aucWithInterval([], [0.1])).toBeNull();
    expect(aucWithInterval([0.2], [])).toBeNull();
    expect(aucWithInterval([0.9], [0.1, 0.2])).toEqual({
      auc: 1,
      standardError: null,
      interval: null,
      intervalMissing: 'few_cases',
    });
  });

  it('gives no interval below the minimum of cases a class, rather than one of no width', () => {
    // 2 fraud and 2 legitimate cases, every fraud case below: DeLong's variance is 0, and the
    // report said "AUC 0.000 (95% 0.000–0.000)".
    expect(aucWithInterval([0.1, 0.2], [0.8, 0.9])).toMatchObject({
      auc: 0,
      interval: null,
      intervalMissing: 'few_cases',
    });
    const nine = Array.from({ length: minimumCasesForInterval - 1 }, (_, i) => i / 20);
    const ten = [...nine, 0.47];
    expect(
      aucWithInterval(
        nine,
        ten.map((s) => s + 0.01),
      )?.intervalMissing,
    ).toBe('few_cases');
    expect(
      aucWithInterval(
        ten,
        ten.map((s) => s + 0.01),
      )?.interval,
    ).not.toBeNull();
  });

  it('gives no interval when the classes are apart completely, however many cases', () => {
    const low = Array.from({ length: 50 }, (_, i) => i / 100);
    const high = low.map((s) => s + 0.5);
    expect(aucWithInterval(high, low)).toMatchObject({
      auc: 1,
      standardError: 0,
      interval: null,
      intervalMissing: 'no_spread',
    });
  });

  it('never gives an interval of no width', () => {
    fc.assert(
      fc.property(scores, scores, (positives, negatives) => {
        const interval = aucWithInterval(positives, negatives)?.interval;
        if (interval) expect(interval[1]).toBeGreaterThan(interval[0]);
      }),
    );
  });
});

describe('rocCurve', () => {
  it('runs from (0, 0) to (1, 1), and its trapezoids give the AUC', () => {
    fc.assert(
      fc.property(scores, scores, (positives, negatives) => {
        const curve = rocCurve(positives, negatives);
        expect(curve[0]).toMatchObject({ falsePositiveRate: 0, truePositiveRate: 0 });
        expect(curve.at(-1)).toMatchObject({ falsePositiveRate: 1, truePositiveRate: 1 });
        let area = 0;
        for (let i = 1; i < curve.length; i += 1) {
          const a = curve[i - 1];
          const b = curve[i];
          if (a && b)
            area +=
              ((b.falsePositiveRate - a.falsePositiveRate) *
                (a.truePositiveRate + b.truePositiveRate)) /
              2;
        }
        expect(area).toBeCloseTo(bruteAuc(positives, negatives), 12);
      }),
    );
  });
});

describe('precisionRecall', () => {
  it('computes average precision as scikit-learn does, by hand', () => {
    // sklearn: average_precision_score([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]) == 0.8333…
    const { averagePrecision, curve } = precisionRecall([0.35, 0.8], [0.1, 0.4]);
    expect(averagePrecision).toBeCloseTo(0.8333333, 6);
    expect(curve.map((point) => [point.threshold, point.recall, point.precision])).toEqual([
      [0.8, 0.5, 1],
      [0.4, 0.5, 0.5],
      [0.35, 1, 2 / 3],
      [0.1, 1, 0.5],
    ]);
  });

  it('is perfect for a perfect ranking and null without positives', () => {
    expect(precisionRecall([0.9, 0.8], [0.1]).averagePrecision).toBe(1);
    expect(precisionRecall([], [0.1]).averagePrecision).toBeNull();
  });
});
