import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportFormat, ReportQuery } from '../../../../shared/contract/report';
import type { ExportedFile } from '../../../../shared/contract/results';
import { ErrorNotice } from '../../components/error-notice';
import { useI18n } from '../../i18n/i18n';
import { ApiError, api, unwrap } from '../../lib/device-check';
import { saveFile } from '../../lib/download';
import { queryScopes } from '../../lib/query-keys';
import { reportLocaleOf } from './report-words';

/**
 * Saves the report as a self-contained HTML page or as PDF (printed by the app's Chromium), and,
 * when its code table leaves codes out, every insight code as CSV. Where
 * no PDF printer exists (the browser of the web host) the core says so, and Print… prints this
 * screen instead: the browser's print dialog offers "Save as PDF".
 *
 * A save names the figures on screen (`figuresId`, none while the report is not shown): when
 * outcomes changed them meanwhile the core saves nothing, and the screen reads the new ones.
 */
export function ReportExport({
  query,
  figuresId,
  codesLeftOut,
}: {
  query: ReportQuery;
  figuresId?: string;
  /** The code table leaves codes out: every code is offered as CSV. */
  codesLeftOut: boolean;
}) {
  const { t, locale } = useI18n();
  const client = useQueryClient();
  const exporting = useMutation({
    mutationFn: (format: ReportFormat): Promise<ExportedFile> =>
      unwrap(
        api.report.export({
          ...query,
          format,
          locale: reportLocaleOf(locale),
          figuresId: figuresId ?? '',
        }),
      ),
    onSuccess: saveFile,
    onError: (error) => {
      if (error instanceof ApiError && error.error.code === 'stale')
        void client.invalidateQueries({ queryKey: queryScopes.report });
    },
  });
  const failure = exporting.error instanceof ApiError ? exporting.error.error.code : null;
  const noPrinter = failure === 'config';
  const changed = failure === 'stale';
  const button = (
    format: ReportFormat,
    label: 'report.export.html' | 'report.export.pdf' | 'report.export.codes',
  ) => (
    <button
      type="button"
      className="button"
      disabled={exporting.isPending || figuresId === undefined}
      onClick={() => exporting.mutate(format)}
      data-testid={`report-export-${format}`}
    >
      {t(label)}
    </button>
  );
  return (
    <div className="report-export" role="group" aria-label={t('report.export.title')}>
      <div className="row">
        {button('html', 'report.export.html')}
        {button('pdf', 'report.export.pdf')}
        {codesLeftOut ? button('csv', 'report.export.codes') : null}
        <button
          type="button"
          className="button"
          onClick={() => window.print()}
          data-testid="report-print"
        >
          {t('report.export.print')}
        </button>
      </div>
      <p className="hint" role="status" data-testid="report-export-status">
        {exporting.isPending
          ? t('report.export.working')
          : exporting.data
            ? t('report.export.done', { name: exporting.data.fileName })
            : noPrinter
              ? t('report.export.noPdf')
              : changed
                ? t('report.export.changed')
                : ''}
      </p>
      {exporting.error && !noPrinter && !changed ? <ErrorNotice error={exporting.error} /> : null}
    </div>
  );
}
