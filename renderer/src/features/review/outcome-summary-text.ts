/** The review summary's words and counts, pure: the panel shows them, unit tests read them. */
import type { OutcomeSummary } from '../../../../shared/contract/outcomes';
import type { ReviewOutcome } from '../../../../shared/domain/types';
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
  let legitimate = 0;
  const seen = new Set<string>();
  for (const row of rows) {
    if (row.outcome === null || row.externalId === null) continue;
    const key = `${row.environment}\u0000${row.externalId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    // Legítima is never sent: like the core's summary, counted apart from what a file carries.
    if (row.outcome === 'Legítima') legitimate += 1;
    else counts[row.outcome] += 1;
  }
  return { counts, total: seen.size - legitimate, unsent: 0, legitimate, elsewhere: 0 };
}
