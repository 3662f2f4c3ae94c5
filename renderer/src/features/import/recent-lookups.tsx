import { useId, useState } from 'react';
import { ErrorNotice } from '../../components/error-notice';
import { useI18n } from '../../i18n/i18n';
import { NumberField } from '../../components/number-field';
import { parseLocaleNumber } from '../../lib/locale-number';
import { maxRecentDays, type useRecentLookups } from './use-recent-lookups';

const dayRules = { min: 1, max: maxRecentDays, integer: true };

interface RecentLookupsProps {
  recent: ReturnType<typeof useRecentLookups>;
  days: number;
  skip: boolean;
  onDays: (days: number) => void;
  onSkip: (skip: boolean) => void;
}

/** "N rows were already looked up in the last D days: skip them?" */
export function RecentLookups({ recent, days, skip, onDays, onSkip }: RecentLookupsProps) {
  const { t } = useI18n();
  const id = useId();
  const [text, setText] = useState(String(days));
  const count = recent.data ?? 0;
  return (
    <section className="import-recent" data-testid="recent-lookups">
      <div className="row">
        <label htmlFor={`${id}-days`}>{t('import.recent.days')}</label>
        <NumberField
          id={`${id}-days`}
          className="input input-narrow"
          value={text}
          required
          onChange={(typed) => {
            setText(typed);
            const parsed = parseLocaleNumber(typed, dayRules);
            if (parsed.ok && parsed.value !== null) onDays(parsed.value);
          }}
          testId="recent-days"
          {...dayRules}
        />
        {recent.isFetching ? <span className="hint">{t('import.recent.checking')}</span> : null}
      </div>
      {recent.error ? (
        <ErrorNotice error={recent.error} onRetry={() => void recent.refetch()} />
      ) : null}
      {count > 0 ? (
        <div className="row notice" data-testid="recent-count" data-count={count}>
          <span>
            {count === 1
              ? t('import.recent.one', { days })
              : t('import.recent.many', { count, days })}
          </span>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={skip}
              onChange={(event) => onSkip(event.target.checked)}
              data-testid="skip-recent"
            />
            {t('import.recent.skip')}
          </label>
        </div>
      ) : recent.isSuccess && !recent.isFetching ? (
        <p className="hint" data-testid="recent-none">
          {t('import.recent.none', { days })}
        </p>
      ) : null}
    </section>
  );
}
