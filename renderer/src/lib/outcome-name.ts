/** An outcome as the analyst reads it. */
import type { ReviewOutcome } from '../../../shared/domain/types';
import type { Translate } from '../i18n/i18n';

/**
 * The service's own value for the three it takes (the file carries them so, in Portuguese);
 * `Legítima`, a local state never sent, in the analyst's language ("Legitimate", "Legítima").
 */
export function outcomeName(t: Translate, outcome: ReviewOutcome): string {
  return outcome === 'Legítima' ? t('review.state.legit') : outcome;
}
