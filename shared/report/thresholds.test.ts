import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { riskThresholdTable, scoreCutoffs, thresholdTable } from './thresholds';

const scores = fc.array(
  fc.oneof(
    fc.integer({ min: 0, max: 20 }).map((k) => k / 20),
    fc.double({ min: 0, max: 1, noNaN: true }),
  ),
  { maxLength: 80 },
);

describe('thresholdTable', () => {
  it('agrees with a brute-force count at every cut-off', () => {
    fc.assert(
      fc.property(scores, scores, (positives, negatives) => {
        const table = thresholdTable(positives, negatives);
        expect(table.map((row) => row.score)).toEqual(scoreCutoffs);
        for (const row of table) {
          const tp = positives.filter((score) => score >= row.score).length;
          const fp = negatives.filter((score) => score >= row.score).length;
          expect(row.flagged).toBe(tp + fp);
          expect(row.recall).toBe(positives.length ? tp / positives.length : null);
          expect(row.precision).toBe(tp + fp ? tp / (tp + fp) : null);
          expect(row.falsePositiveRate).toBe(negatives.length ? fp / negatives.length : null);
          const total = positives.length + negatives.length;
          expect(row.share).toBe(total ? (tp + fp) / total : 0);
        }
      }),
    );
  });

  it('works a small case by hand', () => {
    const table = thresholdTable([0.9, 0.5], [0.5, 0.1, 0.05]);
    const at = (score: number) => table.find((row) => row.score === score);
    expect(at(0.5)).toEqual({
      score: 0.5,
      flagged: 3,
      share: 3 / 5,
      recall: 1,
      precision: 2 / 3,
      falsePositiveRate: 1 / 3,
    });
    expect(at(0.05)?.flagged).toBe(5);
    expect(at(0.95)).toMatchObject({ flagged: 0, precision: null, recall: 0 });
    expect(at(0)?.flagged).toBe(5);
  });
});

describe('riskThresholdTable', () => {
  it('flags each level and every level above it', () => {
    const counts = new Map([
      ['high', { rows: 10, fraud: 8 }],
      ['medium', { rows: 20, fraud: 4 }],
      ['low', { rows: 70, fraud: 1 }],
    ] as const);
    const table = riskThresholdTable(counts, 13, 87);
    expect(table.map((row) => [row.risk, row.flagged])).toEqual([
      ['high', 10],
      ['medium', 30],
      ['low', 100],
      ['undefined', 100],
    ]);
    expect(table[1]).toMatchObject({
      recall: 12 / 13,
      precision: 12 / 30,
      falsePositiveRate: 18 / 87,
    });
  });
});
