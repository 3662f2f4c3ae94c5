import type { ChartBox } from '../../components/charts/use-chart-box';

/**
 * Where the report's pictures draw in the app, in CSS px: a unit-square plot whose margins hold
 * the widest tick label and the axis titles at the font the analyst sees (the exported page keeps
 * its fixed geometry, shared/report/chart-geometry.ts, for a page printed or mailed as it is).
 */
export interface ReportGeometry {
  width: number;
  height: number;
  margin: { top: number; right: number; bottom: number; left: number };
  plotWidth: number;
  plotHeight: number;
  font: number;
  gap: number;
  line: number;
  x: (value: number) => number;
  y: (value: number) => number;
}

export interface ReportTexts {
  xTicks: readonly string[];
  yTicks: readonly string[];
  /** The y-axis title, drawn upright beside the ticks: the plot is at least as tall. */
  yTitle: string;
}

export function reportGeometry(box: ChartBox, texts: ReportTexts): ReportGeometry {
  const { font } = box;
  const widest = (list: readonly string[]) =>
    Math.ceil(Math.max(0, ...list.map((text) => box.measure(text))));
  const gap = Math.round(font * 0.5);
  const line = Math.ceil(font * 1.3);
  const margin = {
    top: Math.ceil(font * 0.8),
    // Half the last x tick, centred under the plot's right edge.
    right: Math.ceil(widest(texts.xTicks) / 2) + 2,
    bottom: gap + line + gap + line,
    left: line + gap + widest(texts.yTicks) + gap,
  };
  const plotWidth = Math.max(1, box.width - margin.left - margin.right);
  // Axis titles are bold: measured at the regular weight, they get a tenth more.
  const plotHeight = Math.ceil(
    Math.max(font * 8, plotWidth * 0.75, box.measure(texts.yTitle) * 1.1 + font),
  );
  return {
    width: box.width,
    height: margin.top + plotHeight + margin.bottom,
    margin,
    plotWidth,
    plotHeight,
    font,
    gap,
    line,
    x: (value) => margin.left + value * plotWidth,
    y: (value) => margin.top + (1 - value) * plotHeight,
  };
}
