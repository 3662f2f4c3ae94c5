import type { OutcomeSummary } from '../../../../shared/contract/outcomes';
import { outcomes, type Outcome } from '../../../../shared/domain/types';
import { ErrorNotice } from '../../components/error-notice';
import { useI18n } from '../../i18n/i18n';
import type { ChartDatum } from '../../components/charts/chart-datum';
import { ChartFigure } from '../../components/charts/chart-figure';
import { outcomeName } from '../../lib/outcome-name';
import { outcomeSlug } from '../../lib/outcome-slug';
import { reviewedCount, summaryText } from './outcome-summary-text';

/** What the bars are labelled with (the chart leaves little room); the table has the full name. */
const shortNames: Record<Outcome, string> = {
  Suspeito: 'Suspeito',
  'Fraude Confirmada': 'Fraude',
  'Device Positivado': 'Positivado',
};

interface OutcomeSummaryProps {
  summary: OutcomeSummary | undefined;
  error: unknown;
  /** What the counts cover: a batch, or the hits of a search. */
  scope: 'batch' | 'search';
}

/**
 * Reviewed transactions per review state, as a small bar chart with its numbers in a table.
 * Legítima is among them, as the queue's Review state filter shows it; it is never sent, so the
 * count not yet sent leaves it out and the text says it apart.
 */
export function OutcomeSummaryPanel({ summary, error, scope }: OutcomeSummaryProps) {
  const { t } = useI18n();
  if (error) return <ErrorNotice error={error} />;
  if (!summary) return <p className="hint">{t('common.loading')}</p>;
  const legitName = outcomeName(t, 'Legítima');
  const data: ChartDatum[] = [
    ...outcomes.map((outcome) => ({
      key: outcome,
      label: shortNames[outcome],
      fullLabel: outcome,
      value: summary.counts[outcome],
      className: `outcome-bar outcome-${outcomeSlug(outcome)}`,
    })),
    {
      key: 'Legítima',
      label: legitName,
      fullLabel: legitName,
      value: summary.legitimate,
      className: `outcome-bar outcome-${outcomeSlug('Legítima')}`,
    },
  ];
  return (
    <div
      className="review-summary"
      data-testid="review-summary"
      data-total={reviewedCount(summary)}
      data-unsent={summary.unsent}
    >
      <ChartFigure
        title={t(scope === 'batch' ? 'review.summary.batch' : 'review.summary.search')}
        labelHeader={t('review.summary.outcome')}
        data={data}
        shape="rows"
        testId="review-summary-chart"
      />
      <p className="hint" data-testid="review-summary-text">
        {summaryText(t, summary, scope)}
      </p>
    </div>
  );
}
