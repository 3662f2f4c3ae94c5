import type { OutcomeSummary } from '../../../../shared/contract/outcomes';
import { outcomes, type Outcome, type ReviewOutcome } from '../../../../shared/domain/types';
import { ErrorNotice } from '../../components/error-notice';
import { useI18n } from '../../i18n/i18n';
import type { ChartDatum } from '../../components/charts/chart-datum';
import { ChartFigure } from '../../components/charts/chart-figure';
import { outcomeSlug } from '../../lib/outcome-slug';

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

/** Reviewed transactions per outcome, as a small bar chart with its numbers in a table. */
export function OutcomeSummaryPanel({ summary, error, scope }: OutcomeSummaryProps) {
  const { t } = useI18n();
  if (error) return <ErrorNotice error={error} />;
  if (!summary) return <p className="hint">{t('common.loading')}</p>;
  const data: ChartDatum[] = outcomes.map((outcome) => ({
    key: outcome,
    label: shortNames[outcome],
    fullLabel: outcome,
    value: summary.counts[outcome],
    className: `outcome-bar outcome-${outcomeSlug(outcome)}`,
  }));
  return (
    <div
      className="review-summary"
      data-testid="review-summary"
      data-total={summary.total}
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
        {scope === 'batch'
          ? t('review.summary.totals', { total: summary.total, unsent: summary.unsent })
          : t('review.summary.reviewed', { total: summary.total })}
      </p>
    </div>
  );
}

/**
 * The same counts over rows held in memory (a search's hits), one per transaction id and
 * environment: the hits of one transaction in two environments carry two outcomes.
 */
export function summaryOf(
  rows: ReadonlyArray<{
    externalId: string | null;
    environment: string;
    outcome: ReviewOutcome | null;
  }>,
): OutcomeSummary {
  const counts = { Suspeito: 0, 'Fraude Confirmada': 0, 'Device Positivado': 0 };
  const seen = new Set<string>();
  for (const row of rows) {
    // Legítima is never sent: like the core's summary, this counts what a file would carry.
    if (row.outcome === null || row.outcome === 'Legítima' || row.externalId === null) continue;
    const key = `${row.environment}\u0000${row.externalId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    counts[row.outcome] += 1;
  }
  return { counts, total: seen.size, unsent: 0, elsewhere: 0 };
}
