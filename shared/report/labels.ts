import type { RowStatusName } from '../contract/results';
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

/**
 * Why a row is not in the statistics; every excluded row is counted under one of these. A row
 * without a score is counted under what happened to it, as each asks something else of the
 * analyst: `not_looked_up` was never sent (the run was cancelled, is paused or has not reached
 * it), `invalid` was not sent because the import found its fields invalid, `failed` was sent and
 * refused or never answered, `no_score` was answered without a score (a 204, or a 200 that left
 * the score out, which the interface allows). `repeat` is a row of a transaction another row of
 * the report already counts: a transaction is one case however many times it was imported or
 * looked up (electron/core/report/repeats.ts says which row counts). Only a transaction with a
 * score or a review folds so; the rows of one never scored each stay under what happened to it.
 */
export const exclusionReasons = [
  'not_looked_up',
  'invalid',
  'failed',
  'no_score',
  'suspeito',
  'unreviewed',
  'repeat',
] as const;
export type ExclusionReason = (typeof exclusionReasons)[number];

/** A row's state in the history: its lookup's status, or `pending` while it was never sent. */
export type RowState = RowStatusName | 'pending';

/** Why a row without a score has none. */
export function unscoredReason(state: RowState): ExclusionReason {
  switch (state) {
    case 'pending':
      return 'not_looked_up';
    case 'invalid':
      return 'invalid';
    case 'rejected':
    case 'failed':
      return 'failed';
    case 'ok':
    case 'no_content':
      return 'no_score';
  }
}

export type Label =
  { kind: 'positive' } | { kind: 'negative' } | { kind: 'excluded'; reason: ExclusionReason };

/**
 * The label of one row of state `state`: a row without a score is always excluded, under the
 * reason its state gives.
 */
export function labelOf(
  score: number | null,
  review: ReviewState,
  options: LabelOptions,
  state: RowState = 'ok',
): Label {
  if (score === null || !Number.isFinite(score))
    return { kind: 'excluded', reason: unscoredReason(state) };
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
