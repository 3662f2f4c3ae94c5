import type { ReactNode } from 'react';
import type { ReportView } from '../../../../shared/contract/report';
import { NumbersTable } from './numbers-table';
import { useReportText } from './report-words';
import { CurveSvg, PairedBarsSvg } from './report-svg';

interface ChartBoxProps {
  title: string;
  chart: ReactNode;
  numbers: ReactNode;
  testId: string;
}

/** A chart as a figure: caption, the picture, and its numbers one click away. */
function ChartBox({ title, chart, numbers, testId }: ChartBoxProps) {
  const text = useReportText();
  return (
    <figure className="report-figure" data-testid={testId}>
      <figcaption className="chart-title">{title}</figcaption>
      {chart}
      <details className="report-numbers">
        <summary>{text.t('numbers')}</summary>
        {numbers}
      </details>
    </figure>
  );
}

/** ROC and precision–recall curves, and the score histogram by label. */
export function ReportCharts({ report }: { report: ReportView }) {
  const text = useReportText();
  const percentAxis = (label: Parameters<typeof text.t>[0]) => ({
    label: text.t(label),
    tick: (value: number) => text.percent(value),
  });
  const labelled = report.labels.positive + report.labels.negative;
  // The curves need both classes; the reason is the exported page's own sentence.
  const noCurve = text.noCurve(report.labels);
  const missing = (why: string) => (
    <p className="hint" data-testid="report-no-chart">
      {why}
    </p>
  );
  // The points' cut-offs are the answers' scores, printed as precisely as they differ.
  const rocCutoffs = text.curveCutoffs(report.roc.map((p) => p.threshold));
  const prCutoffs = text.curveCutoffs(report.precisionRecall.map((p) => p.threshold));
  const bins = report.histogram.map((bin) => ({
    label: `${text.cutoff(bin.from)}–${text.cutoff(bin.to)}`,
    a: bin.positive,
    b: bin.negative,
  }));
  return (
    <div className="report-charts">
      <ChartBox
        title={text.t('roc')}
        testId="report-roc"
        chart={
          noCurve ? (
            missing(noCurve)
          ) : (
            <CurveSvg
              testId="report-roc-chart"
              summary={text.rocSummary(report.auc, report.labels)}
              points={report.roc.map((p) => [p.falsePositiveRate, p.truePositiveRate] as const)}
              axes={{ x: percentAxis('falsePositiveRate'), y: percentAxis('truePositiveRate') }}
              diagonal
            />
          )
        }
        numbers={
          <NumbersTable
            testId="report-roc-numbers"
            caption={text.t('roc')}
            head={[text.t('score'), text.t('falsePositiveRate'), text.t('truePositiveRate')]}
            rows={report.roc.map((p, i) => [
              rocCutoffs[i] ?? '',
              text.percent(p.falsePositiveRate),
              text.percent(p.truePositiveRate),
            ])}
          />
        }
      />
      <ChartBox
        title={text.t('precisionRecall')}
        testId="report-pr"
        chart={
          noCurve ? (
            missing(noCurve)
          ) : (
            <CurveSvg
              testId="report-pr-chart"
              summary={text.prSummary(report.averagePrecision)}
              points={report.precisionRecall.map((p) => [p.recall, p.precision] as const)}
              axes={{ x: percentAxis('recall'), y: percentAxis('precision') }}
              diagonal={false}
            />
          )
        }
        numbers={
          <NumbersTable
            testId="report-pr-numbers"
            caption={text.t('precisionRecall')}
            head={[text.t('score'), text.t('recall'), text.t('precision')]}
            rows={report.precisionRecall.map((p, i) => [
              prCutoffs[i] ?? '',
              text.percent(p.recall),
              text.percent(p.precision),
            ])}
          />
        }
      />
      <ChartBox
        title={text.t('histogram')}
        testId="report-histogram"
        chart={
          labelled === 0 ? (
            missing(text.t('noLabelled'))
          ) : (
            <>
              <p className="report-legend" aria-hidden="true">
                <span className="a">{text.t('positive')}</span>
                <span className="b">{text.t('negative')}</span>
              </p>
              <PairedBarsSvg
                testId="report-histogram-chart"
                summary={text.histogramSummary(report.labels, bins.length)}
                groups={bins}
                axes={{
                  x: { label: 'Score', tick: (v) => text.cutoff(v) },
                  y: { label: text.t('count'), tick: (v) => text.count(Math.round(v)) },
                }}
              />
            </>
          )
        }
        numbers={
          <NumbersTable
            testId="report-histogram-numbers"
            caption={text.t('histogram')}
            head={['Score', text.t('positive'), text.t('negative')]}
            rows={bins.map((bin) => [bin.label, text.count(bin.a), text.count(bin.b)])}
          />
        }
      />
    </div>
  );
}
