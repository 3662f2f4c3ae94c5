/**
 * The review queue's keyboard, as a pure mapping from a key press to what it asks for, so the
 * rules are testable without a browser and the legend on screen is drawn from the same table.
 */
import { reviewOutcomes, type ReviewOutcome } from '../../../../shared/domain/types';

export type QueueAction =
  | { type: 'set'; outcome: ReviewOutcome | null }
  | { type: 'move'; by: number; extend: boolean }
  | { type: 'edge'; to: 'first' | 'last'; extend: boolean }
  | { type: 'toggle' }
  | { type: 'selectAll' }
  | { type: 'open' }
  | { type: 'close' };

export interface KeyPress {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** True for the copies a held key sends. */
  repeat?: boolean;
}

/** Rows a Page Down or Page Up moves. */
export const pageStep = 10;

/**
 * The outcome keys: `1`, `2`, `3` in the order of the service's values, `4` the local `Legítima`
 * (reviewed as legitimate, never sent), `0` clears.
 */
export const outcomeKeys: ReadonlyArray<{ key: string; outcome: ReviewOutcome | null }> = [
  ...reviewOutcomes.map((outcome, index) => ({ key: String(index + 1), outcome })),
  { key: '0', outcome: null },
];

/** What a key press in the queue asks for, or null for a key the queue leaves alone. */
export function queueKeyAction(press: KeyPress): QueueAction | null {
  const { key, shiftKey, ctrlKey, metaKey, altKey } = press;
  if (altKey) return null;
  if (ctrlKey || metaKey) return key.toLowerCase() === 'a' ? { type: 'selectAll' } : null;
  const outcome = outcomeKeys.find((entry) => entry.key === key);
  // A key held a little too long must not set the outcome of the rows after this one too.
  if (outcome) return press.repeat ? null : { type: 'set', outcome: outcome.outcome };
  switch (key) {
    case 'j':
    case 'J':
    case 'ArrowDown':
      return { type: 'move', by: 1, extend: shiftKey };
    case 'k':
    case 'K':
    case 'ArrowUp':
      return { type: 'move', by: -1, extend: shiftKey };
    case 'PageDown':
      return { type: 'move', by: pageStep, extend: shiftKey };
    case 'PageUp':
      return { type: 'move', by: -pageStep, extend: shiftKey };
    case 'Home':
      return { type: 'edge', to: 'first', extend: shiftKey };
    case 'End':
      return { type: 'edge', to: 'last', extend: shiftKey };
    case ' ':
    case 'x':
    case 'X':
      return { type: 'toggle' };
    case 'Enter':
      return { type: 'open' };
    case 'Escape':
      return { type: 'close' };
    default:
      return null;
  }
}

/** The index a move lands on, kept inside the list (-1 for an empty list). */
export function movedIndex(current: number, action: QueueAction, count: number): number {
  if (count <= 0) return -1;
  const last = count - 1;
  if (action.type === 'edge') return action.to === 'first' ? 0 : last;
  if (action.type === 'move') return Math.min(last, Math.max(0, current + action.by));
  return Math.min(last, Math.max(0, current));
}
