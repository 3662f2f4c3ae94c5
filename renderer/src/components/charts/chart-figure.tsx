import { useId } from 'react';
import { useI18n } from '../../i18n/i18n';
import type { ChartDatum } from './chart-datum';
import { ColumnChart } from './column-chart';
import { RowChart } from './row-chart';
import './charts.css';

interface ChartFigureProps {
  title: string;
  /** Header of the label column in the table of numbers. */
  labelHeader: string;
  data: readonly ChartDatum[];
  testId: string;
  /** Vertical bars for a distribution, horizontal ones for ranked labels. */
  shape: 'columns' | 'rows';
}

/**
 * A chart as a figure: a visible title, an SVG drawing named by its `<title>` and `<desc>`, and a
 * visually hidden table of the same numbers for screen readers and anyone who wants the figures.
 */
export function ChartFigure({ title, labelHeader, data, testId, shape }: ChartFigureProps) {
  const { t, number } = useI18n();
  const id = useId();
  const values = data.map((datum) => `${datum.fullLabel} ${number(datum.value)}`).join(', ');
  const description = t('batches.chart.summary', { title, values });
  const Chart = shape === 'columns' ? ColumnChart : RowChart;
  return (
    <figure className="chart" data-testid={testId} aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="chart-title">
        {title}
      </figcaption>
      {data.length === 0 ? (
        <p className="hint">{t('batches.chart.empty')}</p>
      ) : (
        <Chart
          data={data}
          title={title}
          description={description}
          titleId={`${id}-title`}
          descId={`${id}-desc`}
        />
      )}
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{labelHeader}</th>
            <th scope="col">{t('batches.chart.rows')}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((datum) => (
            <tr key={datum.key} data-key={datum.key}>
              <th scope="row">{datum.fullLabel}</th>
              <td data-value={datum.value}>{number(datum.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
