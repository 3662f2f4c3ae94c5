import { isIsoShown } from '../../../../../shared/domain/field-problem';
import { valueRowOf } from '../../../../../shared/spreadsheet/merged-cells';
import { useI18n } from '../../../i18n/i18n';
import type { OutcomeRows } from '../../../workers/outcomes-protocol';
import { IssueList, RowAndId } from './issue-list';

/** What the sheet gave under the mapping: rows to check, and rows that are never applied. */
export function MappedRows({ rows }: { rows: OutcomeRows }) {
  const { t } = useI18n();
  return (
    <section className="review-report" aria-labelledby="review-mapped-title">
      <h3 id="review-mapped-title">{t('review.import.read')}</h3>
      <IssueList
        title={t('review.import.readable')}
        items={[]}
        count={rows.rows.length}
        itemKey={() => 0}
        renderItem={() => null}
        testId="review-import-readable"
      />
      <IssueList
        title={t('review.import.unknown')}
        items={rows.unknown}
        itemKey={(item) => item.row}
        renderItem={(item) => (
          <RowAndId
            row={item.row}
            id={item.transactionId}
            extra={
              <span className="issue-value">
                {item.outcomeText === ''
                  ? t('review.import.blankValue')
                  : t('review.import.value', { value: item.outcomeText })}
              </span>
            }
          />
        )}
        tone={rows.unknown.length > 0 ? 'warning' : 'neutral'}
        testId="review-import-unknown"
      />
      <IssueList
        title={t('review.import.blankIds')}
        items={rows.blankIds}
        itemKey={(row) => row}
        renderItem={(row) => <span>{t('review.import.row', { row })}</span>}
        tone={rows.blankIds.length > 0 ? 'warning' : 'neutral'}
        testId="review-import-blank"
      />
      {rows.longIds.length > 0 ? (
        <IssueList
          title={t('review.import.longIds')}
          items={rows.longIds}
          itemKey={(item) => item.row}
          renderItem={(item) => <RowAndId row={item.row} id={item.transactionId} />}
          tone="warning"
          testId="review-import-long"
        />
      ) : null}
      {rows.lostDigits.length > 0 ? (
        <IssueList
          title={t('review.import.lostDigits')}
          items={rows.lostDigits}
          itemKey={(item) => item.row}
          renderItem={(item) => <RowAndId row={item.row} id={item.transactionId} />}
          tone="warning"
          testId="review-import-lost-digits"
        />
      ) : null}
      {rows.lostDigits.length > 0 ? (
        <p className="notice" role="status">
          {t('review.import.lostDigitsHint')}
        </p>
      ) : null}
      {rows.dateCells.length > 0 ? (
        <IssueList
          title={t('review.import.dateCells')}
          items={rows.dateCells}
          itemKey={(item) => item.row}
          renderItem={(item) => (
            <span>
              {/* A built-in format's date is kept as ISO: what Excel shows is not known. */}
              {isIsoShown(item.shown)
                ? t('review.import.dateCellIso', {
                    row: item.row,
                    column: item.column,
                    date: item.transactionId,
                  })
                : t('review.import.dateCell', {
                    row: item.row,
                    column: item.column,
                    shown: item.shown,
                    value: item.transactionId,
                  })}
            </span>
          )}
          tone="warning"
          testId="review-import-date-cells"
        />
      ) : null}
      {rows.dateCells.length > 0 ? (
        <p className="notice" role="status">
          {t('review.import.dateCellsHint')}
        </p>
      ) : null}
      {rows.hidden > 0 ? (
        <p className="notice" role="status" data-testid="review-import-hidden">
          {t('review.import.hidden', { count: rows.hidden })}
        </p>
      ) : null}
      {rows.errorCells.length > 0 ? (
        <IssueList
          title={t('review.import.errorCells')}
          items={rows.errorCells}
          itemKey={(item) => item.row}
          renderItem={(item) => (
            <span>
              {t('review.import.errorCell', {
                row: item.row,
                column: item.column,
                error: item.error,
              })}
            </span>
          )}
          tone="warning"
          testId="review-import-error-cells"
        />
      ) : null}
      {rows.formulaCells.length > 0 ? (
        <IssueList
          title={t('review.import.formulaCells')}
          items={rows.formulaCells}
          itemKey={(item) => item.row}
          renderItem={(item) => (
            <span>{t('review.import.formulaCell', { row: item.row, column: item.column })}</span>
          )}
          tone="warning"
          testId="review-import-formula-cells"
        />
      ) : null}
      {rows.mergedCells.length > 0 ? (
        <IssueList
          title={t('review.import.mergedCells')}
          items={rows.mergedCells}
          itemKey={(item) => item.row}
          renderItem={(item) => (
            <span>
              {t('review.import.mergedCell', {
                row: item.row,
                column: item.column,
                cell: item.cell,
                range: item.range,
                valueRow: valueRowOf(item.range),
              })}
            </span>
          )}
          tone="warning"
          testId="review-import-merged-cells"
        />
      ) : null}
      {rows.unknown.length +
        rows.blankIds.length +
        rows.longIds.length +
        rows.lostDigits.length +
        rows.dateCells.length +
        rows.errorCells.length +
        rows.formulaCells.length +
        rows.mergedCells.length >
      0 ? (
        <p className="hint">{t('review.import.notApplied')}</p>
      ) : null}
    </section>
  );
}
