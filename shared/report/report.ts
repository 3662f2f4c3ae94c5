import type { DeviceRisk } from '../domain/types';
import {
  ageBucket,
  ageBuckets,
  alertBucket,
  alertBuckets,
  binOf,
  createTally,
  histogramBins,
  rateOf,
  type AgeBucket,
  type GroupCounts,
  type GroupRate,
} from './breakdowns';
import { byLift, pickCodes, type CodeRate, type CodesNotShown } from './code-limit';
import {
  exclusionReasons,
  labelOf,
  type ExclusionReason,
  type LabelOptions,
  type ReviewState,
  type RowState,
} from './labels';
import {
  aucWithInterval,
  scoreLevels,
  precisionRecall,
  rocCurve,
  type CurvePoint,
  type IntervalMissing,
  type PrecisionRecallPoint,
} from './roc';
import {
  riskOrder,
  riskThresholdTable,
  thresholdTable,
  type RiskCutRow,
  type ThresholdRow,
} from './thresholds';

/** One looked-up transaction with what the report needs of it. */
export interface ReportCase {
  score: number | null;
  risk: DeviceRisk | null;
  insights: readonly string[];
  alertQuantity: number | null;
  deviceAge: number | null;
  review: ReviewState;
  /** What happened to the row; it names the reason a row without a score is left out. Default: ok. */
  state?: RowState;
}

export interface ScoreReport {
  labels: { positive: number; negative: number; excluded: number };
  excludedBy: Record<ExclusionReason, number>;
  /**
   * Labels scored with the answer that was reviewed although a later answer of the same
   * transaction named another device (electron/core/report/repeats.ts): the analyst may want to
   * review the newer answer. 0 for cases given one by one.
   */
  reviewedEarlier: number;
  /** Fraud ÷ labelled cases. */
  baseRate: number | null;
  auc: number | null;
  aucInterval: [number, number] | null;
  /** Why there is an AUC but no interval (see `minimumCasesForInterval`); null otherwise. */
  aucIntervalMissing: IntervalMissing | null;
  aucMethod: 'DeLong';
  /** Why there is no AUC (one class is empty), in English; the UI words it itself. */
  aucMissing: 'no_positives' | 'no_negatives' | null;
  averagePrecision: number | null;
  thresholds: ThresholdRow[];
  /**
   * Per risk level, from high to undefined, then the cases whose answer gave no risk (`risk`
   * null), so the rows add up to the labelled cases.
   */
  riskLevels: Array<{ risk: DeviceRisk | null } & GroupRate>;
  riskThresholds: RiskCutRow[];
  /**
   * Per insight code, in the table's order (`byLift`): every code, or the codes the window, the
   * saved page and the command's text list (`finish('top')`, `withTopCodes`).
   */
  insightCodes: CodeRate[];
  /** The codes left out of `insightCodes`; none when it holds every code. */
  insightCodesNotShown: CodesNotShown;
  alertQuantities: Array<{ bucket: string } & GroupRate>;
  deviceAges: Array<{ bucket: AgeBucket } & GroupRate>;
  histogram: Array<{ from: number; to: number; positive: number; negative: number }>;
  roc: CurvePoint[];
  precisionRecall: PrecisionRecallPoint[];
}

/**
 * Labelled cases of one risk (null: none), alert quantity bucket and device age bucket. A
 * breakdown left out (undefined) is not counted by this group: a caller may count each breakdown
 * in groups of its own.
 */
export interface ReportGroup {
  risk?: DeviceRisk | null;
  alerts?: string;
  age?: AgeBucket;
  positive: number;
  negative: number;
}

/**
 * Cases counted elsewhere (the history counts them in SQL, so a million rows never cross into
 * JavaScript one by one). Every count is of labelled cases, but `excluded`.
 */
export interface ReportCounts {
  excluded: Partial<Record<ExclusionReason, number>>;
  /** Per distinct score. */
  scores: Iterable<{ score: number; positive: number; negative: number }>;
  groups: Iterable<ReportGroup>;
  /** Per insight code: the cases whose answer carries it. */
  codes: Iterable<{ code: string; positive: number; negative: number }>;
}

/** At most this many points per curve: enough to draw, small enough to send and export. */
const curvePoints = 201;

/** Keeps the ends and an even spread of the points between. */
export function thin<T>(points: T[], limit = curvePoints): T[] {
  if (points.length <= limit) return points;
  const step = (points.length - 1) / (limit - 1);
  return Array.from({ length: limit }, (_, i) => points[Math.round(i * step)] as T);
}

/**
 * Builds the report one case at a time, so a million rows stream from the history without being
 * held as objects: only the two score columns are kept, as growing arrays of numbers.
 */
export function createReportBuilder(options: LabelOptions) {
  const positives: number[] = [];
  const negatives: number[] = [];
  const excludedBy = Object.fromEntries(exclusionReasons.map((reason) => [reason, 0])) as Record<
    ExclusionReason,
    number
  >;
  const risks = createTally<DeviceRisk | null>();
  const codes = createTally<string>();
  const alerts = createTally<string>();
  const ages = createTally<AgeBucket>();
  const histogram = Array.from({ length: histogramBins }, () => ({ positive: 0, negative: 0 }));

  function codeRates(
    codeTable: 'all' | 'top',
    baseRate: number | null,
  ): Pick<ScoreReport, 'insightCodes' | 'insightCodesNotShown'> {
    const counted = codes.entries().map(([code, counts]) => ({ code, ...counts }));
    const { kept, notShown } =
      codeTable === 'all'
        ? { kept: counted, notShown: { codes: 0, fewRows: 0 } }
        : pickCodes(counted);
    return {
      insightCodes: kept
        .map(({ code, rows, fraud }) => ({ code, ...rateOf({ rows, fraud }, baseRate) }))
        .sort(byLift),
      insightCodesNotShown: notShown,
    };
  }

  /** `count` labelled cases of one score. */
  function addScore(score: number, fraud: boolean, count: number): void {
    const scores = fraud ? positives : negatives;
    for (let i = 0; i < count; i += 1) scores.push(score);
    const bin = histogram[binOf(score)];
    if (bin) bin[fraud ? 'positive' : 'negative'] += count;
  }

  function add(row: ReportCase): void {
    const label = labelOf(row.score, row.review, options, row.state);
    if (label.kind === 'excluded' || row.score === null) {
      if (label.kind === 'excluded') excludedBy[label.reason] += 1;
      return;
    }
    const fraud = label.kind === 'positive';
    addScore(row.score, fraud, 1);
    risks.add(row.risk, fraud);
    // A code repeated within one answer counts once for that row.
    row.insights.forEach((code, index) => {
      if (row.insights.indexOf(code) === index) codes.add(code, fraud);
    });
    alerts.add(alertBucket(row.alertQuantity), fraud);
    ages.add(ageBucket(row.deviceAge), fraud);
  }

  /** Cases counted elsewhere, the same as adding them one by one. */
  function addCounts(counts: ReportCounts): void {
    for (const reason of exclusionReasons) excludedBy[reason] += counts.excluded[reason] ?? 0;
    for (const { score, positive, negative } of counts.scores) {
      addScore(score, true, positive);
      addScore(score, false, negative);
    }
    for (const group of counts.groups) {
      for (const [fraud, count] of [
        [true, group.positive],
        [false, group.negative],
      ] as const) {
        if (group.risk !== undefined) risks.add(group.risk, fraud, count);
        if (group.alerts !== undefined) alerts.add(group.alerts, fraud, count);
        if (group.age !== undefined) ages.add(group.age, fraud, count);
      }
    }
    for (const { code, positive, negative } of counts.codes) {
      codes.add(code, true, positive);
      codes.add(code, false, negative);
    }
  }

  /**
   * The report; its code table of every code, or of the codes the window, the saved page and the
   * command's text list (`top`: see `pickCodes`), the others counted.
   */
  function finish(codeTable: 'all' | 'top' = 'all'): ScoreReport {
    const labelled = positives.length + negatives.length;
    const baseRate = labelled === 0 ? null : positives.length / labelled;
    const levels = scoreLevels(positives, negatives);
    const estimate = aucWithInterval(positives, negatives, levels);
    // Cases without a risk are declined at no risk level: the cut-offs count them as never flagged.
    const riskCounts = new Map(
      risks.entries().filter((entry): entry is [DeviceRisk, GroupCounts] => entry[0] !== null),
    );
    const pr = precisionRecall(positives, negatives, levels);
    const excluded = exclusionReasons.reduce((sum, reason) => sum + excludedBy[reason], 0);
    return {
      labels: { positive: positives.length, negative: negatives.length, excluded },
      excludedBy,
      reviewedEarlier: 0,
      baseRate,
      auc: estimate?.auc ?? null,
      aucInterval: estimate?.interval ?? null,
      aucIntervalMissing: estimate?.intervalMissing ?? null,
      aucMethod: 'DeLong',
      aucMissing:
        positives.length === 0 ? 'no_positives' : negatives.length === 0 ? 'no_negatives' : null,
      averagePrecision: pr.averagePrecision,
      thresholds: thresholdTable(positives, negatives),
      riskLevels: [...riskOrder, null].map((risk) => ({
        risk,
        ...rateOf(risks.get(risk) ?? { rows: 0, fraud: 0 }, baseRate),
      })),
      riskThresholds: riskThresholdTable(riskCounts, positives.length, negatives.length),
      ...codeRates(codeTable, baseRate),
      alertQuantities: alertBuckets.map((bucket) => ({
        bucket,
        ...rateOf(alerts.get(bucket) ?? { rows: 0, fraud: 0 }, baseRate),
      })),
      deviceAges: [...ageBuckets.map((bucket) => bucket.key), 'unknown' as const].map((bucket) => ({
        bucket,
        ...rateOf(ages.get(bucket) ?? { rows: 0, fraud: 0 }, baseRate),
      })),
      histogram: histogram.map((bin, i) => ({
        from: i / histogramBins,
        to: (i + 1) / histogramBins,
        ...bin,
      })),
      roc: thin(rocCurve(positives, negatives, levels)),
      precisionRecall: thin(pr.curve),
    };
  }

  return { add, addCounts, finish };
}

/** The whole report of a list of cases. */
export function scoreReport(cases: Iterable<ReportCase>, options: LabelOptions): ScoreReport {
  const builder = createReportBuilder(options);
  for (const row of cases) builder.add(row);
  return builder.finish();
}
