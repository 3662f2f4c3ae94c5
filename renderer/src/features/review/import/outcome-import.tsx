import { ErrorNotice } from '../../../components/error-notice';
import { useI18n } from '../../../i18n/i18n';
import { describeReadProblem } from '../../import/problem-text';
import { ImportFile } from './import-file';
import { ImportMapping } from './import-mapping';
import { ImportReport } from './import-report';
import { MappedRows } from './mapped-rows';
import { useOutcomeImport } from './use-outcome-import';
import { formatBytes } from '../../../lib/format';

/**
 * Outcomes from the analyst's case system: a spreadsheet is read and mapped, the rows are checked
 * against the history and the report shown; nothing changes until Apply.
 */
export function OutcomeImport() {
  const { t, locale } = useI18n();
  const job = useOutcomeImport();
  const { state, rows, check, apply } = job;
  const report = check.data;
  const conflicts = report?.conflicts.length ?? 0;
  const applying = (report?.toApply ?? 0) + (job.replaceConflicts ? conflicts : 0);
  return (
    <div className="stack review-import" data-testid="review-import">
      <p className="hint">{t('review.import.intro')}</p>
      <ImportFile onFile={job.actions.chooseFile} maxRows={job.maxRows} />
      {state.file ? (
        <p data-testid="review-import-file">
          {t('review.import.file', {
            name: state.file.name,
            size: formatBytes(state.file.size, locale),
          })}
          {state.sheet ? ` · ${t('import.file.rows', { count: state.sheet.rowCount })}` : null}
        </p>
      ) : null}
      {state.phase === 'reading' ? (
        <p className="hint" role="status">
          {t('common.loading')}
        </p>
      ) : null}
      {state.phase === 'failed' && state.problem ? (
        <div
          className="notice notice-error"
          role="alert"
          data-testid="review-import-problem"
          data-code={state.problem.code}
        >
          <p className="notice-title">{describeReadProblem(t, state.problem)}</p>
          <p className="hint">{t('import.read.detail', { message: state.problem.message })}</p>
        </div>
      ) : null}
      {state.phase === 'ready' && state.sheet ? (
        <ImportMapping
          sheet={state.sheet}
          headerRow={state.headerRow}
          headers={state.headers}
          mapping={state.mapping}
          onSheet={job.actions.chooseSheet}
          onHeaderRow={job.actions.chooseHeaderRow}
          onMap={job.actions.mapColumn}
        />
      ) : null}
      {state.phase === 'ready' && rows ? <MappedRows rows={rows} /> : null}
      {rows && rows.rows.length === 0 ? (
        <p className="notice" role="status" data-testid="review-import-nothing">
          {t('review.import.nothing')}
        </p>
      ) : null}
      {check.error ? (
        <ErrorNotice error={check.error} onRetry={() => void check.refetch()} />
      ) : null}
      {rows && rows.rows.length > 0 && check.isPending ? (
        <p className="hint" role="status">
          {t('review.import.checking')}
        </p>
      ) : null}
      {report ? (
        <>
          <ImportReport report={report} />
          <label className="checkbox">
            <input
              type="checkbox"
              checked={job.replaceConflicts}
              disabled={conflicts === 0}
              onChange={(event) => job.setReplaceConflicts(event.target.checked)}
              data-testid="review-import-replace"
            />
            {t('review.import.replace', { count: conflicts })}
          </label>
          <div className="row">
            <button
              type="button"
              className="button button-primary"
              disabled={applying === 0 || apply.isPending || check.isFetching}
              onClick={() => apply.mutate()}
              data-testid="review-import-apply"
            >
              {t('review.import.apply', { count: applying })}
            </button>
          </div>
        </>
      ) : null}
      {apply.error ? <ErrorNotice error={apply.error} /> : null}
      {apply.data ? (
        <p
          className="notice"
          role="status"
          data-testid="review-import-result"
          data-applied={apply.data.applied}
          data-kept={apply.data.keptConflicts}
        >
          {t('review.import.applied', { count: apply.data.applied })}
          {apply.data.keptConflicts > 0
            ? ` ${t('review.import.kept', { count: apply.data.keptConflicts })}`
            : ''}
        </p>
      ) : null}
    </div>
  );
}
