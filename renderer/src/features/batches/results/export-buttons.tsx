import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ResultsExportProgressEvent } from '../../../../../shared/contract/events';
import type { ResultFilter, SavedExport } from '../../../../../shared/contract/results';
import { useNavigation } from '../../../app/navigation';
import { ErrorNotice } from '../../../components/error-notice';
import { useI18n } from '../../../i18n/i18n';
import { api, unwrap } from '../../../lib/device-check';
import { download } from '../../../lib/download';
import { percentDone } from '../../../../../shared/format-duration';
import { ExportCutNotice } from './export-cut-notice';
import type { Sort } from './query-state';

type Export = 'csv' | 'xlsx' | 'failed';

interface ExportButtonsProps {
  batchId: string;
  filter: ResultFilter;
  /** The table's sort: the file lists the rows in the order the screen shows them. */
  sort: Sort;
  failedRows: number;
  /**
   * A filter field cannot be used, so `filter` is not what the analyst asked for: the results
   * exports and the report wait until it is corrected (the filters say why). The failed rows do
   * not follow the filter and stay available.
   */
  held: boolean;
}

/** A name for one export, for its progress and its Cancel (any page can draw random bytes). */
function newExportId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * How far the results export named `exportId` is, from the core's progress events (a few a
 * second at most); null before the first, and when no export is under way.
 */
function useExportProgress(exportId: string | null): ResultsExportProgressEvent | null {
  const [shown, setShown] = useState<ResultsExportProgressEvent | null>(null);
  useEffect(() => {
    if (exportId === null) return undefined;
    const stop = api.onResultsExportProgress((event) => {
      if (event.exportId === exportId) setShown(event);
    });
    return () => {
      stop();
      setShown(null);
    };
  }, [exportId]);
  return exportId === null ? null : shown;
}

/**
 * The filtered results as CSV or XLSX, in the table's order, and the failed rows as a new file to
 * import again. A results export tells how many rows it has written and can be cancelled: a
 * million rows of xlsx take tens of seconds.
 */
export function ExportButtons({ batchId, filter, sort, failedRows, held }: ExportButtonsProps) {
  const { t, number } = useI18n();
  const { go } = useNavigation();
  const [exportId, setExportId] = useState<string | null>(null);
  const progress = useExportProgress(exportId);
  const exporting = useMutation({
    mutationFn: (kind: Export): Promise<SavedExport> => {
      if (kind === 'failed') return unwrap(api.results.exportFailed({ batchId, format: 'csv' }));
      const id = newExportId();
      setExportId(id);
      return unwrap(
        api.results.export({
          batchId,
          filter,
          sort: sort.column,
          direction: sort.direction,
          format: kind,
          exportId: id,
        }),
      );
    },
    onSuccess: (saved) => {
      if (saved.outcome === 'download') download(saved.url, saved.fileName);
    },
    onSettled: () => setExportId(null),
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
  const status = exporting.isPending
    ? progress && progress.total > 0
      ? t('batches.export.writing', {
          done: number(progress.done),
          total: progress.total,
          percent: percentDone(progress.done, progress.total),
        })
      : t('batches.export.working')
    : saved?.outcome === 'download'
      ? t('batches.export.done', { name: saved.fileName, count: saved.rows })
      : saved?.outcome === 'saved'
        ? t('batches.export.savedTo', { path: saved.path, count: saved.rows })
        : saved?.outcome === 'cancelled' && exporting.variables !== 'failed'
          ? t('batches.export.cancelled')
          : '';
  return (
    <div className="export-buttons" role="group" aria-label={t('batches.export.title')}>
      <div className="row">
        {button('csv', 'batches.export.csv', held)}
        {button('xlsx', 'batches.export.xlsx', held)}
        {button('failed', 'batches.export.failed', failedRows === 0)}
        {exportId !== null ? (
          <button
            type="button"
            className="button"
            onClick={() => void api.results.cancelExport({ exportId })}
            data-testid="export-cancel"
          >
            {t('batches.export.cancel')}
          </button>
        ) : null}
        <button
          type="button"
          className="button"
          disabled={held}
          onClick={() => go({ section: 'report', batchId, filter })}
          data-testid="report-from-results"
        >
          {t('report.fromResults')}
        </button>
      </div>
      <p className="hint" role="status" data-testid="export-status">
        {status}
      </p>
      {exporting.isPending ? null : <ExportCutNotice saved={saved} />}
      {exporting.error ? <ErrorNotice error={exporting.error} /> : null}
    </div>
  );
}
