import { useId } from 'react';
import { rowStatuses } from '../../../../../shared/contract/results';
import type { DeviceRisk } from '../../../../../shared/domain/types';
import { CheckboxGroup } from '../../../components/checkbox-group';
import { useI18n } from '../../../i18n/i18n';
import { NumberField } from '../../../components/number-field';
import {
  alertRules,
  emptyFilterForm,
  scoreRules,
  insightCode,
  invalidFields,
  type FilterForm,
  outcomeChoices,
  type StatusChoice,
} from './query-state';
import { outcomeSlug } from '../../../lib/outcome-slug';
import { outcomeName } from '../../../lib/outcome-name';

const statusChoices: readonly StatusChoice[] = [...rowStatuses, 'pending'];
const riskChoices = ['low', 'medium', 'high', 'undefined'] as const satisfies readonly DeviceRisk[];

interface ResultsFiltersProps {
  form: FilterForm;
  onChange: (form: FilterForm) => void;
}

/**
 * Status, risk and review-state checkboxes, a score range, a minimum of alerts and an insight
 * code. Outcomes are named by the service's own values, as the review screen shows them.
 */
export function ResultsFilters({ form, onChange }: ResultsFiltersProps) {
  const { t } = useI18n();
  const id = useId();
  const invalid = invalidFields(form);
  const set = (patch: Partial<FilterForm>) => onChange({ ...form, ...patch });
  const insight = insightCode(form.insight);
  const insightError = insight.ok
    ? undefined
    : t(
        insight.problem === 'several'
          ? 'batches.filter.insightSeveral'
          : 'batches.filter.insightFormat',
      );

  const numberInput = (
    field: 'scoreMin' | 'scoreMax' | 'alertMin',
    label: Parameters<typeof t>[0],
    testId: string,
    rules: typeof scoreRules | typeof alertRules,
  ) => (
    <div className="stack filter-field">
      <label htmlFor={`${id}-${field}`}>{t(label)}</label>
      <NumberField
        id={`${id}-${field}`}
        className="input input-narrow"
        value={form[field]}
        onChange={(text) => set({ [field]: text })}
        testId={testId}
        // The only problem the field cannot see alone: a "to" below the "from".
        error={invalid.has(field) ? t('batches.filter.scoreCrossed') : undefined}
        {...rules}
      />
    </div>
  );

  return (
    <fieldset className="results-filters">
      <legend>{t('batches.filter.title')}</legend>
      <div className="filter-groups">
        <CheckboxGroup
          className="filter-group"
          legend={t('batches.filter.statuses')}
          choices={statusChoices}
          selected={form.statuses}
          onChange={(statuses) => set({ statuses })}
          label={(status) => t(`batches.status.${status}`)}
          testId={(status) => `filter-status-${status}`}
        />
        <CheckboxGroup
          className="filter-group"
          legend={t('batches.filter.risks')}
          choices={riskChoices}
          selected={form.risks}
          onChange={(risks) => set({ risks })}
          label={(risk) => t(`batches.risk.${risk}`)}
          testId={(risk) => `filter-risk-${risk}`}
        />
        <CheckboxGroup
          className="filter-group"
          legend={t('batches.filter.outcomes')}
          choices={outcomeChoices}
          selected={form.outcomes}
          onChange={(chosen) => set({ outcomes: chosen })}
          label={(outcome) =>
            outcome === 'none' ? t('batches.outcome.none') : outcomeName(t, outcome)
          }
          testId={(outcome) =>
            `filter-outcome-${outcome === 'none' ? 'none' : outcomeSlug(outcome)}`
          }
        />
        <fieldset className="filter-group">
          <legend>{t('batches.filter.score')}</legend>
          <div className="row">
            {numberInput('scoreMin', 'batches.filter.scoreMin', 'filter-score-min', scoreRules)}
            {numberInput('scoreMax', 'batches.filter.scoreMax', 'filter-score-max', scoreRules)}
          </div>
        </fieldset>
        <div className="stack">
          {numberInput('alertMin', 'batches.filter.alertMin', 'filter-alert-min', alertRules)}
          <div className="stack filter-field">
            <label htmlFor={`${id}-insight`}>{t('batches.filter.insight')}</label>
            <input
              id={`${id}-insight`}
              className="input input-code"
              value={form.insight}
              aria-invalid={insightError !== undefined}
              aria-describedby={insightError !== undefined ? `${id}-insight-error` : undefined}
              onChange={(event) => set({ insight: event.target.value })}
              placeholder={t('batches.filter.insightHint')}
              data-testid="filter-insight"
            />
            {insightError !== undefined ? (
              <span
                id={`${id}-insight-error`}
                className="field-error"
                data-testid="filter-insight-error"
              >
                {insightError}
              </span>
            ) : null}
          </div>
        </div>
      </div>
      <div className="row">
        <button
          type="button"
          className="button button-small"
          onClick={() => onChange(emptyFilterForm)}
          data-testid="filter-clear"
        >
          {t('batches.filter.clear')}
        </button>
      </div>
      {/* The table, the charts and the exports must never look filtered when they are not. */}
      {invalid.size > 0 ? (
        <p className="field-error" role="status" data-testid="filter-not-applied">
          {t('batches.filter.notApplied')}
        </p>
      ) : null}
    </fieldset>
  );
}
