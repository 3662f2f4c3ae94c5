import type { ReviewOutcome } from '../../../shared/domain/types';
import { useI18n } from '../i18n/i18n';
import { outcomeName } from '../lib/outcome-name';
import { outcomeSlug } from '../lib/outcome-slug';
import './outcome-badge.css';

/**
 * An outcome as a coloured badge; the service's value itself, as it will be sent. `Legítima` is
 * never sent, so it reads in the analyst's language.
 */
export function OutcomeBadge({ outcome }: { outcome: ReviewOutcome | null }) {
  const { t } = useI18n();
  return (
    <span className={`outcome-badge outcome-${outcomeSlug(outcome)}`}>
      {outcome === null ? t('review.state.none') : outcomeName(t, outcome)}
    </span>
  );
}
