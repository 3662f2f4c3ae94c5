import type { Outcome } from '../../../shared/domain/types';
import { useI18n } from '../i18n/i18n';
import { outcomeSlug } from '../lib/outcome-slug';
import './outcome-badge.css';

/** An outcome as a coloured badge; the service's value itself, as it will be sent. */
export function OutcomeBadge({ outcome }: { outcome: Outcome | null }) {
  const { t } = useI18n();
  return (
    <span className={`outcome-badge outcome-${outcomeSlug(outcome)}`}>
      {outcome ?? t('review.state.none')}
    </span>
  );
}
