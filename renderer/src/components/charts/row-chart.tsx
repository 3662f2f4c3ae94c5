import { useI18n } from '../../i18n/i18n';
import type { ChartDatum } from './chart-datum';
import { rowLayout } from './chart-layout';
import { barLength } from './chart-scale';
import { ChartSvg } from './chart-svg';
import { useChartBox } from './use-chart-box';

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
  const [ref, box] = useChartBox<HTMLDivElement>();
  const valueText = data.map((datum) => number(datum.value));
  const layout = box
    ? rowLayout(
        box,
        data.map((datum) => datum.label),
        valueText,
      )
    : null;
  // The longest bar fills the width: the codes are compared with each other, not with an axis.
  const top = Math.max(1, ...data.map((datum) => datum.value));
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
          {data.map((datum, index) => {
            const { rowHeight, labelWidth, gap, baseline } = layout;
            const y = layout.gap / 2 + index * rowHeight;
            const length = barLength(datum.value, top, layout.plotWidth);
            return (
              <g key={datum.key} data-key={datum.key}>
                <text
                  x={labelWidth - gap}
                  y={y + baseline}
                  textAnchor="end"
                  className="chart-label"
                >
                  {datum.label}
                </text>
                <rect
                  x={labelWidth}
                  y={y + layout.barTop}
                  width={length}
                  height={layout.barHeight}
                  rx={2}
                  className={`chart-bar ${datum.className ?? ''}`}
                />
                <text x={labelWidth + length + gap / 2} y={y + baseline}>
                  {valueText[index]}
                </text>
              </g>
            );
          })}
        </ChartSvg>
      ) : null}
    </div>
  );
}
