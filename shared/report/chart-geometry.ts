/**
 * Where the exported page's charts draw (svg.ts): a unit-square plot with ticks at quarters, the
 * app's React SVG taking the ticks too (it lays itself out for its box, report-geometry.ts). The left margin holds the rotated y-axis title and, beside it, a tick as wide as
 * "100,0 %"; the right one half of that tick, centred under the plot's right edge; the bottom one
 * the x ticks below the lowest y tick, then the x-axis title.
 */
export const width = 360;
export const height = 260;
export const margin = { top: 14, right: 28, bottom: 48, left: 72 };
export const plotWidth = width - margin.left - margin.right;
export const plotHeight = height - margin.top - margin.bottom;
export const x = (value: number) => margin.left + value * plotWidth;
export const y = (value: number) => margin.top + (1 - value) * plotHeight;
export const quarters = [0, 0.25, 0.5, 0.75, 1];
