/** Outcomes in the analyst's language: what a change did, in one sentence. */
import type { OutcomeChange } from '../../../../shared/contract/outcomes';
import type { ReviewOutcome } from '../../../../shared/domain/types';
import { messageOf } from '../../../../shared/message-of';
import type { AppError } from '../../../../shared/result';
import type { Locale } from '../../i18n/messages';
import type { Translate } from '../../i18n/i18n';
import { outcomeName } from '../../lib/outcome-name';

/** Rows a change left alone: they cannot be reviewed, or another row's device won. */
export function skippedRows(change: OutcomeChange): number {
  return change.withoutTransactionId + change.withoutDevice + change.otherDevice;
}

/** What setting (or clearing) one row did: its new state, or why it cannot be reviewed. */
export function rowChangeText(
  t: Translate,
  row: number,
  outcome: ReviewOutcome | null,
  change: OutcomeChange,
): string {
  if (change.withoutTransactionId > 0) return t('review.change.noTransactionId', { row });
  if (change.withoutDevice > 0) return t('review.change.noDevice', { row });
  return outcome === null
    ? t('review.change.rowCleared', { row })
    : t('review.change.rowSet', { row, outcome: outcomeName(t, outcome) });
}

/** What a change of many rows did, with the rows it left alone and why. */
export function bulkChangeText(
  t: Translate,
  outcome: ReviewOutcome | null,
  change: OutcomeChange,
): string {
  const done =
    outcome === null
      ? t('review.change.cleared', { count: change.changed })
      : t('review.change.set', { count: change.changed, outcome: outcomeName(t, outcome) });
  const parts = [done];
  const unreviewable = change.withoutTransactionId + change.withoutDevice;
  if (unreviewable > 0)
    parts.push(
      t('review.change.skipped', {
        count: unreviewable,
        noId: change.withoutTransactionId,
        noDevice: change.withoutDevice,
      }),
    );
  if (change.otherDevice > 0)
    parts.push(t('review.change.otherDevice', { count: change.otherDevice }));
  return parts.join(' ');
}

/**
 * Why a change of outcomes failed, for the queue's line: the failure in the analyst's language,
 * then the core's detail, which is English (labelled so outside English, as `ErrorNotice` does).
 */
export function queueErrorText(t: Translate, locale: Locale, error: unknown): string {
  const detail = messageOf(error);
  const appError =
    typeof error === 'object' && error !== null && 'error' in error
      ? (error as { error: AppError }).error
      : null;
  if (appError === null || locale === 'en') return detail;
  return `${t(`error.${appError.code}`)} ${t('error.detailInEnglish')} ${detail}`;
}
