import type { ReactNode } from 'react';
import { countTicks } from '../../../../shared/report/count-ticks';
import { quarters as ticks } from '../../../../shared/report/chart-geometry';
import { useChartBox } from '../../components/charts/use-chart-box';
import { reportGeometry, type ReportGeometry } from './report-geometry';
import '../../components/charts/charts.css';

/**
 * The report's pictures as React SVG, drawn like the exported page's (shared/report/svg.ts) but
 * laid out for the box they are in (report-geometry.ts), so their labels keep the text's size
 * when the window is zoomed. Colours come from the theme's style sheet.
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
  /** The marks, drawn on the frame's geometry. */
  children: (geometry: ReportGeometry) => ReactNode;
  testId: string;
}

/** Focusable (Tab reaches it), named by its summary; the numbers sit in a table beside it. */
function Frame({ summary, xAxis, yAxis, yTicks = ticks, children, testId }: FrameProps) {
  const [ref, box] = useChartBox<HTMLDivElement>();
  const texts = {
    xTicks: ticks.map(xAxis.tick),
    yTicks: yTicks.map(yAxis.tick),
    yTitle: yAxis.label,
  };
  const g = box ? reportGeometry(box, texts) : null;
  return (
    <div ref={ref} className="chart-area">
      {g ? (
        <svg
          width={g.width}
          height={g.height}
          viewBox={`0 0 ${String(g.width)} ${String(g.height)}`}
          role="img"
          aria-label={summary}
          tabIndex={0}
          className="report-svg"
          data-testid={testId}
        >
          {yTicks.map((t, i) => (
            <g key={t} className="report-grid">
              <line x1={g.margin.left} x2={g.width - g.margin.right} y1={g.y(t)} y2={g.y(t)} />
              <text
                x={g.margin.left - g.gap}
                y={g.y(t) + Math.round(g.font * 0.35)}
                textAnchor="end"
              >
                {texts.yTicks[i]}
              </text>
            </g>
          ))}
          {ticks.map((t, i) => (
            <text
              key={t}
              x={g.x(t)}
              y={g.margin.top + g.plotHeight + g.gap + g.font}
              textAnchor="middle"
            >
              {texts.xTicks[i]}
            </text>
          ))}
          <text
            x={g.margin.left + g.plotWidth / 2}
            y={g.margin.top + g.plotHeight + 2 * g.gap + g.line + g.font}
            textAnchor="middle"
            className="report-axis"
          >
            {xAxis.label}
          </text>
          <text
            transform={`translate(${String(g.font)} ${String(g.margin.top + g.plotHeight / 2)}) rotate(-90)`}
            textAnchor="middle"
            className="report-axis"
          >
            {yAxis.label}
          </text>
          {children(g)}
        </svg>
      ) : null}
    </div>
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
  return (
    <Frame summary={summary} xAxis={axes.x} yAxis={axes.y} testId={testId}>
      {({ x, y }) => (
        <>
          {diagonal ? (
            <line x1={x(0)} y1={y(0)} x2={x(1)} y2={y(1)} className="report-chance" />
          ) : null}
          <path
            d={points
              .map(([px, py], i) => `${i === 0 ? 'M' : 'L'}${x(px).toFixed(1)} ${y(py).toFixed(1)}`)
              .join(' ')}
            className="report-curve"
            fill="none"
          />
        </>
      )}
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
  return (
    <Frame
      summary={summary}
      xAxis={axes.x}
      yAxis={{ ...axes.y, tick: (t) => axes.y.tick(Math.round(t * top)) }}
      yTicks={values.map((value) => value / top)}
      testId={testId}
    >
      {({ y, margin, plotWidth }) => {
        const slot = plotWidth / Math.max(1, groups.length);
        const bar = Math.max(1, slot / 2 - 1);
        const rect = (value: number, left: number, kind: string) => {
          const upper = y(value / top);
          return <rect x={left} y={upper} width={bar} height={y(0) - upper} className={kind} />;
        };
        return groups.map((group, i) => {
          const left = margin.left + i * slot;
          return (
            <g key={group.label}>
              {rect(group.a, left, 'report-series-a')}
              {rect(group.b, left + bar, 'report-series-b')}
            </g>
          );
        });
      }}
    </Frame>
  );
}
