/** The review summary's words and counts, pure: the panel shows them, unit tests read them. */
import type { OutcomeSummary } from '../../../../shared/contract/outcomes';
import type { Translate } from '../../i18n/i18n';

/** Every reviewed transaction the queue shows with a review state, Legítima included. */
export function reviewedCount(summary: OutcomeSummary): number {
  return summary.total + summary.legitimate;
}

/**
 * "Reviewed: 5 · not yet sent: 4 · Legitimate, never sent: 1": the reviewed count agrees with the
 * queue's Review state filter, and the Legítima ones are said apart, as no file carries them.
 */
export function summaryText(t: Translate, summary: OutcomeSummary, scope: 'batch' | 'search') {
  const values = {
    total: reviewedCount(summary),
    unsent: summary.unsent,
    legitimate: summary.legitimate,
  };
  const legit = summary.legitimate > 0;
  return scope === 'batch'
    ? t(legit ? 'review.summary.totalsLegit' : 'review.summary.totals', values)
    : t(legit ? 'review.summary.reviewedLegit' : 'review.summary.reviewed', values);
}
