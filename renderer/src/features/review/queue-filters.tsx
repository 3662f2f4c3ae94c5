import { CheckboxGroup } from '../../components/checkbox-group';
import { useI18n } from '../../i18n/i18n';
import { outcomeName } from '../../lib/outcome-name';
import {
  queueSorts,
  reviewStates,
  riskChoices,
  type QueueFilterForm,
  type QueueSort,
} from './queue-state';

interface QueueFiltersProps {
  form: QueueFilterForm;
  onChange: (form: QueueFilterForm) => void;
  sort: QueueSort;
  onSort: (sort: QueueSort) => void;
}

/** Risk and review-state checkboxes, "reviewable rows only", and the order of the queue. */
export function QueueFilters({ form, onChange, sort, onSort }: QueueFiltersProps) {
  const { t } = useI18n();
  const set = (patch: Partial<QueueFilterForm>) => onChange({ ...form, ...patch });
  return (
    <fieldset className="queue-filters">
      <legend>{t('review.filter.title')}</legend>
      <div className="queue-filter-groups">
        <CheckboxGroup
          className="queue-filter-group"
          legend={t('review.filter.risk')}
          choices={riskChoices}
          selected={form.risks}
          onChange={(risks) => set({ risks })}
          label={(risk) => t(`batches.risk.${risk}`)}
          testId={(risk) => `review-risk-${risk}`}
        />
        <CheckboxGroup
          className="queue-filter-group"
          legend={t('review.filter.state')}
          choices={reviewStates}
          selected={form.states}
          onChange={(states) => set({ states })}
          label={(state) => (state === 'none' ? t('review.state.none') : outcomeName(t, state))}
          testId={(state) => `review-state-${state}`}
        />
        <div className="stack">
          <label className="checkbox">
            <input
              type="checkbox"
              checked={form.reviewableOnly}
              onChange={(event) => set({ reviewableOnly: event.target.checked })}
              data-testid="review-reviewable-only"
            />
            {t('review.filter.reviewable')}
          </label>
          <label className="stack queue-sort">
            {t('review.sort.label')}
            <select
              className="input"
              value={sort}
              onChange={(event) => onSort(event.target.value as QueueSort)}
              data-testid="review-sort"
            >
              {queueSorts.map((choice) => (
                <option key={choice} value={choice}>
                  {t(`review.sort.${choice}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>
    </fieldset>
  );
}
