import type {
  OutcomeImportIssue,
  OutcomeImportReport,
} from '../../../../../shared/contract/outcomes';
import { useI18n } from '../../../i18n/i18n';
import { shownCell } from '../../../../../shared/spreadsheet/shown-headers';
import { IssueList, RowAndId } from './issue-list';

const issueKey = (issue: OutcomeImportIssue) => `${String(issue.row)}:${issue.transactionId}`;

/** The check before anything changes: what would be applied, and every row that would not. */
export function ImportReport({ report }: { report: OutcomeImportReport }) {
  const { t } = useI18n();
  const plain = (issue: OutcomeImportIssue) => (
    <RowAndId row={issue.row} id={issue.transactionId} />
  );
  const versus = (
    issue: OutcomeImportIssue,
    key: 'review.import.storedVs' | 'review.import.otherVs',
  ) => (
    <RowAndId
      row={issue.row}
      id={issue.transactionId}
      extra={
        <span className="issue-value">
          {t(key, { current: issue.current ?? '–', incoming: issue.incoming ?? '–' })}
        </span>
      }
    />
  );
  return (
    <section
      className="review-report"
      aria-labelledby="review-report-title"
      data-testid="review-import-report"
    >
      <h3 id="review-report-title">{t('review.import.report', { rows: report.rows })}</h3>
      <IssueList
        title={t('review.import.toApply')}
        items={[]}
        count={report.toApply}
        itemKey={() => 0}
        renderItem={() => null}
        tone="neutral"
        testId="review-report-apply"
      />
      <IssueList
        title={t('review.import.unchanged')}
        items={[]}
        count={report.unchanged}
        itemKey={() => 0}
        renderItem={() => null}
        testId="review-report-unchanged"
      />
      {report.repeated > 0 && (
        <IssueList
          title={t('review.import.repeated')}
          items={[]}
          count={report.repeated}
          itemKey={() => 0}
          renderItem={() => null}
          testId="review-report-repeated"
        />
      )}
      <IssueList
        title={t('review.import.notFound')}
        items={report.notFound}
        itemKey={issueKey}
        renderItem={plain}
        tone={report.notFound.length > 0 ? 'warning' : 'neutral'}
        testId="review-report-not-found"
      />
      <IssueList
        title={t('review.import.withoutDevice')}
        items={report.withoutDevice}
        itemKey={issueKey}
        renderItem={plain}
        tone={report.withoutDevice.length > 0 ? 'warning' : 'neutral'}
        testId="review-report-without-device"
      />
      <IssueList
        title={t('review.import.conflicts')}
        items={report.conflicts}
        itemKey={issueKey}
        renderItem={(issue) => versus(issue, 'review.import.storedVs')}
        tone={report.conflicts.length > 0 ? 'warning' : 'neutral'}
        testId="review-report-conflicts"
      />
      <IssueList
        title={t('review.import.contradictions')}
        items={report.contradictions}
        itemKey={issueKey}
        renderItem={(issue) => versus(issue, 'review.import.otherVs')}
        tone={report.contradictions.length > 0 ? 'danger' : 'neutral'}
        testId="review-report-contradictions"
      />
      {report.unknown.length > 0 && (
        // The unknown rows of the step before, less those of a contradiction: so the counts add up.
        <IssueList
          title={t('review.import.unknown')}
          items={report.unknown}
          itemKey={issueKey}
          renderItem={(issue) => (
            <RowAndId
              row={issue.row}
              id={issue.transactionId}
              extra={
                <span className="issue-value">
                  {issue.incoming === undefined || issue.incoming === ''
                    ? t('review.import.blankValue')
                    : t('review.import.value', { value: shownCell(issue.incoming) })}
                </span>
              }
            />
          )}
          tone="warning"
          testId="review-report-unknown"
        />
      )}
    </section>
  );
}
