import { reviewOutcomes } from '../../../../shared/domain/types';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/messages';
import { outcomeName } from '../../lib/outcome-name';

const moves: ReadonlyArray<{ keys: string[]; label: MessageKey }> = [
  { keys: ['J', '↓'], label: 'review.keys.next' },
  { keys: ['K', '↑'], label: 'review.keys.previous' },
  { keys: ['space'], label: 'review.keys.toggle' },
  { keys: ['Shift', '↓'], label: 'review.keys.extend' },
  { keys: ['Ctrl', 'A'], label: 'review.keys.selectAll' },
  { keys: ['Enter'], label: 'review.keys.open' },
  { keys: ['Esc'], label: 'review.keys.close' },
];

/** The queue's keys, always on screen; also the list's description for screen readers. */
export function KeyLegend({ id }: { id: string }) {
  const { t } = useI18n();
  const entries = [
    ...reviewOutcomes.map((outcome, index) => ({
      keys: [String(index + 1)],
      text: t('review.keys.set', { outcome: outcomeName(t, outcome) }),
    })),
    { keys: ['0'], text: t('review.keys.clear') },
    ...moves.map((move) => ({ keys: move.keys, text: t(move.label) })),
  ];
  return (
    <section className="key-legend" aria-labelledby={`${id}-title`} data-testid="review-keys">
      <h3 id={`${id}-title`} className="key-legend-title">
        {t('review.keys.title')}
      </h3>
      <dl id={id}>
        {entries.map((entry) => (
          <div key={entry.keys.join('+')} className="key-legend-entry">
            <dt>
              {entry.keys.map((key, index) => (
                <span key={key}>
                  {index > 0 ? '+' : null}
                  <kbd>{key === 'space' ? t('review.keys.space') : key}</kbd>
                </span>
              ))}
            </dt>
            <dd>{entry.text}</dd>
          </div>
        ))}
      </dl>
      <p className="hint">{t('review.keys.hint')}</p>
    </section>
  );
}
