import type { Translate } from '../../i18n/translate';

/**
 * How a run will treat the valid rows: how many go to the service and how many reuse an answer
 * stored in the last days. The reused count only applies when the analyst ticked "Skip them".
 */
export function runSplit(valid: number, recent: number, skip: boolean) {
  const reused = skip ? Math.min(valid, Math.max(0, recent)) : 0;
  return { lookedUp: valid - reused, reused };
}

/** The sentence above "Run lookups": one count per fate, never a total that skipping contradicts. */
export function runSummary(
  t: Translate,
  split: { lookedUp: number; reused: number },
  days: number,
): string {
  if (split.lookedUp + split.reused === 0) return t('batches.start.noRows');
  if (split.reused === 0) return t('batches.start.rows', { count: split.lookedUp });
  return t('batches.start.rowsReusing', {
    count: split.lookedUp,
    reused: split.reused,
    days,
  });
}
