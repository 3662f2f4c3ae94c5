import type { ReportView } from '../../../../shared/contract/report';
import { exclusionReasons } from '../../../../shared/report/report-text';
import { useReportText } from './report-words';

/** The headline figures, the AUC with its interval (or why there is none), and what was left out. */
export function ReportSummary({ report }: { report: ReportView }) {
  const text = useReportText();
  const figures = [
    ['positive', text.t('positive'), text.count(report.labels.positive)],
    ['negative', text.t('negative'), text.count(report.labels.negative)],
    ['excluded', text.t('excluded'), text.count(report.labels.excluded)],
    ['auc', text.t('auc'), text.decimal(report.auc)],
    ['ap', text.t('averagePrecision'), text.decimal(report.averagePrecision)],
  ] as const;
  return (
    <div className="report-summary">
      <dl className="report-figures">
        {figures.map(([key, name, value]) => (
          <div key={key} className="report-figure-box">
            <dt>{name}</dt>
            <dd data-testid={`report-figure-${key}`}>{value}</dd>
          </div>
        ))}
      </dl>
      {report.auc === null ? (
        <p className="notice" role="status" data-testid="report-auc-missing">
          {text.t('aucMissing')}
        </p>
      ) : (
        <p data-testid="report-auc">
          {text.t('auc')}: <strong>{text.decimal(report.auc)}</strong>
          {`; ${text.aucInterval(report)}`}
        </p>
      )}
      <ul data-testid="report-excluded">
        {exclusionReasons
          .filter((reason) => report.excludedBy[reason] > 0)
          .map((reason) => (
            <li key={reason}>{text.excluded(reason, report.excludedBy[reason])}</li>
          ))}
      </ul>
      {report.reviewedEarlier > 0 && (
        <p className="notice" role="status" data-testid="report-reviewed-earlier">
          {text.reviewedEarlier(report.reviewedEarlier)}
        </p>
      )}
    </div>
  );
}
