/** Outcomes as CSS class names: the badge, the filters and the charts colour them alike. */
import type { Outcome } from '../../../shared/domain/types';

const slugs: Record<Outcome, string> = {
  Suspeito: 'suspect',
  'Fraude Confirmada': 'fraud',
  'Device Positivado': 'positive',
};

/** A CSS-friendly name of an outcome (`outcome-fraud`), `none` when not reviewed. */
export function outcomeSlug(outcome: Outcome | null): string {
  return outcome === null ? 'none' : slugs[outcome];
}
