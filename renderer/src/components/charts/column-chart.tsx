import { useI18n } from '../../i18n/i18n';
import type { ChartDatum } from './chart-datum';
import { barLength, countAxis } from './chart-scale';

const width = 340;
const height = 190;
const margin = { top: 16, right: 8, bottom: 24, left: 40 };

interface ColumnChartProps {
  data: readonly ChartDatum[];
  titleId: string;
  descId: string;
  title: string;
  description: string;
}

/** Vertical bars on a zero-based axis, geometry in SVG attributes (no inline style sheet). */
export function ColumnChart({ data, titleId, descId, title, description }: ColumnChartProps) {
  const { number } = useI18n();
  const plotWidth = width - margin.left - margin.right;
  const plotHeight = height - margin.top - margin.bottom;
  const { top, ticks } = countAxis(Math.max(0, ...data.map((datum) => datum.value)));
  const slot = plotWidth / Math.max(1, data.length);
  const barWidth = Math.min(44, slot * 0.7);
  return (
    <svg
      viewBox={`0 0 ${String(width)} ${String(height)}`}
      role="img"
      aria-labelledby={`${titleId} ${descId}`}
      className="chart-svg"
    >
      <title id={titleId}>{title}</title>
      <desc id={descId}>{description}</desc>
      {ticks.map((tick) => {
        const y = margin.top + plotHeight - barLength(tick, top, plotHeight);
        return (
          <g key={tick} className="chart-grid">
            <line x1={margin.left} x2={width - margin.right} y1={y} y2={y} />
            <text x={margin.left - 6} y={y + 4} textAnchor="end" fontSize={10}>
              {number(tick, { notation: 'compact' })}
            </text>
          </g>
        );
      })}
      {data.map((datum, index) => {
        const length = barLength(datum.value, top, plotHeight);
        const x = margin.left + slot * index + (slot - barWidth) / 2;
        const y = margin.top + plotHeight - length;
        return (
          <g key={datum.key} data-key={datum.key}>
            <rect
              x={x}
              y={y}
              width={barWidth}
              height={length}
              rx={2}
              className={`chart-bar ${datum.className ?? ''}`}
            />
            <text x={x + barWidth / 2} y={y - 3} textAnchor="middle" fontSize={10}>
              {number(datum.value, { notation: 'compact' })}
            </text>
            <text
              x={x + barWidth / 2}
              y={height - margin.bottom + 14}
              textAnchor="middle"
              fontSize={10}
              className="chart-label"
            >
              {datum.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
