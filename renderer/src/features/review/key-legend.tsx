import { Fragment } from 'react';
import { useI18n } from '../../i18n/i18n';
import { keySeparator, legendEntries } from './key-legend-entries';

/** The queue's keys, always on screen; also the list's description for screen readers. */
export function KeyLegend({ id }: { id: string }) {
  const { t } = useI18n();
  return (
    <section className="key-legend" aria-labelledby={`${id}-title`} data-testid="review-keys">
      <h3 id={`${id}-title`} className="key-legend-title">
        {t('review.keys.title')}
      </h3>
      <dl id={id}>
        {legendEntries(t).map((entry) => (
          <div key={entry.keys.join('+')} className="key-legend-entry">
            <dt>
              {entry.keys.map((key, index) => (
                <Fragment key={key}>
                  {index > 0 ? keySeparator(entry, t) : null}
                  <kbd>{key === 'space' ? t('review.keys.space') : key}</kbd>
                </Fragment>
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
