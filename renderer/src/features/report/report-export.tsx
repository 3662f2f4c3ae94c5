import { useMutation } from '@tanstack/react-query';
import type { ReportFormat, ReportQuery } from '../../../../shared/contract/report';
import type { ExportedFile } from '../../../../shared/contract/results';
import { ErrorNotice } from '../../components/error-notice';
import { useI18n } from '../../i18n/i18n';
import { ApiError, api, unwrap } from '../../lib/device-check';
import { saveFile } from '../../lib/download';
import { reportLocaleOf } from './report-words';

/**
 * Saves the report as a self-contained HTML page or as PDF (printed by the app's Chromium). Where
 * no PDF printer exists (the browser of the web host) the core says so, and Print… prints this
 * screen instead: the browser's print dialog offers "Save as PDF".
 */
export function ReportExport({ query }: { query: ReportQuery }) {
  const { t, locale } = useI18n();
  const exporting = useMutation({
    mutationFn: (format: ReportFormat): Promise<ExportedFile> =>
      unwrap(api.report.export({ ...query, format, locale: reportLocaleOf(locale) })),
    onSuccess: saveFile,
  });
  const noPrinter = exporting.error instanceof ApiError && exporting.error.error.code === 'config';
  const button = (format: ReportFormat, label: 'report.export.html' | 'report.export.pdf') => (
    <button
      type="button"
      className="button"
      disabled={exporting.isPending}
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
              : ''}
      </p>
      {exporting.error && !noPrinter ? <ErrorNotice error={exporting.error} /> : null}
    </div>
  );
}
