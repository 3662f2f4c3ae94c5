import { useId } from 'react';
import { outcomes, type Outcome } from '../../../../shared/domain/types';
import { useI18n } from '../../i18n/i18n';
import { barLength } from '../../components/charts/chart-scale';
import { outcomeSlug } from '../../lib/outcome-slug';
import '../../components/charts/charts.css';

const width = 420;
const rowHeight = 26;
const labelWidth = 150;
const valueWidth = 56;

/**
 * Rows per outcome as horizontal bars, the values named exactly as the file carries them; a
 * visually hidden table gives the same numbers to screen readers and to the tests.
 */
export function OutcomeBars({ counts }: { counts: Record<Outcome, number> }) {
  const { t, number } = useI18n();
  const id = useId();
  const height = outcomes.length * rowHeight + 6;
  const plotWidth = width - labelWidth - valueWidth;
  const top = Math.max(1, ...outcomes.map((outcome) => counts[outcome]));
  const title = t('uploads.preview.chart');
  const description = outcomes.map((outcome) => `${outcome} ${number(counts[outcome])}`).join(', ');
  return (
    <figure className="chart outcome-chart" data-testid="preview-counts">
      <figcaption className="chart-title">{title}</figcaption>
      <svg
        viewBox={`0 0 ${String(width)} ${String(height)}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="chart-svg"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {outcomes.map((outcome, index) => {
          const y = 4 + index * rowHeight;
          const length = barLength(counts[outcome], top, plotWidth);
          return (
            <g key={outcome} data-key={outcome}>
              <text
                x={labelWidth - 8}
                y={y + 15}
                textAnchor="end"
                fontSize={12}
                className="chart-label"
              >
                {outcome}
              </text>
              <rect
                x={labelWidth}
                y={y + 2}
                width={plotWidth}
                height={rowHeight - 8}
                rx={3}
                className="chart-track"
              />
              <rect
                x={labelWidth}
                y={y + 2}
                width={length}
                height={rowHeight - 8}
                rx={3}
                className={`chart-bar outcome-${outcomeSlug(outcome)}`}
              />
              <text x={labelWidth + plotWidth + 6} y={y + 15} fontSize={12}>
                {number(counts[outcome])}
              </text>
            </g>
          );
        })}
      </svg>
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
