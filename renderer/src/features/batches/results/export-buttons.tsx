import { useMutation } from '@tanstack/react-query';
import type { ResultFilter, SavedExport } from '../../../../../shared/contract/results';
import { useNavigation } from '../../../app/navigation';
import { ErrorNotice } from '../../../components/error-notice';
import { useI18n } from '../../../i18n/i18n';
import { api, unwrap } from '../../../lib/device-check';
import { download } from '../../../lib/download';
import type { Sort } from './query-state';

type Export = 'csv' | 'xlsx' | 'failed';

interface ExportButtonsProps {
  batchId: string;
  filter: ResultFilter;
  /** The table's sort: the file lists the rows in the order the screen shows them. */
  sort: Sort;
  failedRows: number;
}

/**
 * The filtered results as CSV or XLSX, in the table's order, and the failed rows as a new file to
 * import again.
 */
export function ExportButtons({ batchId, filter, sort, failedRows }: ExportButtonsProps) {
  const { t } = useI18n();
  const { go } = useNavigation();
  const exporting = useMutation({
    mutationFn: (kind: Export): Promise<SavedExport> =>
      unwrap(
        kind === 'failed'
          ? api.results.exportFailed({ batchId, format: 'csv' })
          : api.results.export({
              batchId,
              filter,
              sort: sort.column,
              direction: sort.direction,
              format: kind,
            }),
      ),
    onSuccess: (saved) => {
      if (saved.outcome === 'download') download(saved.url, saved.fileName);
    },
  });
  const saved = exporting.data;
  const button = (kind: Export, label: Parameters<typeof t>[0], disabled = false) => (
    <button
      type="button"
      className="button"
      disabled={exporting.isPending || disabled}
      onClick={() => exporting.mutate(kind)}
      data-testid={`export-${kind}`}
    >
      {t(label)}
    </button>
  );
  return (
    <div className="export-buttons" role="group" aria-label={t('batches.export.title')}>
      <div className="row">
        {button('csv', 'batches.export.csv')}
        {button('xlsx', 'batches.export.xlsx')}
        {button('failed', 'batches.export.failed', failedRows === 0)}
        <button
          type="button"
          className="button"
          onClick={() => go({ section: 'report', batchId, filter })}
          data-testid="report-from-results"
        >
          {t('report.fromResults')}
        </button>
      </div>
      <p className="hint" role="status" data-testid="export-status">
        {exporting.isPending
          ? t('batches.export.working')
          : saved?.outcome === 'download'
            ? t('batches.export.done', { name: saved.fileName, count: saved.rows })
            : saved?.outcome === 'saved'
              ? t('batches.export.savedTo', { path: saved.path, count: saved.rows })
              : ''}
      </p>
      {exporting.error ? <ErrorNotice error={exporting.error} /> : null}
    </div>
  );
}
