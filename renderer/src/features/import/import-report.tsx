import { useId, useState } from 'react';
import { useSettings } from '../../app/use-app';
import { useI18n } from '../../i18n/i18n';
import { DuplicatesPanel } from './duplicates-panel';
import type { RowView } from './effective-report';
import { ProblemRows } from './problem-rows';
import { ProblemSummary } from './problem-summary';
import { RecentLookups } from './recent-lookups';
import { ReportTotals } from './report-totals';
import { RequestPreview } from './request-preview';
import { RowEditor } from './row-editor';
import type { ImportApi } from './use-import';
import { PersonalDataToggle } from '../../components/personal-data-toggle';
import { focusSoon } from '../../app/focus-keeper';
import { rowsAround } from './problem-rows';

/** Everything known about the rows once checked: totals, problems, fixes, duplicates, preview. */
export function ImportReport({ imp }: { imp: ImportApi }) {
  const { t } = useI18n();
  const id = useId();
  const environment = useSettings().data?.activeEnvironment ?? 'sandbox';
  const [editing, setEditing] = useState<RowView | null>(null);
  const { state, report, recent, actions } = imp;
  if (!report) return null;
  const show = state.showPersonalData;
  // Rows still held back for lost digits, after the analyst's fixes.
  const lostDigits = report.lists.invalid.filter((view) =>
    view.problems.some((problem) => problem.rule === 'digits_lost'),
  ).length;
  // Rows still held back for an Excel error in a mapped cell, after the analyst's fixes.
  const errorCells = report.lists.invalid.filter((view) =>
    view.problems.some((problem) => problem.rule === 'cell_error'),
  ).length;
  // Rows still held back for a formula saved without its value, after the analyst's fixes.
  const formulaCells = report.lists.invalid.filter((view) =>
    view.problems.some((problem) => problem.rule === 'formula_cell'),
  ).length;

  return (
    <section
      aria-labelledby={`${id}-title`}
      aria-busy={state.check.status === 'running'}
      className="import-report"
      data-testid="import-report"
    >
      <h3 id={`${id}-title`}>{t('import.report.title')}</h3>
      <ReportTotals totals={report.totals} />
      {report.totals.rows === 0 ? (
        <p className="notice" role="alert" data-testid="no-rows">
          {t('import.noRows')}
        </p>
      ) : null}
      {report.totals.padded > 0 ? (
        <p className="hint">{t('import.padded.hint', { count: report.totals.padded })}</p>
      ) : null}
      {lostDigits > 0 ? (
        <p className="notice" role="status" data-testid="lost-digits">
          {t('import.lostDigits.hint', { count: lostDigits })}
        </p>
      ) : null}
      {report.hidden > 0 ? (
        <p className="notice" role="status" data-testid="hidden-rows">
          {t('import.hidden.hint', { count: report.hidden })}
        </p>
      ) : null}
      {errorCells > 0 ? (
        <p className="notice" role="status" data-testid="error-cells">
          {t('import.errorCells.hint', { count: errorCells })}
        </p>
      ) : null}
      {formulaCells > 0 ? (
        <p className="notice" role="status" data-testid="formula-cells">
          {t('import.formulaCells.hint', { count: formulaCells })}
        </p>
      ) : null}
      {report.replaced.count > 0 ? (
        <p className="notice" role="status" data-testid="replaced-characters">
          {t('import.replaced.hint', {
            count: report.replaced.count,
            cells: report.replaced.cells.join(', '),
          })}
        </p>
      ) : null}
      <ProblemSummary counts={report.problemCounts} />
      <div className="row">
        <PersonalDataToggle
          shown={show}
          onChange={actions.showPersonalData}
          testId="show-personal-data"
        />
        <span className="hint">{t('import.personal.hint')}</span>
      </div>
      <ProblemRows
        lists={report.lists}
        show={show}
        onEdit={setEditing}
        onExclude={actions.exclude}
        onInclude={actions.include}
        onUndoFix={actions.undoFix}
      />
      {report.duplicates.length > 0 ? (
        <DuplicatesPanel
          groups={report.duplicates}
          onExclude={actions.exclude}
          onInclude={actions.include}
        />
      ) : null}
      <RecentLookups
        recent={recent}
        days={state.recentDays}
        skip={state.skipRecent}
        onDays={actions.setRecentDays}
        onSkip={actions.setSkipRecent}
      />
      <RequestPreview first={report.firstRequest} show={show} environment={environment} />
      {editing ? (
        <RowEditor
          key={editing.row}
          view={editing}
          show={show}
          mapping={state.mapping}
          onApply={(raw) => {
            actions.applyFix(editing.row, raw);
            setEditing(null);
            // The dialog gives focus back to its opener, which is gone when the fix made the row
            // valid: the Edit of the next row to fix takes it (the previous, then the list).
            const around = rowsAround(report.lists.invalid, editing.row);
            focusSoon(
              ...[editing.row, ...around].map((row) => `edit-row-${String(row)}`),
              'problem-rows-title',
            );
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </section>
  );
}
