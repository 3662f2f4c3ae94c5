/**
 * Charts of the report as SVG text: the same pictures in the app, in the exported HTML and in
 * the PDF, with no script and no external resource. Every label passes through `escapeXml`.
 */
import { height, margin, plotHeight, plotWidth, quarters, width, x, y } from './chart-geometry';
import { countTicks } from './count-ticks';

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);
}

export interface Axis {
  label: string;
  /** Formats a tick value. */
  tick: (value: number) => string;
}

/** The frame of a chart; `yAt`: where the y ticks sit, as shares of the plot's height. */
function frame(
  title: string,
  xAxis: Axis,
  yAxis: Axis,
  body: string,
  yAt: readonly number[] = quarters,
): string {
  const xTicks = quarters
    .map(
      (t) =>
        `<text x="${x(t).toFixed(1)}" y="${String(height - margin.bottom + 20)}" text-anchor="middle">${escapeXml(xAxis.tick(t))}</text>`,
    )
    .join('');
  const yTicks = yAt
    .map(
      (t) =>
        `<text x="${String(margin.left - 8)}" y="${(y(t) + 4).toFixed(1)}" text-anchor="end">${escapeXml(yAxis.tick(t))}</text>` +
        `<line x1="${String(margin.left)}" x2="${String(width - margin.right)}" y1="${y(t).toFixed(1)}" y2="${y(t).toFixed(1)}" class="grid"/>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${String(width)} ${String(height)}" role="img" aria-label="${escapeXml(title)}" class="chart">` +
    `<title>${escapeXml(title)}</title>${yTicks}${xTicks}` +
    `<text x="${String(margin.left + plotWidth / 2)}" y="${String(height - 6)}" text-anchor="middle" class="axis">${escapeXml(xAxis.label)}</text>` +
    `<text transform="translate(14 ${String(margin.top + plotHeight / 2)}) rotate(-90)" text-anchor="middle" class="axis">${escapeXml(yAxis.label)}</text>` +
    `${body}</svg>`
  );
}

/** A curve of points in the unit square; `diagonal` draws the line of a useless score. */
export function curveChart(
  title: string,
  points: ReadonlyArray<readonly [number, number]>,
  axes: { x: Axis; y: Axis },
  diagonal: boolean,
): string {
  const path = points
    .map(([px, py], i) => `${i === 0 ? 'M' : 'L'}${x(px).toFixed(1)} ${y(py).toFixed(1)}`)
    .join(' ');
  const chance = diagonal
    ? `<line x1="${x(0).toFixed(1)}" y1="${y(0).toFixed(1)}" x2="${x(1).toFixed(1)}" y2="${y(1).toFixed(1)}" class="chance"/>`
    : '';
  return frame(title, axes.x, axes.y, `${chance}<path d="${path}" class="curve" fill="none"/>`);
}

/**
 * Bars of two series side by side per group (fraud and legitimate), heights as shares of the
 * axis's top: a whole count at or above the tallest bar, so each count label names its gridline.
 */
export function pairedBars(
  title: string,
  groups: ReadonlyArray<{ label: string; a: number; b: number }>,
  axes: { x: Axis; y: Axis },
): string {
  const { top, values } = countTicks(
    Math.max(...groups.map((group) => Math.max(group.a, group.b))),
  );
  const slot = plotWidth / Math.max(1, groups.length);
  const bar = Math.max(1, slot / 2 - 1);
  const bars = groups
    .map((group, i) => {
      const left = margin.left + i * slot;
      const rect = (value: number, offset: number, kind: string) => {
        const upper = y(value / top);
        return `<rect x="${(left + offset).toFixed(1)}" y="${upper.toFixed(1)}" width="${bar.toFixed(1)}" height="${(y(0) - upper).toFixed(1)}" class="${kind}"><title>${escapeXml(`${group.label}: ${String(value)}`)}</title></rect>`;
      };
      return rect(group.a, 0, 'series-a') + rect(group.b, bar, 'series-b');
    })
    .join('');
  const yAxis = { ...axes.y, tick: (t: number) => axes.y.tick(Math.round(t * top)) };
  return frame(
    title,
    axes.x,
    yAxis,
    bars,
    values.map((value) => value / top),
  );
}
