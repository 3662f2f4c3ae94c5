import type { DeviceRisk } from '../domain/types';

/** One cut-off: what declining every case at or above it would have done. */
export interface ThresholdRow {
  score: number;
  flagged: number;
  /** Share of the labelled traffic flagged. */
  share: number;
  /** Fraud caught: flagged positives ÷ positives (null without positives). */
  recall: number | null;
  /** Flagged positives ÷ flagged; null where nothing is flagged. */
  precision: number | null;
  /** Flagged negatives ÷ negatives (null without negatives). */
  falsePositiveRate: number | null;
}

/** Cut-offs 0.00, 0.05, …, 1.00, written as k ÷ 20 so each is the same number the answers carry. */
export const scoreCutoffs: readonly number[] = Array.from({ length: 21 }, (_, k) => k / 20);

function row(
  score: number,
  tp: number,
  fp: number,
  positives: number,
  negatives: number,
): ThresholdRow {
  const flagged = tp + fp;
  const total = positives + negatives;
  return {
    score,
    flagged,
    share: total === 0 ? 0 : flagged / total,
    recall: positives === 0 ? null : tp / positives,
    precision: flagged === 0 ? null : tp / flagged,
    falsePositiveRate: negatives === 0 ? null : fp / negatives,
  };
}

/** Counts at or above each cut-off in one pass over each class (scores are 0..1). */
export function thresholdTable(
  positives: readonly number[],
  negatives: readonly number[],
  cutoffs: readonly number[] = scoreCutoffs,
): ThresholdRow[] {
  const atOrAbove = (scores: readonly number[]) => {
    const counts = new Array<number>(cutoffs.length).fill(0);
    for (const score of scores) {
      for (let k = 0; k < cutoffs.length; k += 1) {
        if (score >= (cutoffs[k] ?? Number.POSITIVE_INFINITY)) counts[k] = (counts[k] ?? 0) + 1;
        else break;
      }
    }
    return counts;
  };
  const tp = atOrAbove(positives);
  const fp = atOrAbove(negatives);
  return cutoffs.map((cutoff, k) =>
    row(cutoff, tp[k] ?? 0, fp[k] ?? 0, positives.length, negatives.length),
  );
}

/** Risk levels from the most to the least risky; "flag at `medium`" flags medium and high. */
export const riskOrder: readonly DeviceRisk[] = ['high', 'medium', 'low', 'undefined'];

export interface RiskCutRow extends Omit<ThresholdRow, 'score'> {
  risk: DeviceRisk;
}

/** The same table by `deviceRisk`: flag every case at or above each level. */
export function riskThresholdTable(
  counts: ReadonlyMap<DeviceRisk, { rows: number; fraud: number }>,
  positives: number,
  negatives: number,
): RiskCutRow[] {
  let tp = 0;
  let fp = 0;
  return riskOrder.map((risk) => {
    const level = counts.get(risk) ?? { rows: 0, fraud: 0 };
    tp += level.fraud;
    fp += level.rows - level.fraud;
    const { score: _score, ...rest } = row(0, tp, fp, positives, negatives);
    return { risk, ...rest };
  });
}
