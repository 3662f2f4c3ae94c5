/**
 * Charts of the report as SVG text: the same pictures in the app, in the exported HTML and in
 * the PDF, with no script and no external resource. Every label passes through `escapeXml`.
 */

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);
}

export interface Axis {
  label: string;
  /** Formats a tick value. */
  tick: (value: number) => string;
}

const width = 360;
const height = 260;
const margin = { top: 12, right: 22, bottom: 44, left: 52 };
const plotWidth = width - margin.left - margin.right;
const plotHeight = height - margin.top - margin.bottom;
const x = (value: number) => margin.left + value * plotWidth;
const y = (value: number) => margin.top + (1 - value) * plotHeight;

function frame(title: string, xAxis: Axis, yAxis: Axis, body: string): string {
  const ticks = [0, 0.25, 0.5, 0.75, 1];
  const xTicks = ticks
    .map(
      (t) =>
        `<text x="${x(t).toFixed(1)}" y="${String(height - margin.bottom + 16)}" text-anchor="middle">${escapeXml(xAxis.tick(t))}</text>`,
    )
    .join('');
  const yTicks = ticks
    .map(
      (t) =>
        `<text x="${String(margin.left - 6)}" y="${(y(t) + 4).toFixed(1)}" text-anchor="end">${escapeXml(yAxis.tick(t))}</text>` +
        `<line x1="${String(margin.left)}" x2="${String(width - margin.right)}" y1="${y(t).toFixed(1)}" y2="${y(t).toFixed(1)}" class="grid"/>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${String(width)} ${String(height)}" role="img" aria-label="${escapeXml(title)}" class="chart">` +
    `<title>${escapeXml(title)}</title>${yTicks}${xTicks}` +
    `<text x="${String(margin.left + plotWidth / 2)}" y="${String(height - 6)}" text-anchor="middle" class="axis">${escapeXml(xAxis.label)}</text>` +
    `<text transform="translate(12 ${String(margin.top + plotHeight / 2)}) rotate(-90)" text-anchor="middle" class="axis">${escapeXml(yAxis.label)}</text>` +
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

/** Bars of two series side by side per group (fraud and legitimate), heights as shares of the tallest. */
export function pairedBars(
  title: string,
  groups: ReadonlyArray<{ label: string; a: number; b: number }>,
  axes: { x: Axis; y: Axis },
): string {
  const tallest = Math.max(1, ...groups.map((group) => Math.max(group.a, group.b)));
  const slot = plotWidth / Math.max(1, groups.length);
  const bar = Math.max(1, slot / 2 - 1);
  const bars = groups
    .map((group, i) => {
      const left = margin.left + i * slot;
      const rect = (value: number, offset: number, kind: string) => {
        const top = y(value / tallest);
        return `<rect x="${(left + offset).toFixed(1)}" y="${top.toFixed(1)}" width="${bar.toFixed(1)}" height="${(y(0) - top).toFixed(1)}" class="${kind}"><title>${escapeXml(`${group.label}: ${String(value)}`)}</title></rect>`;
      };
      return rect(group.a, 0, 'series-a') + rect(group.b, bar, 'series-b');
    })
    .join('');
  return frame(title, axes.x, { ...axes.y, tick: (t) => axes.y.tick(t * tallest) }, bars);
}
