import { useRef, type KeyboardEvent } from 'react';
import { useI18n } from '../../i18n/i18n';

export type ReviewTab = 'queue' | 'import';
const tabs: readonly ReviewTab[] = ['queue', 'import'];

/** The tab id and its panel's, for `aria-controls` and `aria-labelledby`. */
export const tabIds = (tab: ReviewTab) => ({
  tab: `review-tab-${tab}`,
  panel: `review-panel-${tab}`,
});

/** Queue or import: tabs with arrow keys between them, as the ARIA tabs pattern has it. */
export function ReviewTabs({ tab, onTab }: { tab: ReviewTab; onTab: (tab: ReviewTab) => void }) {
  const { t } = useI18n();
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length] ?? 'queue';
    onTab(next);
    buttons.current[tabs.indexOf(next)]?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={t('review.tabs.label')}
      className="review-tabs"
      onKeyDown={onKeyDown}
    >
      {tabs.map((name, index) => (
        <button
          key={name}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          type="button"
          role="tab"
          id={tabIds(name).tab}
          aria-controls={tabIds(name).panel}
          aria-selected={tab === name}
          tabIndex={tab === name ? 0 : -1}
          className="review-tab"
          onClick={() => onTab(name)}
          data-testid={`review-tab-${name}`}
        >
          {t(`review.tabs.${name}`)}
        </button>
      ))}
    </div>
  );
}
