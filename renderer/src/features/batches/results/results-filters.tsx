import { useId } from 'react';
import { rowStatuses } from '../../../../../shared/contract/results';
import { outcomes, type DeviceRisk } from '../../../../../shared/domain/types';
import { CheckboxGroup } from '../../../components/checkbox-group';
import { useI18n } from '../../../i18n/i18n';
import {
  emptyFilterForm,
  invalidFields,
  type FilterForm,
  type OutcomeChoice,
  type StatusChoice,
} from './query-state';
import { outcomeSlug } from '../../../lib/outcome-slug';

const statusChoices: readonly StatusChoice[] = [...rowStatuses, 'pending'];
const riskChoices = ['low', 'medium', 'high', 'undefined'] as const satisfies readonly DeviceRisk[];
const outcomeChoices: readonly OutcomeChoice[] = ['none', ...outcomes];

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

  const textInput = (
    field: 'scoreMin' | 'scoreMax' | 'alertMin' | 'insight',
    label: Parameters<typeof t>[0],
    testId: string,
    extra: {
      type: 'number' | 'text';
      min?: number;
      max?: number;
      step?: number;
      placeholder?: string;
    },
  ) => (
    <div className="stack filter-field">
      <label htmlFor={`${id}-${field}`}>{t(label)}</label>
      <input
        id={`${id}-${field}`}
        className={field === 'insight' ? 'input input-code' : 'input input-narrow'}
        value={form[field]}
        aria-invalid={invalid.has(field)}
        onChange={(event) => set({ [field]: event.target.value })}
        data-testid={testId}
        {...extra}
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
          label={(outcome) => (outcome === 'none' ? t('batches.outcome.none') : outcome)}
          testId={(outcome) =>
            `filter-outcome-${outcome === 'none' ? 'none' : outcomeSlug(outcome)}`
          }
        />
        <fieldset className="filter-group">
          <legend>{t('batches.filter.score')}</legend>
          <div className="row">
            {textInput('scoreMin', 'batches.filter.scoreMin', 'filter-score-min', {
              type: 'number',
              min: 0,
              max: 1,
              step: 0.05,
            })}
            {textInput('scoreMax', 'batches.filter.scoreMax', 'filter-score-max', {
              type: 'number',
              min: 0,
              max: 1,
              step: 0.05,
            })}
          </div>
        </fieldset>
        <div className="stack">
          {textInput('alertMin', 'batches.filter.alertMin', 'filter-alert-min', {
            type: 'number',
            min: 0,
            max: 1000,
            step: 1,
          })}
          {textInput('insight', 'batches.filter.insight', 'filter-insight', {
            type: 'text',
            placeholder: t('batches.filter.insightHint'),
          })}
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
    </fieldset>
  );
}
