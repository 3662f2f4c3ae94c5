import { reviewOutcomes } from '../../../../shared/domain/types';
import type { Translate } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/messages';
import { outcomeName } from '../../lib/outcome-name';

/**
 * One line of the key legend. `chord` keys are pressed together (Shift+↓); `either` keys do the
 * same thing alone (J or ↓), so the legend must not join them with "+".
 */
export interface LegendEntry {
  keys: string[];
  join: 'chord' | 'either';
  text: string;
}

const moves: ReadonlyArray<{ keys: string[]; join: LegendEntry['join']; label: MessageKey }> = [
  { keys: ['J', '↓'], join: 'either', label: 'review.keys.next' },
  { keys: ['K', '↑'], join: 'either', label: 'review.keys.previous' },
  { keys: ['space'], join: 'chord', label: 'review.keys.toggle' },
  { keys: ['Shift', '↓'], join: 'chord', label: 'review.keys.extend' },
  { keys: ['Ctrl', 'A'], join: 'chord', label: 'review.keys.selectAll' },
  { keys: ['Enter'], join: 'chord', label: 'review.keys.open' },
  { keys: ['Esc'], join: 'chord', label: 'review.keys.close' },
];

/** Every key of the queue, in the order the legend shows them. */
export function legendEntries(t: Translate): LegendEntry[] {
  return [
    ...reviewOutcomes.map((outcome, index) => ({
      keys: [String(index + 1)],
      join: 'chord' as const,
      text: t('review.keys.set', { outcome: outcomeName(t, outcome) }),
    })),
    { keys: ['0'], join: 'chord', text: t('review.keys.clear') },
    ...moves.map((move) => ({ keys: move.keys, join: move.join, text: t(move.label) })),
  ];
}

/** What goes between two keys of an entry: "+" for a chord, " or " (" ou ") otherwise. */
export function keySeparator(entry: LegendEntry, t: Translate): string {
  return entry.join === 'chord' ? '+' : ` ${t('review.keys.or')} `;
}

/** The entry's keys as one line of text, as a screen reader or a test reads them. */
export function legendKeysText(entry: LegendEntry, t: Translate): string {
  const names = entry.keys.map((key) => (key === 'space' ? t('review.keys.space') : key));
  return names.join(keySeparator(entry, t));
}
