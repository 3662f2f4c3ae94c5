import type { ChartBox } from './use-chart-box';

/**
 * Where the bar charts draw, in CSS px, from the box they are in and the size of their text: the
 * margins hold the widest label at the font the analyst sees, so zooming or larger text makes room
 * instead of shrinking the labels or letting them overlap.
 */

const widest = (box: ChartBox, texts: readonly string[]) =>
  Math.ceil(Math.max(0, ...texts.map((text) => box.measure(text))));

export interface ColumnLayout {
  width: number;
  height: number;
  margin: { top: number; right: number; bottom: number; left: number };
  plotWidth: number;
  plotHeight: number;
  slot: number;
  barWidth: number;
  /** Labels under the bars turned upright: side by side, they would not fit their slots. */
  upright: boolean;
  /** Counts over the bars turned upright, for the same reason. */
  uprightValues: boolean;
  /** Distance from a label's baseline to its box's middle: text sits centred on its point. */
  middle: number;
  font: number;
}

/** Vertical bars: tick labels left, counts over the bars, labels under them. */
export function columnLayout(
  box: ChartBox,
  labels: readonly string[],
  values: readonly string[],
  ticks: readonly string[],
): ColumnLayout {
  const { font } = box;
  const gap = Math.round(font * 0.4);
  const left = widest(box, ticks) + gap * 2;
  const plotWidth = Math.max(1, box.width - left - gap);
  const slot = plotWidth / Math.max(1, labels.length);
  const upright = widest(box, labels) > slot - gap;
  const uprightValues = widest(box, values) > slot - gap;
  const line = Math.ceil(font * 1.3);
  const margin = {
    top: (uprightValues ? widest(box, values) : line) + gap,
    right: gap,
    bottom: (upright ? widest(box, labels) : line) + gap * 2,
    left,
  };
  // Room for about five lines of text between the lowest and the highest tick.
  const plotHeight = Math.max(font * 8, Math.min(plotWidth * 0.45, font * 14));
  return {
    width: box.width,
    height: Math.ceil(margin.top + plotHeight + margin.bottom),
    margin,
    plotWidth,
    plotHeight,
    slot,
    barWidth: Math.min(font * 3, slot * 0.7),
    upright,
    uprightValues,
    middle: Math.round(font * 0.35),
    font,
  };
}

export interface RowLayout {
  width: number;
  height: number;
  rowHeight: number;
  labelWidth: number;
  plotWidth: number;
  gap: number;
  /** From a row's top to the baseline of its text. */
  baseline: number;
  barTop: number;
  barHeight: number;
}

/** Horizontal bars: labels left, a bar, its count after it. */
export function rowLayout(
  box: ChartBox,
  labels: readonly string[],
  values: readonly string[],
): RowLayout {
  const { font } = box;
  const gap = Math.round(font * 0.5);
  const rowHeight = Math.ceil(font * 1.7);
  const labelWidth = widest(box, labels) + gap;
  const valueWidth = widest(box, values) + gap;
  return {
    width: box.width,
    height: Math.max(1, labels.length) * rowHeight + gap,
    rowHeight,
    labelWidth,
    plotWidth: Math.max(0, box.width - labelWidth - valueWidth - gap),
    gap,
    baseline: Math.round(rowHeight / 2 + font * 0.35),
    barTop: Math.round(rowHeight * 0.18),
    barHeight: Math.round(rowHeight * 0.64),
  };
}
