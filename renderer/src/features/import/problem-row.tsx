import { useI18n } from '../../i18n/i18n';
import type { RowView } from './effective-report';
import { offendingFields, shownValue } from './personal-data';
import { describeProblem } from '../../lib/field-problem-text';
import { fieldLabels } from './problem-text';

export interface RowActions {
  onEdit: (view: RowView) => void;
  onExclude: (row: number) => void;
  onInclude: (row: number) => void;
  onUndoFix: (row: number) => void;
}

/** One listed row: its number, the values at fault (masked unless shown), problems, actions. */
export function ProblemRow({
  view,
  show,
  actions,
}: {
  view: RowView;
  show: boolean;
  actions: RowActions;
}) {
  const { t } = useI18n();
  const { row } = view;
  const atFault = offendingFields(
    view.problems.length > 0 ? view.problems : view.originalProblems,
    view.raw,
  );
  const fields = ['externalID' as const, ...atFault.filter((field) => field !== 'externalID')];
  const problems = view.problems.map((problem) => describeProblem(t, problem)).join('; ');
  const excluded = view.state === 'excluded';
  return (
    <div
      className={`problem-row problem-row-${view.state}`}
      data-testid={`problem-row-${String(row)}`}
    >
      <span className="problem-row-number">{t('import.row.number', { row: String(row) })}</span>
      <div className="problem-row-body">
        <p className="problem-row-values">
          {fields.map((field) => {
            const value = view.raw[field]?.trim() ?? '';
            return (
              <span key={field} className="problem-row-value">
                <span className="problem-row-field">{t(fieldLabels[field])}</span>{' '}
                <code>{value === '' ? t('import.row.empty') : shownValue(field, value, show)}</code>
              </span>
            );
          })}
        </p>
        <p className="problem-row-problems">
          {view.fixed ? <span className="pill">{t('import.row.fixed')}</span> : null}
          {excluded ? (
            <span className="pill pill-muted">{t('import.row.excluded')}</span>
          ) : null}{' '}
          {problems || (excluded ? '' : t('import.row.noProblems'))}
        </p>
      </div>
      <div className="problem-row-actions">
        {excluded ? null : (
          <button
            type="button"
            className="button button-small"
            aria-label={t('import.row.editLabel', { row: String(row) })}
            onClick={() => actions.onEdit(view)}
            data-testid={`edit-row-${String(row)}`}
          >
            {t('import.row.edit')}
          </button>
        )}
        {view.fixed && !excluded ? (
          <button
            type="button"
            className="button button-small"
            aria-label={t('import.row.undoFixLabel', { row: String(row) })}
            onClick={() => actions.onUndoFix(row)}
            data-testid={`undo-fix-${String(row)}`}
          >
            {t('import.row.undoFix')}
          </button>
        ) : null}
        <button
          type="button"
          className="button button-small"
          aria-label={t(excluded ? 'import.row.includeLabel' : 'import.row.excludeLabel', {
            row: String(row),
          })}
          onClick={() => (excluded ? actions.onInclude(row) : actions.onExclude(row))}
          data-testid={`${excluded ? 'include' : 'exclude'}-row-${String(row)}`}
        >
          {t(excluded ? 'import.row.include' : 'import.row.exclude')}
        </button>
      </div>
    </div>
  );
}
