/** Outcomes as CSS class names: the badge, the filters and the charts colour them alike. */
import type { ReviewOutcome } from '../../../shared/domain/types';

const slugs: Record<ReviewOutcome, string> = {
  Suspeito: 'suspect',
  'Fraude Confirmada': 'fraud',
  'Device Positivado': 'positive',
  Legítima: 'legit',
};

/** A CSS-friendly name of an outcome (`outcome-fraud`), `none` when not reviewed. */
export function outcomeSlug(outcome: ReviewOutcome | null): string {
  return outcome === null ? 'none' : slugs[outcome];
}
