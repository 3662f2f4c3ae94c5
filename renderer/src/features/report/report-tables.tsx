import type { ReportView } from '../../../../shared/contract/report';
import type { GroupRate } from '../../../../shared/report/breakdowns';
import type { ReportWord } from '../../../../shared/report/report-text';
import type { ThresholdRow } from '../../../../shared/report/thresholds';
import { NumbersTable } from './numbers-table';
import { useReportText, type ReportTextOf } from './report-words';

const cutColumns = ['flagged', 'share', 'recall', 'precision', 'falsePositiveRate'] as const;

function cutCells(text: ReportTextOf, row: Omit<ThresholdRow, 'score'>): string[] {
  return [
    text.count(row.flagged),
    text.percent(row.share),
    text.percent(row.recall),
    text.percent(row.precision),
    text.percent(row.falsePositiveRate),
  ];
}

/** A group's name (marked when its rows are few), counts, rate, lift and Wilson interval. */
function rateCells(text: ReportTextOf, name: string, group: GroupRate, withLift: boolean) {
  return [
    <>
      {name}
      {group.small && group.rows > 0 ? (
        <span className="report-small"> ({text.t('small')})</span>
      ) : null}
    </>,
    text.count(group.rows),
    text.count(group.fraud),
    text.percent(group.fraudRate),
    ...(withLift ? [group.lift === null ? text.t('none') : text.decimal(group.lift)] : []),
    group.interval
      ? `${text.percent(group.interval[0])} – ${text.percent(group.interval[1])}`
      : text.t('none'),
  ];
}

/** Every table of the report, as the exported page has them. */
export function ReportTables({ report }: { report: ReportView }) {
  const text = useReportText();
  const rateHead = (first: ReportWord, withLift = false) => [
    text.t(first),
    text.t('rows'),
    text.t('fraud'),
    text.t('fraudRate'),
    ...(withLift ? [text.t('lift')] : []),
    text.t('interval'),
  ];
  const withoutRisk = text.withoutRisk(report);
  // The core sends the codes on most rows only (thousands froze the window): the rest are counted.
  const codesNotShown = text.codesNotShown(report, 'screen');
  const cutHead = (first: ReportWord) => [text.t(first), ...cutColumns.map((w) => text.t(w))];
  return (
    <div className="report-tables">
      <NumbersTable
        testId="report-thresholds"
        caption={text.t('thresholds')}
        head={cutHead('score')}
        rows={report.thresholds.map((row) => [text.cutoff(row.score), ...cutCells(text, row)])}
      />
      <NumbersTable
        testId="report-risk-thresholds"
        caption={text.t('riskThresholds')}
        head={cutHead('risk')}
        rows={report.riskThresholds.map((row) => [text.t(row.risk), ...cutCells(text, row)])}
      />
      {withoutRisk === null ? null : (
        <p className="hint" data-testid="report-without-risk">
          {withoutRisk}
        </p>
      )}
      <NumbersTable
        testId="report-risk-levels"
        caption={text.t('riskLevels')}
        head={rateHead('riskLevel')}
        rows={report.riskLevels.map((level) =>
          rateCells(text, text.riskName(level.risk), level, false),
        )}
      />
      <NumbersTable
        testId="report-insight-codes"
        caption={text.t('insightCodes')}
        head={rateHead('code', true)}
        rows={report.insightCodes.map((code) => rateCells(text, code.code, code, true))}
      />
      {codesNotShown === null ? null : (
        <p className="hint" data-testid="report-codes-not-shown">
          {codesNotShown}
        </p>
      )}
      <NumbersTable
        testId="report-alerts"
        caption={text.t('alerts')}
        head={rateHead('alertQuantity')}
        rows={report.alertQuantities.map((bucket) =>
          rateCells(
            text,
            bucket.bucket === 'unknown' ? text.t('unknown') : bucket.bucket,
            bucket,
            false,
          ),
        )}
      />
      <NumbersTable
        testId="report-ages"
        caption={text.t('ages')}
        head={rateHead('age')}
        rows={report.deviceAges.map((bucket) =>
          rateCells(text, text.t(bucket.bucket as ReportWord), bucket, false),
        )}
      />
    </div>
  );
}
