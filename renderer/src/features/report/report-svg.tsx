import type { ReactNode } from 'react';
import { countTicks } from '../../../../shared/report/count-ticks';
import {
  height,
  margin,
  plotHeight,
  plotWidth,
  quarters as ticks,
  width,
  x,
  y,
} from '../../../../shared/report/chart-geometry';

/**
 * The report's pictures as React SVG, drawn like the exported page's (shared/report/svg.ts), on
 * the same geometry (chart-geometry.ts). Colours come from the theme's style sheet.
 */

export interface Axis {
  label: string;
  tick: (value: number) => string;
}

interface FrameProps {
  /** What the picture shows, with its key numbers: the name a screen reader reads. */
  summary: string;
  xAxis: Axis;
  yAxis: Axis;
  /** Where the y ticks sit, as shares of the plot's height; quarters unless given. */
  yTicks?: readonly number[];
  children: ReactNode;
  testId: string;
}

/** Focusable (Tab reaches it), named by its summary; the numbers sit in a table beside it. */
function Frame({ summary, xAxis, yAxis, yTicks = ticks, children, testId }: FrameProps) {
  return (
    <svg
      viewBox={`0 0 ${String(width)} ${String(height)}`}
      role="img"
      aria-label={summary}
      tabIndex={0}
      className="report-svg"
      data-testid={testId}
    >
      {yTicks.map((t) => (
        <g key={t} className="report-grid">
          <line x1={margin.left} x2={width - margin.right} y1={y(t)} y2={y(t)} />
          <text x={margin.left - 8} y={y(t) + 4} textAnchor="end">
            {yAxis.tick(t)}
          </text>
        </g>
      ))}
      {ticks.map((t) => (
        <text key={t} x={x(t)} y={height - margin.bottom + 20} textAnchor="middle">
          {xAxis.tick(t)}
        </text>
      ))}
      <text
        x={margin.left + plotWidth / 2}
        y={height - 6}
        textAnchor="middle"
        className="report-axis"
      >
        {xAxis.label}
      </text>
      <text
        transform={`translate(14 ${String(margin.top + plotHeight / 2)}) rotate(-90)`}
        textAnchor="middle"
        className="report-axis"
      >
        {yAxis.label}
      </text>
      {children}
    </svg>
  );
}

interface CurveProps {
  summary: string;
  points: ReadonlyArray<readonly [number, number]>;
  axes: { x: Axis; y: Axis };
  /** Draws the line of a score that separates nothing. */
  diagonal: boolean;
  testId: string;
}

export function CurveSvg({ summary, points, axes, diagonal, testId }: CurveProps) {
  const path = points
    .map(([px, py], i) => `${i === 0 ? 'M' : 'L'}${x(px).toFixed(1)} ${y(py).toFixed(1)}`)
    .join(' ');
  return (
    <Frame summary={summary} xAxis={axes.x} yAxis={axes.y} testId={testId}>
      {diagonal ? <line x1={x(0)} y1={y(0)} x2={x(1)} y2={y(1)} className="report-chance" /> : null}
      <path d={path} className="report-curve" fill="none" />
    </Frame>
  );
}

interface BarsProps {
  summary: string;
  groups: ReadonlyArray<{ label: string; a: number; b: number }>;
  axes: { x: Axis; y: Axis };
  testId: string;
}

/**
 * Two series side by side per group (fraud, legitimate), heights as shares of the axis's top: a
 * whole count at or above the tallest bar, so each count label names its own gridline.
 */
export function PairedBarsSvg({ summary, groups, axes, testId }: BarsProps) {
  const { top, values } = countTicks(
    Math.max(...groups.map((group) => Math.max(group.a, group.b))),
  );
  const slot = plotWidth / Math.max(1, groups.length);
  const bar = Math.max(1, slot / 2 - 1);
  const rect = (value: number, left: number, kind: string) => {
    const upper = y(value / top);
    return <rect x={left} y={upper} width={bar} height={y(0) - upper} className={kind} />;
  };
  return (
    <Frame
      summary={summary}
      xAxis={axes.x}
      yAxis={{ ...axes.y, tick: (t) => axes.y.tick(Math.round(t * top)) }}
      yTicks={values.map((value) => value / top)}
      testId={testId}
    >
      {groups.map((group, i) => {
        const left = margin.left + i * slot;
        return (
          <g key={group.label}>
            {rect(group.a, left, 'report-series-a')}
            {rect(group.b, left + bar, 'report-series-b')}
          </g>
        );
      })}
    </Frame>
  );
}
