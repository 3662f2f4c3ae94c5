import type { Outcome } from '../domain/types';

/**
 * Which reviewed transactions count as fraud and which as legitimate. `Legítima` is a local review
 * state: it labels a case for the report and is never sent in a response-variable file.
 */
export type ReviewState = Outcome | 'Legítima' | null;

export interface LabelOptions {
  /** `Suspeito` counts as fraud, or is left out of the report. Default: fraud. */
  suspeito: 'fraud' | 'exclude';
  /** Answered rows with no outcome count as legitimate (the chargeback convention), or are left out. */
  unreviewed: 'legit' | 'exclude';
}

export const defaultLabelOptions: LabelOptions = { suspeito: 'fraud', unreviewed: 'legit' };

/** Why a row is not in the statistics; every excluded row is counted under one of these. */
export const exclusionReasons = ['no_score', 'suspeito', 'unreviewed'] as const;
export type ExclusionReason = (typeof exclusionReasons)[number];

export type Label =
  { kind: 'positive' } | { kind: 'negative' } | { kind: 'excluded'; reason: ExclusionReason };

/** The label of one row: a row without a score (204, invalid, failed, pending) is always excluded. */
export function labelOf(score: number | null, review: ReviewState, options: LabelOptions): Label {
  if (score === null || !Number.isFinite(score)) return { kind: 'excluded', reason: 'no_score' };
  switch (review) {
    case 'Fraude Confirmada':
    case 'Device Positivado':
      return { kind: 'positive' };
    case 'Suspeito':
      return options.suspeito === 'fraud'
        ? { kind: 'positive' }
        : { kind: 'excluded', reason: 'suspeito' };
    case 'Legítima':
      return { kind: 'negative' };
    case null:
      return options.unreviewed === 'legit'
        ? { kind: 'negative' }
        : { kind: 'excluded', reason: 'unreviewed' };
  }
}
