/** What each chart draws, from the aggregates the core computed over the filtered rows. */
import type { ResultAggregates } from '../../../../../shared/contract/results';
import type { DeviceRisk } from '../../../../../shared/domain/types';
import type { ChartDatum } from '../../../components/charts/chart-datum';
import { scoreBinLabels } from '../../../components/charts/chart-scale';

export const riskOrder = [
  'low',
  'medium',
  'high',
  'undefined',
  'none',
] as const satisfies ReadonlyArray<DeviceRisk | 'none'>;

export function riskData(
  aggregates: ResultAggregates,
  label: (risk: (typeof riskOrder)[number]) => string,
): ChartDatum[] {
  return riskOrder.map((risk) => ({
    key: risk,
    label: label(risk),
    fullLabel: label(risk),
    value: aggregates.risks[risk],
    className: `risk-${risk}`,
  }));
}

/** Ten bins, drawn with their lower edge (`0.3`), listed with their range (`0.3–0.4`). */
export function scoreData(aggregates: ResultAggregates, locale: string): ChartDatum[] {
  const ranges = scoreBinLabels(locale);
  const edge = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  return Array.from({ length: 10 }, (_, bin) => ({
    key: `bin-${String(bin)}`,
    label: edge.format(bin / 10),
    fullLabel: ranges[bin] ?? '',
    value: aggregates.scoreHistogram[bin] ?? 0,
    className: 'score-bin',
  }));
}

/** The ten most frequent codes, most frequent first. */
export function insightData(aggregates: ResultAggregates): ChartDatum[] {
  return aggregates.topInsights.slice(0, 10).map(({ code, count }) => ({
    key: code,
    label: code,
    fullLabel: code,
    value: count,
    className: 'insight-bar',
  }));
}
