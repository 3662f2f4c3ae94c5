import { useMemo, useState } from 'react';
import type { ReportQuery } from '../../../../shared/contract/report';
import { defaultLabelOptions, type LabelOptions } from '../../../../shared/report/labels';
import { useNavigation } from '../../app/navigation';
import { useSettings } from '../../app/use-app';
import { ErrorNotice } from '../../components/error-notice';
import { useI18n } from '../../i18n/i18n';
import { useBatchList } from '../batches/use-batches';
import { ReportCharts } from './report-charts';
import { ReportControls, type ReportChoice } from './report-controls';
import { ReportExport } from './report-export';
import { ReportSummary } from './report-summary';
import { ReportTables } from './report-tables';
import { useElapsedSeconds, useReport } from './use-report';
import './report.css';

/** The score report of a batch, of the rows its results filter shows, or of an environment. */
export function ReportPage() {
  const { t } = useI18n();
  const { place } = useNavigation();
  const visible = place.section === 'report';
  const settings = useSettings();
  const batches = useBatchList();
  const active = settings.data?.activeEnvironment ?? 'sandbox';
  const [choice, setChoice] = useState<ReportChoice | null>(null);
  const [labels, setLabels] = useState<LabelOptions>(defaultLabelOptions);
  const [filterOn, setFilterOn] = useState(false);

  // Arriving from a batch's results (with or without its filter) shows that batch: adjusted
  // while rendering, when the place changes, rather than in an effect after a wasted render.
  const [seen, setSeen] = useState(place);
  if (seen !== place) {
    setSeen(place);
    if (place.section === 'report' && place.batchId !== undefined) {
      setChoice({ kind: 'batch', batchId: place.batchId });
      setFilterOn(place.filter !== undefined);
    }
  }
  const handed = place.section === 'report' ? place : null;

  const shown: ReportChoice = choice ?? { kind: 'environment', environment: active };
  const handedFilter =
    shown.kind === 'batch' && handed?.batchId === shown.batchId ? handed.filter : undefined;
  const scopeKey = shown.kind === 'environment' ? shown.environment : shown.batchId;
  const query = useMemo<ReportQuery>(
    () =>
      shown.kind === 'environment'
        ? { environment: shown.environment, ...labels }
        : {
            batchId: shown.batchId,
            ...(filterOn && handedFilter ? { filter: handedFilter } : {}),
            ...labels,
          },
    // `shown` is rebuilt each render; its kind and key say all it holds.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [shown.kind, scopeKey, labels, filterOn, handedFilter],
  );
  const report = useReport(query, visible);
  const seconds = useElapsedSeconds(report.isFetching);

  return (
    <section aria-labelledby="report-title" className="page report-page" data-testid="report-page">
      <div className="row spread">
        <h2 id="report-title">{t('report.title')}</h2>
        <ReportExport
          query={query}
          figuresId={report.data?.figuresId}
          codesLeftOut={(report.data?.insightCodesNotShown.codes ?? 0) > 0}
        />
      </div>
      <p className="hint">{t('report.intro')}</p>
      <ReportControls
        choice={shown}
        onChoice={(next) => {
          setChoice(next);
          setFilterOn(false);
        }}
        batches={(batches.data ?? []).filter((batch) => !batch.deleting)}
        labels={labels}
        onLabels={setLabels}
        filter={{ available: handedFilter !== undefined, on: filterOn, onChange: setFilterOn }}
      />
      <div className="row">
        <button
          type="button"
          className="button"
          onClick={() => void report.refetch()}
          disabled={report.isFetching}
          data-testid="report-refresh"
        >
          {t('report.refresh')}
        </button>
        <p className="hint" role="status" data-testid="report-progress">
          {report.isFetching ? t('report.loading', { seconds }) : ''}
        </p>
      </div>
      {report.error ? (
        <ErrorNotice error={report.error} onRetry={() => void report.refetch()} />
      ) : null}
      {report.data ? (
        <div className="report-body" aria-busy={report.isFetching} data-testid="report-body">
          <ReportSummary report={report.data} />
          <ReportCharts report={report.data} />
          <ReportTables report={report.data} />
        </div>
      ) : null}
    </section>
  );
}
