/**
 * Discrimination of a score between two classes: the ROC curve, its area with DeLong's 95%
 * interval, and the precision–recall curve with average precision. Pure functions over plain
 * arrays, O(n log n), so a million rows take well under a second.
 *
 * Ties count as half, as in the Mann–Whitney U statistic: AUC = U ÷ (positives × negatives).
 */

export interface CurvePoint {
  /** The cut-off: a case is flagged when its score is at or above it; null flags nothing. */
  threshold: number | null;
  falsePositiveRate: number;
  truePositiveRate: number;
}

export interface PrecisionRecallPoint {
  threshold: number;
  recall: number;
  precision: number;
}

/** 97.5th percentile of the standard normal distribution (two-sided 95%). */
export const z95 = 1.959963984540054;

/** The distinct scores of both classes, ascending, with how many cases of each class hold each. */
export interface ScoreLevels {
  values: Float64Array;
  positives: Uint32Array;
  negatives: Uint32Array;
  /** Cases per class. */
  m: number;
  n: number;
}

/** One sort per class (typed arrays sort natively), then a merge: O(n log n) with small constants. */
export function scoreLevels(
  positives: readonly number[],
  negatives: readonly number[],
): ScoreLevels {
  const p = Float64Array.from(positives).sort();
  const q = Float64Array.from(negatives).sort();
  const values = new Float64Array(p.length + q.length);
  const pos = new Uint32Array(values.length);
  const neg = new Uint32Array(values.length);
  let i = 0;
  let j = 0;
  let k = -1;
  while (i < p.length || j < q.length) {
    const a = i < p.length ? (p[i] ?? 0) : Number.POSITIVE_INFINITY;
    const b = j < q.length ? (q[j] ?? 0) : Number.POSITIVE_INFINITY;
    const value = Math.min(a, b);
    if (k < 0 || values[k] !== value) {
      k += 1;
      values[k] = value;
    }
    if (a <= b) {
      pos[k] = (pos[k] ?? 0) + 1;
      i += 1;
    } else {
      neg[k] = (neg[k] ?? 0) + 1;
      j += 1;
    }
  }
  const size = k + 1;
  return {
    values: values.subarray(0, size),
    positives: pos.subarray(0, size),
    negatives: neg.subarray(0, size),
    m: p.length,
    n: q.length,
  };
}

/**
 * Fewer cases than this in either class, and the report gives no interval. DeLong's interval is
 * asymptotic: with 2 fraud and 2 legitimate cases it said `0.000–0.000`, a certainty 4 cases
 * cannot give. Ten a class is the usual floor for an interval of this kind to mean what it says.
 */
export const minimumCasesForInterval = 10;

/** Why there is an area but no interval: too few cases, or a standard error of 0. */
export type IntervalMissing = 'few_cases' | 'no_spread';

export interface AucEstimate {
  auc: number;
  /** DeLong's standard error; null when a class has fewer than two cases. */
  standardError: number | null;
  /**
   * auc ± 1.96 × standard error, kept within [0, 1]; null with fewer than
   * `minimumCasesForInterval` cases in a class, or when the standard error is 0.
   */
  interval: [number, number] | null;
  /** Why `interval` is null (null when there is one). */
  intervalMissing: IntervalMissing | null;
}

/**
 * AUC and DeLong's (1988) interval from the placement values: for each positive, the share of
 * negatives it outscores (ties half); for each negative, the share of positives that outscore it.
 * The AUC is the mean of either; its variance is var(V10) ÷ m + var(V01) ÷ n.
 * Null when either class is empty: the area is not defined.
 */
export function aucWithInterval(
  positives: readonly number[],
  negatives: readonly number[],
  levels: ScoreLevels = scoreLevels(positives, negatives),
): AucEstimate | null {
  const { m, n } = levels;
  if (m === 0 || n === 0) return null;
  const size = levels.values.length;
  // Placement of the cases at each level: V10 of a positive there, V01 of a negative there.
  const v10 = new Float64Array(size);
  const v01 = new Float64Array(size);
  let negativesBelow = 0;
  let positivesBelow = 0;
  let sum = 0;
  for (let k = 0; k < size; k += 1) {
    const p = levels.positives[k] ?? 0;
    const q = levels.negatives[k] ?? 0;
    v10[k] = (negativesBelow + q / 2) / n;
    v01[k] = (m - positivesBelow - p + p / 2) / m;
    sum += p * (v10[k] ?? 0);
    negativesBelow += q;
    positivesBelow += p;
  }
  const auc = sum / m;
  const few = m < minimumCasesForInterval || n < minimumCasesForInterval;
  if (m < 2 || n < 2)
    return { auc, standardError: null, interval: null, intervalMissing: 'few_cases' };
  let s10 = 0;
  let s01 = 0;
  for (let k = 0; k < size; k += 1) {
    s10 += (levels.positives[k] ?? 0) * ((v10[k] ?? 0) - auc) ** 2;
    s01 += (levels.negatives[k] ?? 0) * ((v01[k] ?? 0) - auc) ** 2;
  }
  const variance = s10 / (m - 1) / m + s01 / (n - 1) / n;
  const standardError = Math.sqrt(variance);
  if (few) return { auc, standardError, interval: null, intervalMissing: 'few_cases' };
  // Every fraud case above every legitimate one (or all tied): the placements do not vary, the
  // variance is 0, and an interval of no width would claim a certainty no sample gives.
  if (!(standardError > 0))
    return { auc, standardError, interval: null, intervalMissing: 'no_spread' };
  const interval: [number, number] = [
    Math.max(0, auc - z95 * standardError),
    Math.min(1, auc + z95 * standardError),
  ];
  return { auc, standardError, interval, intervalMissing: null };
}

/** The levels highest first, as the cut-off descends. */
function* descending(
  levels: ScoreLevels,
): Generator<{ threshold: number; positives: number; negatives: number }> {
  for (let k = levels.values.length - 1; k >= 0; k -= 1) {
    yield {
      threshold: levels.values[k] ?? 0,
      positives: levels.positives[k] ?? 0,
      negatives: levels.negatives[k] ?? 0,
    };
  }
}

/** The ROC curve from (0, 0) to (1, 1), one point per distinct score; empty when a class is. */
export function rocCurve(
  positives: readonly number[],
  negatives: readonly number[],
  levels: ScoreLevels = scoreLevels(positives, negatives),
): CurvePoint[] {
  const { m, n } = levels;
  if (m === 0 || n === 0) return [];
  const points: CurvePoint[] = [{ threshold: null, falsePositiveRate: 0, truePositiveRate: 0 }];
  let tp = 0;
  let fp = 0;
  for (const level of descending(levels)) {
    tp += level.positives;
    fp += level.negatives;
    points.push({
      threshold: level.threshold,
      falsePositiveRate: fp / n,
      truePositiveRate: tp / m,
    });
  }
  return points;
}

/**
 * The precision–recall curve, one point per distinct score, and average precision as scikit-learn
 * defines it: Σ (Rₖ − Rₖ₋₁) × Pₖ over the cut-offs, highest first (no interpolation).
 * Null average precision when there are no positives.
 */
export function precisionRecall(
  positives: readonly number[],
  negatives: readonly number[],
  levels: ScoreLevels = scoreLevels(positives, negatives),
): { curve: PrecisionRecallPoint[]; averagePrecision: number | null } {
  const { m } = levels;
  if (m === 0) return { curve: [], averagePrecision: null };
  const curve: PrecisionRecallPoint[] = [];
  let tp = 0;
  let flagged = 0;
  let previousRecall = 0;
  let averagePrecision = 0;
  for (const level of descending(levels)) {
    tp += level.positives;
    flagged += level.positives + level.negatives;
    const recall = tp / m;
    const precision = tp / flagged;
    averagePrecision += (recall - previousRecall) * precision;
    previousRecall = recall;
    curve.push({ threshold: level.threshold, recall, precision });
  }
  return { curve, averagePrecision };
}
