import { useI18n } from '../../i18n/i18n';
import type { ChartDatum } from './chart-datum';
import { barLength } from './chart-scale';

const width = 340;
const rowHeight = 18;
const labelWidth = 72;
const valueWidth = 44;

interface RowChartProps {
  data: readonly ChartDatum[];
  titleId: string;
  descId: string;
  title: string;
  description: string;
}

/** Horizontal bars, one per label, the longest first as given; for codes with counts. */
export function RowChart({ data, titleId, descId, title, description }: RowChartProps) {
  const { number } = useI18n();
  const height = Math.max(1, data.length) * rowHeight + 8;
  const plotWidth = width - labelWidth - valueWidth;
  // The longest bar fills the width: the codes are compared with each other, not with an axis.
  const top = Math.max(1, ...data.map((datum) => datum.value));
  return (
    <svg
      viewBox={`0 0 ${String(width)} ${String(height)}`}
      role="img"
      aria-labelledby={`${titleId} ${descId}`}
      className="chart-svg"
    >
      <title id={titleId}>{title}</title>
      <desc id={descId}>{description}</desc>
      {data.map((datum, index) => {
        const y = 4 + index * rowHeight;
        const length = barLength(datum.value, top, plotWidth);
        return (
          <g key={datum.key} data-key={datum.key}>
            <text
              x={labelWidth - 6}
              y={y + 12}
              textAnchor="end"
              fontSize={11}
              className="chart-label"
            >
              {datum.label}
            </text>
            <rect
              x={labelWidth}
              y={y + 2}
              width={length}
              height={rowHeight - 5}
              rx={2}
              className={`chart-bar ${datum.className ?? ''}`}
            />
            <text x={labelWidth + length + 4} y={y + 12} fontSize={10}>
              {number(datum.value)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
