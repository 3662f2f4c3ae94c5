import { useId } from 'react';
import { outcomes, type Outcome } from '../../../../shared/domain/types';
import { useI18n } from '../../i18n/i18n';
import { barLength } from '../../components/charts/chart-scale';
import { ChartSvg } from '../../components/charts/chart-svg';
import { rowLayout } from '../../components/charts/chart-layout';
import { useChartBox } from '../../components/charts/use-chart-box';
import { outcomeSlug } from '../../lib/outcome-slug';
import '../../components/charts/charts.css';

/**
 * Rows per outcome as horizontal bars, the values named exactly as the file carries them; a
 * visually hidden table gives the same numbers to screen readers and to the tests.
 */
export function OutcomeBars({ counts }: { counts: Record<Outcome, number> }) {
  const { t, number } = useI18n();
  const id = useId();
  const [ref, box] = useChartBox<HTMLDivElement>();
  const valueText = outcomes.map((outcome) => number(counts[outcome]));
  // Laid out in CSS px for the box it is in, so its text keeps the style sheet's size.
  const layout = box ? rowLayout(box, outcomes, valueText) : null;
  const top = Math.max(1, ...outcomes.map((outcome) => counts[outcome]));
  const title = t('uploads.preview.chart');
  const description = outcomes.map((outcome) => `${outcome} ${number(counts[outcome])}`).join(', ');
  return (
    <figure className="chart outcome-chart" data-testid="preview-counts">
      <figcaption className="chart-title">{title}</figcaption>
      <div ref={ref} className="chart-area">
        {layout ? (
          <ChartSvg
            width={layout.width}
            height={layout.height}
            titleId={`${id}-title`}
            descId={`${id}-desc`}
            title={title}
            description={description}
          >
            {outcomes.map((outcome, index) => {
              const { rowHeight, labelWidth, plotWidth, gap, baseline } = layout;
              const y = gap / 2 + index * rowHeight;
              const length = barLength(counts[outcome], top, plotWidth);
              const bar = { x: labelWidth, y: y + layout.barTop, height: layout.barHeight, rx: 3 };
              return (
                <g key={outcome} data-key={outcome}>
                  <text
                    x={labelWidth - gap}
                    y={y + baseline}
                    textAnchor="end"
                    className="chart-label"
                  >
                    {outcome}
                  </text>
                  <rect {...bar} width={plotWidth} className="chart-track" />
                  <rect
                    {...bar}
                    width={length}
                    className={`chart-bar outcome-${outcomeSlug(outcome)}`}
                  />
                  <text x={labelWidth + plotWidth + gap / 2} y={y + baseline}>
                    {valueText[index]}
                  </text>
                </g>
              );
            })}
          </ChartSvg>
        ) : null}
      </div>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t('uploads.preview.outcome')}</th>
            <th scope="col">{t('uploads.preview.rows')}</th>
          </tr>
        </thead>
        <tbody>
          {outcomes.map((outcome) => (
            <tr key={outcome} data-key={outcome}>
              <th scope="row">{outcome}</th>
              <td data-value={counts[outcome]}>{number(counts[outcome])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
