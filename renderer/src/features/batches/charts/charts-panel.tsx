import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ResultFilter } from '../../../../../shared/contract/results';
import { ErrorNotice } from '../../../components/error-notice';
import { useI18n } from '../../../i18n/i18n';
import { api, unwrap } from '../../../lib/device-check';
import { ChartFigure } from '../../../components/charts/chart-figure';
import { insightData, riskData, scoreData } from './chart-data';
import { queryKeys } from '../../../lib/query-keys';

interface ChartsPanelProps {
  batchId: string;
  filter: ResultFilter;
  running: boolean;
}

/**
 * Risk distribution, score histogram and top insight codes of the filtered rows, as inline SVG.
 */
export function ChartsPanel({ batchId, filter, running }: ChartsPanelProps) {
  const { t, locale } = useI18n();
  const aggregates = useQuery({
    queryKey: queryKeys['results.aggregates'](batchId, filter),
    queryFn: () => unwrap(api.results.aggregates({ batchId, filter })),
    placeholderData: keepPreviousData,
    // While a run goes, each progress event reads them again (chart-refresh, from
    // useBatchEvents), with the counts: a timer of their own left them seconds behind.
    staleTime: running ? 0 : 60_000,
  });
  if (aggregates.error)
    return <ErrorNotice error={aggregates.error} onRetry={() => void aggregates.refetch()} />;
  const data = aggregates.data;
  if (!data) return <p className="hint">{t('common.loading')}</p>;

  return (
    <div className="charts" aria-busy={aggregates.isFetching}>
      <ChartFigure
        title={t('batches.chart.risk')}
        labelHeader={t('batches.col.risk')}
        data={riskData(data, (name) => t(`batches.risk.${name}`))}
        shape="columns"
        testId="chart-risk"
      />
      <ChartFigure
        title={t('batches.chart.score')}
        labelHeader={t('batches.chart.bin')}
        data={scoreData(data, locale)}
        shape="columns"
        testId="chart-score"
      />
      <ChartFigure
        title={t('batches.chart.insights')}
        labelHeader={t('batches.chart.code')}
        data={insightData(data)}
        shape="rows"
        testId="chart-insights"
      />
    </div>
  );
}
