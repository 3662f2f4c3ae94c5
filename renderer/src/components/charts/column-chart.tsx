import { useI18n } from '../../i18n/i18n';
import type { ChartDatum } from './chart-datum';
import { columnLayout } from './chart-layout';
import { barLength, countAxis } from './chart-scale';
import { ChartSvg } from './chart-svg';
import { useChartBox } from './use-chart-box';

interface ColumnChartProps {
  data: readonly ChartDatum[];
  titleId: string;
  descId: string;
  title: string;
  description: string;
}

/**
 * Vertical bars on a zero-based axis, geometry in SVG attributes (no inline style sheet), laid out
 * in CSS px for the box it is in; the text takes the style sheet's size.
 */
export function ColumnChart({ data, titleId, descId, title, description }: ColumnChartProps) {
  const { number } = useI18n();
  const [ref, box] = useChartBox<HTMLDivElement>();
  const { top, ticks } = countAxis(Math.max(0, ...data.map((datum) => datum.value)));
  const tickText = ticks.map((tick) => number(tick, { notation: 'compact' }));
  const valueText = data.map((datum) => number(datum.value, { notation: 'compact' }));
  const layout = box
    ? columnLayout(
        box,
        data.map((datum) => datum.label),
        valueText,
        tickText,
      )
    : null;
  return (
    <div ref={ref} className="chart-area">
      {layout ? (
        <ChartSvg
          width={layout.width}
          height={layout.height}
          titleId={titleId}
          descId={descId}
          title={title}
          description={description}
        >
          {ticks.map((tick, index) => {
            const { margin, plotHeight } = layout;
            const y = margin.top + plotHeight - barLength(tick, top, plotHeight);
            return (
              <g key={tick} className="chart-grid">
                <line x1={margin.left} x2={layout.width - margin.right} y1={y} y2={y} />
                <text x={margin.left - margin.right} y={y + layout.middle} textAnchor="end">
                  {tickText[index]}
                </text>
              </g>
            );
          })}
          {data.map((datum, index) => {
            const { margin, plotHeight, slot, barWidth, middle } = layout;
            const length = barLength(datum.value, top, plotHeight);
            const center = margin.left + slot * index + slot / 2;
            const y = margin.top + plotHeight - length;
            const below = margin.top + plotHeight + margin.right;
            return (
              <g key={datum.key} data-key={datum.key}>
                <rect
                  x={center - barWidth / 2}
                  y={y}
                  width={barWidth}
                  height={length}
                  rx={2}
                  className={`chart-bar ${datum.className ?? ''}`}
                />
                {layout.uprightValues ? (
                  <text
                    transform={`translate(${String(center + middle)} ${String(y - 3)}) rotate(-90)`}
                  >
                    {valueText[index]}
                  </text>
                ) : (
                  <text x={center} y={y - 3} textAnchor="middle">
                    {valueText[index]}
                  </text>
                )}
                {layout.upright ? (
                  <text
                    transform={`translate(${String(center + middle)} ${String(below)}) rotate(-90)`}
                    textAnchor="end"
                    className="chart-label"
                  >
                    {datum.label}
                  </text>
                ) : (
                  <text
                    x={center}
                    y={below + layout.font}
                    textAnchor="middle"
                    className="chart-label"
                  >
                    {datum.label}
                  </text>
                )}
              </g>
            );
          })}
        </ChartSvg>
      ) : null}
    </div>
  );
}
