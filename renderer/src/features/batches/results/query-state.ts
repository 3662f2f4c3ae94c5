/**
 * The analyst's filter and sort as typed, and the query the core receives. Text inputs may hold
 * anything while being typed; only values that make sense reach the query, the others are marked.
 */
import type {
  ResultFilter,
  ResultSortColumn,
  RowStatusName,
} from '../../../../../shared/contract/results';
import {
  reviewOutcomes,
  type DeviceRisk,
  type ReviewOutcome,
} from '../../../../../shared/domain/types';
import type { Sort } from '../../../components/result-pages/use-result-pages';
import { parseLocaleNumber } from '../../../lib/locale-number';

export type StatusChoice = RowStatusName | 'pending';
/**
 * A review state to filter on: one outcome an analyst can set (`Legítima` too, though it is never
 * sent), or `none` for rows not reviewed yet.
 */
export type OutcomeChoice = ReviewOutcome | 'none';
export const outcomeChoices: readonly OutcomeChoice[] = ['none', ...reviewOutcomes];

export interface FilterForm {
  statuses: StatusChoice[];
  risks: DeviceRisk[];
  outcomes: OutcomeChoice[];
  scoreMin: string;
  scoreMax: string;
  alertMin: string;
  insight: string;
}

export const emptyFilterForm: FilterForm = {
  statuses: [],
  risks: [],
  outcomes: [],
  scoreMin: '',
  scoreMax: '',
  alertMin: '',
  insight: '',
};

type TextField = 'scoreMin' | 'scoreMax' | 'alertMin' | 'insight';

export const scoreRules = { min: 0, max: 1 };
export const alertRules = { min: 0, max: 1000, integer: true };

/** A score as typed in either language (`0,5` and `0.5` alike); null when empty or unusable. */
function decimal(text: string): number | null {
  const parsed = parseLocaleNumber(text, scoreRules);
  return parsed.ok ? parsed.value : null;
}

/** Why an Insight code as typed cannot be used: several codes, or not a code's letters and digits. */
export type InsightProblem = 'several' | 'format';

/**
 * The Insight code in the field, upper-cased: spaces, commas and semicolons around it are what
 * an analyst types or pastes from a list (`dev0003,`), not part of it. The filter finds rows with
 * one code, so two codes are refused with a reason rather than one of them quietly kept.
 */
export function insightCode(
  text: string,
): { ok: true; code: string | null } | { ok: false; problem: InsightProblem } {
  const cleaned = text.replace(/^[\s,;]+|[\s,;]+$/g, '');
  if (cleaned === '') return { ok: true, code: null };
  if (/^[A-Za-z0-9]{1,16}$/.test(cleaned)) return { ok: true, code: cleaned.toUpperCase() };
  const parts = cleaned.split(/[\s,;]+/);
  const several = parts.length > 1 && parts.every((part) => /^[A-Za-z0-9]{1,16}$/.test(part));
  return { ok: false, problem: several ? 'several' : 'format' };
}

/** Fields whose text cannot be used, to mark them invalid; empty fields are fine. */
export function invalidFields(form: FilterForm): Set<TextField> {
  const invalid = new Set<TextField>();
  const min = decimal(form.scoreMin);
  const max = decimal(form.scoreMax);
  if (!parseLocaleNumber(form.scoreMin, scoreRules).ok) invalid.add('scoreMin');
  if (!parseLocaleNumber(form.scoreMax, scoreRules).ok) invalid.add('scoreMax');
  if (min !== null && max !== null && min > max) invalid.add('scoreMax');
  if (!parseLocaleNumber(form.alertMin, alertRules).ok) invalid.add('alertMin');
  if (!insightCode(form.insight).ok) invalid.add('insight');
  return invalid;
}

/**
 * The filter the core receives: usable values only, absent fields left out. While a field is
 * invalid the screen says the filter is not applied and holds the exports (`invalidFields`).
 */
export function toResultFilter(form: FilterForm): ResultFilter {
  const invalid = invalidFields(form);
  const filter: ResultFilter = {};
  if (form.statuses.length > 0) filter.statuses = [...form.statuses].sort();
  if (form.risks.length > 0) filter.risks = [...form.risks].sort();
  if (form.outcomes.length > 0) filter.outcomes = [...form.outcomes].sort();
  const min = decimal(form.scoreMin);
  const max = decimal(form.scoreMax);
  if (min !== null && !invalid.has('scoreMin')) filter.scoreMin = min;
  if (max !== null && !invalid.has('scoreMax')) filter.scoreMax = max;
  const alerts = parseLocaleNumber(form.alertMin, alertRules);
  if (alerts.ok && alerts.value !== null) filter.alertMin = alerts.value;
  const insight = insightCode(form.insight);
  if (insight.ok && insight.code !== null) filter.insight = insight.code;
  return filter;
}

/** The sort belongs to the paging shared with the review queue. */
export type { Sort };

export const defaultSort: Sort = { column: 'row', direction: 'asc' };

/** A click on a header: the same column flips direction, another starts ascending. */
export function nextSort(current: Sort, column: ResultSortColumn): Sort {
  if (current.column !== column) return { column, direction: 'asc' };
  return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

export function ariaSort(
  current: Sort,
  column: ResultSortColumn,
): 'ascending' | 'descending' | 'none' {
  if (current.column !== column) return 'none';
  return current.direction === 'asc' ? 'ascending' : 'descending';
}
